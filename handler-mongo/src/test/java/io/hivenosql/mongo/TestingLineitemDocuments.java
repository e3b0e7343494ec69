package io.hivenosql.mongo;

import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.model.InsertManyOptions;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.Distributions;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.TextPool;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchTable;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.bson.BsonBinaryReader;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.types.Decimal128;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The documents of the MongoDB benchmarks: TPC-H {@code lineitem} rows from {@code io.trino.tpch} (dbgen's algorithm,
 * scale factor 1, its first rows in order; the comments drawn from a 10 MB text pool instead of dbgen's 300 MB, which
 * takes seconds to build), one document per row with a field per column (411 bytes of BSON a document). The
 * fields have the BSON types the handler's writer gives the Hive types ({@link TpchFiles#hiveType}): bigint int64, int
 * int32, decimal(12,2) decimal128, string string, date a date-time at UTC midnight; {@code _id} is an ObjectId the
 * driver assigns.
 *
 * <p>Rows are neutral values in column order, as the handler's {@code RecordSink} takes them and its
 * {@code RecordSource} gives them. Checksums ({@link #term}, {@link #neutralTerm}, {@link #finish}) are sums over rows, so they do not depend
 * on the order in which documents are read.
 */
final class TestingLineitemDocuments {
    static final String COLLECTION = "lineitem";
    /** The Hive column mapped to {@code _id} in the read table. */
    static final String ID_COLUMN = "id";

    static final List<String> COLUMNS;
    static final List<String> HIVE_TYPES;
    /** Documents per cursor batch ({@code mongo.read.batch-size}'s default), used by the raw scan too. */
    static final int READ_BATCH_SIZE =
            Integer.parseInt(MongoTableProperties.READ_BATCH_SIZE.spec().defaultValue());
    /** Documents per bulk write ({@code mongo.write.batch-size}'s default), used by the raw inserts too. */
    static final int WRITE_BATCH_SIZE =
            Integer.parseInt(MongoTableProperties.WRITE_BATCH_SIZE.spec().defaultValue());

    private static final long MILLIS_PER_DAY = 86_400_000L;
    private static final int TEXT_POOL_BYTES = 10 << 20;
    private static final Map<String, Integer> COLUMN_INDEX = new HashMap<>();
    private static final long[] MULTIPLIERS;
    private static TextPool textPool;

    static {
        List<String> columns = new ArrayList<>();
        List<String> types = new ArrayList<>();
        for (TpchColumn<LineItem> column : TpchTable.LINE_ITEM.getColumns()) {
            columns.add(column.getColumnName());
            types.add(TpchFiles.hiveType(column));
        }
        COLUMNS = List.copyOf(columns);
        HIVE_TYPES = List.copyOf(types);
        MULTIPLIERS = new long[COLUMNS.size()];
        for (int i = 0; i < COLUMNS.size(); i++) {
            COLUMN_INDEX.put(COLUMNS.get(i), i);
            MULTIPLIERS[i] = 2 * (0x9E3779B97F4A7C15L * (i + 1)) + 1;
        }
    }

    private TestingLineitemDocuments() {}

    /** The result of a scan: the rows read and the checksum of their values. */
    record Scan(long rows, long checksum) {}

    /** The first {@code count} lineitem rows as neutral values, in column order. */
    static Iterator<Object[]> rows(int count) {
        Iterator<LineItem> items =
                new LineItemGenerator(1, 1, 1, Distributions.getDefaultDistributions(), textPool()).iterator();
        return new Iterator<>() {
            private int produced;

            @Override
            public boolean hasNext() {
                return produced < count;
            }

            @Override
            public Object[] next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                produced++;
                return row(items.next());
            }
        };
    }

    static List<Object[]> rowList(int count) {
        List<Object[]> list = new ArrayList<>(count);
        rows(count).forEachRemaining(list::add);
        return list;
    }

    private static synchronized TextPool textPool() {
        if (textPool == null) {
            textPool = new TextPool(TEXT_POOL_BYTES, Distributions.getDefaultDistributions());
        }
        return textPool;
    }

    private static Object[] row(LineItem item) {
        return new Object[] {
            item.getOrderKey(),
            item.getPartKey(),
            item.getSupplierKey(),
            item.getLineNumber(),
            BigDecimal.valueOf(item.getQuantity() * 100, 2),
            BigDecimal.valueOf(item.getExtendedPriceInCents(), 2),
            BigDecimal.valueOf(item.getDiscountPercent(), 2),
            BigDecimal.valueOf(item.getTaxPercent(), 2),
            item.getReturnFlag(),
            item.getStatus(),
            LocalDate.ofEpochDay(item.getShipDate()),
            LocalDate.ofEpochDay(item.getCommitDate()),
            LocalDate.ofEpochDay(item.getReceiptDate()),
            item.getShipInstructions(),
            item.getShipMode(),
            item.getComment()
        };
    }

    /**
     * A row as an application builds its document: the Java values appended by name, BigDecimal as Decimal128, dates
     * as {@link LocalDate} (the driver's codec writes a date-time at UTC midnight).
     */
    static Document document(Object[] row) {
        Document document = new Document();
        for (int i = 0; i < COLUMNS.size(); i++) {
            Object value = row[i];
            document.append(COLUMNS.get(i), value instanceof BigDecimal decimal ? new Decimal128(decimal) : value);
        }
        return document;
    }

    /** Drops the collection and inserts {@code count} rows as documents, unordered batches of 1,000. */
    static void load(MongoCollection<Document> collection, int count) {
        collection.drop();
        InsertManyOptions unordered = new InsertManyOptions().ordered(false);
        List<Document> batch = new ArrayList<>(WRITE_BATCH_SIZE);
        Iterator<Object[]> rows = rows(count);
        while (rows.hasNext()) {
            batch.add(document(rows.next()));
            if (batch.size() == WRITE_BATCH_SIZE || !rows.hasNext()) {
                collection.insertMany(batch, unordered);
                batch = new ArrayList<>(WRITE_BATCH_SIZE);
            }
        }
    }

    /**
     * The Hive table {@code bench.lineitem} over {@code database.lineitem} of the server at {@code uri} (a base such as
     * {@link TestingMongoServer#uri()}), bound as the Hive adapters bind it; with {@code id}, a first column {@value
     * #ID_COLUMN} string mapped to {@code _id} (an ObjectId column, read as its hex text); {@code splitMode} sets
     * {@code mongo.split.mode} (null: its default).
     */
    static TableContext tableContext(String uri, String database, boolean id, String splitMode) {
        List<HiveColumn> columns = new ArrayList<>();
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put(MongoTableProperties.URI.key(), TestingMongoServer.databaseUri(uri, database, COLLECTION));
        if (id) {
            columns.add(HiveColumn.of(ID_COLUMN, "string"));
            properties.put(MongoTableProperties.COLUMNS_MAPPING.key(), "{\"" + ID_COLUMN + "\":\"_id\"}");
        }
        if (splitMode != null) {
            properties.put(MongoTableProperties.SPLIT_MODE.key(), splitMode);
        }
        for (int i = 0; i < COLUMNS.size(); i++) {
            columns.add(HiveColumn.of(COLUMNS.get(i), HIVE_TYPES.get(i)));
        }
        return TableContexts.create(new MongoConnector(), "bench." + COLLECTION, properties, columns, null);
    }

    /** A column's term of a row's checksum, for the raw scan's primitive values (dates as days since 1970-01-01). */
    static long term(int column, long value) {
        return value * MULTIPLIERS[column];
    }

    /**
     * A column's term of a row's checksum for a neutral value: Long and Integer their value, BigDecimal its hash
     * (unscaled value and scale), String its hash, LocalDate its epoch day.
     */
    static long neutralTerm(int column, Object value) {
        long number;
        if (value instanceof Long longValue) {
            number = longValue;
        } else if (value instanceof Integer intValue) {
            number = intValue;
        } else if (value instanceof BigDecimal || value instanceof String) {
            number = value.hashCode();
        } else if (value instanceof LocalDate date) {
            number = date.toEpochDay();
        } else {
            throw new IllegalStateException("column " + COLUMNS.get(column) + ": unexpected value " + value);
        }
        return term(column, number);
    }

    /** A row's contribution to a checksum from the sum of its terms (a 64-bit mix, so that rows do not cancel). */
    static long finish(long row) {
        long mixed = row;
        mixed ^= mixed >>> 33;
        mixed *= 0xFF51AFD7ED558CCDL;
        mixed ^= mixed >>> 33;
        mixed *= 0xC4CEB9FE1A85EC53L;
        return mixed ^ (mixed >>> 33);
    }

    /** The checksum of rows of neutral values. */
    static long checksum(Iterable<Object[]> rows) {
        long checksum = 0;
        for (Object[] row : rows) {
            long terms = 0;
            for (int i = 0; i < COLUMNS.size(); i++) {
                terms += neutralTerm(i, row[i]);
            }
            checksum += finish(terms);
        }
        return checksum;
    }

    /**
     * What a hand-written client does to read the collection: {@code find()} of whole documents as
     * {@link RawBsonDocument}s, {@code batchSize} documents per batch, and every field of every document decoded to its
     * Java value from the bytes by name, in one pass ({@code _id} to an ObjectId, int64 to long, int32 to int,
     * decimal128 to BigDecimal, string to String, date-time to the day since 1970-01-01).
     *
     * @param projection the find's projection; empty: none (whole documents)
     */
    static Scan rawScan(
            MongoCollection<RawBsonDocument> collection, BsonDocument projection, int batchSize, Blackhole blackhole) {
        long rows = 0;
        long checksum = 0;
        FindIterable<RawBsonDocument> find = collection.find().batchSize(batchSize);
        if (!projection.isEmpty()) {
            find.projection(projection);
        }
        try (MongoCursor<RawBsonDocument> cursor = find.iterator()) {
            while (cursor.hasNext()) {
                checksum += finish(rawTerms(cursor.next(), blackhole));
                rows++;
            }
        }
        return new Scan(rows, checksum);
    }

    /** The sum of the checksum terms of one document's fields, each decoded from the bytes ({@code _id} to the blackhole). */
    static long rawTerms(RawBsonDocument document, Blackhole blackhole) {
        long terms = 0;
        try (BsonBinaryReader reader =
                new BsonBinaryReader(document.getByteBuffer().asNIO())) {
            reader.readStartDocument();
            BsonType type;
            while ((type = reader.readBsonType()) != BsonType.END_OF_DOCUMENT) {
                String name = reader.readName();
                if (type == BsonType.OBJECT_ID && name.equals("_id")) {
                    blackhole.consume(reader.readObjectId());
                    continue;
                }
                Integer index = COLUMN_INDEX.get(name);
                if (index == null) {
                    throw new IllegalStateException("unexpected field " + name + " in " + document.toJson());
                }
                int column = index;
                terms += switch (type) {
                    case INT64 -> term(column, reader.readInt64());
                    case INT32 -> term(column, reader.readInt32());
                    case DECIMAL128 -> term(
                            column, reader.readDecimal128().bigDecimalValue().hashCode());
                    case STRING -> term(column, reader.readString().hashCode());
                    case DATE_TIME -> term(column, Math.floorDiv(reader.readDateTime(), MILLIS_PER_DAY));
                    default -> throw new IllegalStateException(
                            "unexpected BSON " + type + " in field " + name + " of " + document.toJson());
                };
            }
            reader.readEndDocument();
        }
        return terms;
    }

    /**
     * The resident memory of a server process (Linux {@code /proc}: {@code VmRSS} now, {@code VmHWM} its peak), or
     * "unknown".
     */
    static String residentMemory(long pid) {
        Path status = Path.of("/proc", Long.toString(pid), "status");
        try {
            List<String> lines = Files.readAllLines(status);
            String now = "?";
            String peak = "?";
            for (String line : lines) {
                if (line.startsWith("VmRSS:")) {
                    now = line.substring(6).trim();
                } else if (line.startsWith("VmHWM:")) {
                    peak = line.substring(6).trim();
                }
            }
            return "RSS " + now + " (peak " + peak + ")";
        } catch (java.io.IOException | RuntimeException e) {
            return "RSS unknown (" + e + ")";
        }
    }
}
