package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.apache.hive.jdbc.HiveStatement;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DocumentCodec;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * BSON dump file tables ({@code BsonSerDe} with the BSON file input and output formats) through HiveServer2: a
 * mongodump-style file of thousands of nested documents, cut into many splits at document boundaries, reads every
 * document exactly once on Tez and MapReduce; INSERT OVERWRITE from a MongoDB table writes files that read back the
 * same (also gzip-compressed) and that plain BSON readers read; bad values follow the bad-record policy; and the table
 * joins with an ORC table.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class BsonFileIT {
    private static final String DB = "it_bson";
    private static final int DOCUMENTS = 5_000;
    private static final int SOURCE_DOCUMENTS = 1_000;
    private static final String[] CITIES = {"Paris", "Oslo", "Lima", "Kyiv"};
    private static final Instant AT_ZERO = Instant.parse("2024-03-01T00:00:00Z");
    private static final String COLUMNS = "id string, n int, name string, price decimal(12,2), at timestamp, "
            + "city string, address struct<city:string,zip:int>, tags array<string>, scores map<string,double>";
    private static final String MAPPING = "{\"id\":\"_id\",\"city\":\"address.city\"}";
    /** The columns of the tables written to: a written document cannot hold both address and address.city. */
    private static final String WRITE_COLUMNS = "id string, n int, name string, price decimal(12,2), at timestamp, "
            + "address struct<city:string,zip:int>, tags array<string>, scores map<string,double>";

    private static final String WRITE_MAPPING = "{\"id\":\"_id\"}";
    private static final String FORMAT = "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' WITH SERDEPROPERTIES "
            + "('mongo.columns.mapping'='%s'%s) STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat' "
            + "OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat' LOCATION '%s'";

    private HiveInstance hive;
    private MongoClient client;
    private HiveStack.Resources stack;
    private Path dumpDir;

    private enum Engine {
        TEZ("SET hive.execution.engine=tez"),
        MR("SET hive.execution.engine=mr");

        private final String setting;

        Engine(String setting) {
            this.setting = setting;
        }
    }

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        client = stack.mongoClient();
        dumpDir = stack.scratch("bson-dump");
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < DOCUMENTS; i++) {
            documents.add(document(i));
        }
        writeDump(dumpDir.resolve("people.bson"), documents);
        // mongodump's metadata file beside the documents is not read as data
        Files.writeString(dumpDir.resolve("people.metadata.json"), "{\"options\":{},\"indexes\":[]}");

        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people (" + COLUMNS + ") "
                + FORMAT.formatted(MAPPING, "", dumpDir.toUri()));

        MongoDatabase database = client.getDatabase(DB);
        database.drop();
        List<Document> source = new ArrayList<>();
        for (int i = 0; i < SOURCE_DOCUMENTS; i++) {
            source.add(document(i));
        }
        database.getCollection("source").insertMany(source);
        TestingMongoServer mongo = stack.mongo();
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".source (" + COLUMNS + ") "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES ('mongo.columns.mapping'='"
                + MAPPING + "') TBLPROPERTIES ('mongo.uri'='" + mongo.databaseUri(DB, "source") + "')");
    }

    @AfterAll
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private static String hex(int i) {
        return "6600000000000000" + "%08x".formatted(i);
    }

    /** Document {@code i}: nested document, array, map-like document, decimal, date; some fields missing. */
    private static Document document(int i) {
        Document document = new Document("_id", new ObjectId(hex(i)));
        if (i % 100 != 0) {
            document.append("n", i);
        }
        document.append("name", "p" + i)
                .append("price", new Decimal128(BigDecimal.valueOf(i, 2)))
                .append("at", Date.from(AT_ZERO.plusSeconds(i)));
        if (i % 50 != 0) {
            document.append("address", new Document("city", CITIES[i % 4]).append("zip", 10_000 + i));
        }
        return document.append("tags", List.of("t" + i % 3, "t" + i % 5))
                .append("scores", new Document("a", i * 0.5).append("b", i));
    }

    /** The row {@code SELECT id, n, name, price, city, size(tags), scores['b']} gives for document {@code i}. */
    private static String expected(int i) {
        return hex(i) + "|" + (i % 100 == 0 ? "NULL" : i) + "|p" + i + "|" + BigDecimal.valueOf(i, 2) + "|"
                + (i % 50 == 0 ? "NULL" : CITIES[i % 4]) + "|2|" + (double) i;
    }

    private static void writeDump(Path file, List<Document> documents) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            for (Document document : documents) {
                RawBsonDocument raw = new RawBsonDocument(document, new DocumentCodec());
                ByteBuffer bytes = raw.getByteBuffer().asNIO();
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                out.write(copy);
            }
        }
    }

    /** The documents of a BSON dump file (plain or gzipped), as a plain BSON reader sees them. */
    private static List<BsonDocument> readDump(Path file) throws IOException {
        List<BsonDocument> documents = new ArrayList<>();
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw) {
            byte[] header = new byte[4];
            while (in.readNBytes(header, 0, 4) == 4) {
                int length =
                        ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN).getInt();
                byte[] document = new byte[length];
                System.arraycopy(header, 0, document, 0, 4);
                assertThat(in.readNBytes(document, 4, length - 4)).isEqualTo(length - 4);
                documents.add(new RawBsonDocument(document).decode(new BsonDocumentCodec()));
            }
        }
        return documents;
    }

    private static List<Path> dataFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
        }
    }

    /** Runs statements and a query on a session of its own; the query's rows sorted. */
    private List<String> run(Engine engine, List<String> settings, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(engine.setting);
            statement.execute("SET hive.fetch.task.conversion=none");
            for (String setting : settings) {
                statement.execute(setting);
            }
            List<String> rows = new ArrayList<>();
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                int columns = resultSet.getMetaData().getColumnCount();
                while (resultSet.next()) {
                    List<Object> row = new ArrayList<>();
                    for (int i = 1; i <= columns; i++) {
                        row.add(resultSet.getObject(i));
                    }
                    rows.add(Rows.row(row));
                }
            }
            return rows.stream().sorted().toList();
        }
    }

    private void execute(Engine engine, List<String> settings, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute(engine.setting);
            for (String setting : settings) {
                statement.execute(setting);
            }
            statement.execute(sql);
        }
    }

    @Test
    void manySplitsReadEveryDocumentExactlyOnce() throws Exception {
        List<String> expected = new ArrayList<>();
        long sum = 0;
        for (int i = 0; i < DOCUMENTS; i++) {
            expected.add(expected(i));
            sum += i % 100 == 0 ? 0 : i;
        }
        expected.sort(null);
        List<String> small = List.of("SET mapreduce.input.fileinputformat.split.maxsize=32768");
        assertThat(Files.size(dumpDir.resolve("people.bson")))
                .as("the file spans many 32 KB splits")
                .isGreaterThan(20 * 32_768L);
        for (Engine engine : Engine.values()) {
            assertThat(run(
                            engine,
                            small,
                            "SELECT count(*), count(DISTINCT id), sum(n), count(n), count(city) FROM " + DB
                                    + ".people"))
                    .as("%s", engine)
                    .containsExactly(DOCUMENTS + "|" + DOCUMENTS + "|" + sum + "|" + (DOCUMENTS - DOCUMENTS / 100) + "|"
                            + (DOCUMENTS - DOCUMENTS / 50));
            assertThat(run(
                            engine,
                            small,
                            "SELECT id, n, name, price, city, size(tags), scores['b'] FROM " + DB + ".people"))
                    .as("%s", engine)
                    .isEqualTo(expected);
        }
        // MapReduce plans the splits in HiveServer2: its log tells how many
        String log = queryLog(small, "SELECT count(*) FROM " + DB + ".people");
        assertThat(log).containsPattern("([2-9]\\d|\\d{3,}) split\\(s\\) of 1 BSON file\\(s\\)");
        // nested values read whole
        assertThat(run(Engine.TEZ, List.of(), "SELECT address, tags, scores FROM " + DB + ".people WHERE name = 'p7'"))
                .containsExactly("{\"city\":\"Kyiv\",\"zip\":10007}|[\"t1\",\"t2\"]|{\"a\":3.5,\"b\":7.0}");
    }

    @Test
    void insertOverwriteFromAMongoTableReadsBackTheSame() throws Exception {
        Path out = stack.scratch("bson-copy");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".copy (" + WRITE_COLUMNS + ") "
                + FORMAT.formatted(WRITE_MAPPING, "", out.toUri()));
        String all = "SELECT id, n, name, price, at, address, tags, scores FROM ";
        List<String> source = run(Engine.TEZ, List.of(), all + DB + ".source");
        assertThat(source).hasSize(SOURCE_DOCUMENTS);
        for (Engine engine : Engine.values()) {
            execute(engine, List.of(), "INSERT OVERWRITE TABLE " + DB + ".copy " + all + DB + ".source");
            assertThat(run(engine, List.of(), all + DB + ".copy"))
                    .as("%s", engine)
                    .isEqualTo(source);
        }
        // the files are plain BSON dumps: the same documents, with the mapped paths as nested documents
        List<BsonDocument> written = new ArrayList<>();
        for (Path file : dataFiles(out)) {
            written.addAll(readDump(file));
        }
        assertThat(written).hasSize(SOURCE_DOCUMENTS);
        BsonDocument seven = written.stream()
                .filter(d -> d.getObjectId("_id").getValue().toHexString().equals(hex(7)))
                .findFirst()
                .orElseThrow();
        assertThat(seven.getInt32("n").getValue()).isEqualTo(7);
        assertThat(seven.getDocument("address").getString("city").getValue()).isEqualTo("Kyiv");
        assertThat(seven.getDecimal128("price").getValue().bigDecimalValue()).isEqualByComparingTo("0.07");
    }

    @Test
    void gzipCompressedOutputReadsBack() throws Exception {
        Path out = stack.scratch("bson-gzip");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".copy_gz (" + WRITE_COLUMNS + ") "
                + FORMAT.formatted(WRITE_MAPPING, "", out.toUri()));
        String all = "SELECT id, n, name, price, at, address, tags, scores FROM ";
        List<String> gzip = List.of(
                "SET hive.exec.compress.output=true",
                "SET mapreduce.output.fileoutputformat.compress.codec=org.apache.hadoop.io.compress.GzipCodec");
        execute(Engine.TEZ, gzip, "INSERT OVERWRITE TABLE " + DB + ".copy_gz " + all + DB + ".source");
        List<Path> files = dataFiles(out);
        assertThat(files).isNotEmpty().allMatch(p -> p.toString().endsWith(".gz"));
        int documents = 0;
        for (Path file : files) {
            documents += readDump(file).size();
        }
        assertThat(documents).isEqualTo(SOURCE_DOCUMENTS);
        List<String> source = run(Engine.TEZ, List.of(), all + DB + ".source");
        for (Engine engine : Engine.values()) {
            assertThat(run(engine, List.of(), all + DB + ".copy_gz"))
                    .as("%s", engine)
                    .isEqualTo(source);
        }
    }

    @Test
    void badValuesInAFileFollowThePolicy() throws Exception {
        Path dir = stack.scratch("bson-bad");
        writeDump(
                dir.resolve("bad.bson"),
                List.of(
                        new Document("_id", 1).append("v", 10),
                        new Document("_id", 2).append("v", "ten"),
                        new Document("_id", 3).append("v", 3.5),
                        new Document("_id", 4).append("v", 40L)));
        Map<String, List<String>> expected = new TreeMap<>(Map.of(
                "null", List.of("1|10", "2|NULL", "3|NULL", "4|40"),
                "skip", List.of("1|10", "4|40")));
        for (String policy : List.of("fail", "null", "skip")) {
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".bad_" + policy + " (id int, v int) "
                    + FORMAT.formatted(
                            "{\"id\":\"_id\"}", ", 'nosql.bad-record.policy'='" + policy + "'", dir.toUri()));
        }
        assertThatThrownBy(() -> run(Engine.TEZ, List.of(), "SELECT * FROM " + DB + ".bad_fail"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("bad_fail")
                .hasStackTraceContaining("key '2 at byte offset 21 of file:")
                .hasStackTraceContaining("bad.bson")
                .hasStackTraceContaining("'v'")
                .hasStackTraceContaining("ten");
        // MapReduce reports only that the task failed; its log holds the same message
        assertThatThrownBy(() -> run(Engine.MR, List.of(), "SELECT * FROM " + DB + ".bad_fail"))
                .hasMessageContaining("MapRedTask");
        for (Engine engine : Engine.values()) {
            for (var entry : expected.entrySet()) {
                assertThat(run(engine, List.of(), "SELECT * FROM " + DB + ".bad_" + entry.getKey()))
                        .as("%s %s", engine, entry.getKey())
                        .isEqualTo(entry.getValue());
            }
        }
        // a fetch task (no job) applies the policy the same way
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".bad_skip")).containsExactlyInAnyOrder("1|10", "4|40");
        // columns a query does not read are not converted
        assertThat(run(Engine.TEZ, List.of(), "SELECT id FROM " + DB + ".bad_fail"))
                .containsExactly("1", "2", "3", "4");
    }

    @Test
    void joinsWithAnOrcTable() throws Exception {
        hive.execute("CREATE TABLE " + DB + ".countries (city string, country string) STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".countries VALUES ('Paris', 'FR'), ('Oslo', 'NO'), ('Lima', 'PE')");
        Map<String, Integer> counts = new TreeMap<>();
        String[] countries = {"FR", "NO", "PE"};
        for (int i = 0; i < DOCUMENTS; i++) {
            if (i % 50 != 0 && i % 4 < 3) {
                counts.merge(countries[i % 4], 1, Integer::sum);
            }
        }
        List<String> expected = counts.entrySet().stream()
                .map(e -> e.getKey() + "|" + e.getValue())
                .toList();
        String sql = "SELECT c.country, count(*) FROM " + DB + ".people p JOIN " + DB
                + ".countries c ON p.city = c.city GROUP BY c.country";
        for (Engine engine : Engine.values()) {
            assertThat(run(engine, List.of("SET mapreduce.input.fileinputformat.split.maxsize=65536"), sql))
                    .as("%s", engine)
                    .isEqualTo(expected);
        }
    }

    /** The operation log of a MapReduce query, with HiveServer2's verbose operation logging. */
    private String queryLog(List<String> settings, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET hive.execution.engine=mr");
            statement.execute("SET hive.server2.logging.operation.level=VERBOSE");
            for (String setting : settings) {
                statement.execute(setting);
            }
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                while (resultSet.next()) {
                    // drain
                }
            }
            return String.join("\n", ((HiveStatement) statement).getQueryLog());
        }
    }
}
