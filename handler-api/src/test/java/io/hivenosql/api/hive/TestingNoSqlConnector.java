package io.hivenosql.api.hive;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.BoundTable;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableStatistics;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TextValueCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A small in-memory connector: the fixture that drives the generic Hive adapters in tests. Records live in
 * {@link TestingStore} as field texts in {@link TextValueCodec}'s form, keyed by the KEY column (the first column
 * unless the mapping names one). It enforces exactly one filter: equality on the key.
 */
public final class TestingNoSqlConnector implements NoSqlConnector {
    /** How many times each dataset's tables were bound and asked for their filter capabilities, for tests. */
    static final Map<String, AtomicInteger> BINDS = new ConcurrentHashMap<>();

    static final Map<String, AtomicInteger> CAPABILITIES = new ConcurrentHashMap<>();

    /** How many readers and counts of each dataset's splits were opened and asked, for tests. */
    static final Map<String, AtomicInteger> READERS = new ConcurrentHashMap<>();

    static final Map<String, AtomicInteger> COUNTS = new ConcurrentHashMap<>();

    @Override
    public String storeName() {
        return "testing";
    }

    @Override
    public List<TestingTableProperties> tableProperties() {
        return List.of(TestingTableProperties.values());
    }

    @Override
    public String columnsMappingProperty() {
        return TestingTableProperties.COLUMNS_MAPPING.key();
    }

    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        count(BINDS, config);
        List<ColumnMapping> keys = mapping.withRole(ColumnRole.KEY);
        if (keys.size() > 1) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING, "table " + config.tableName() + " has more than one key");
        }
        ColumnMapping key = keys.isEmpty() ? mapping.column(0) : keys.get(0);
        if (key.type() != PrimitiveType.STRING) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + config.tableName() + ": key column '" + key.name() + "' must be a string");
        }
        List<ColumnMapping> columns = new ArrayList<>();
        for (ColumnMapping column : mapping.columns()) {
            columns.add(column.name().equals(key.name()) ? column.withRole(ColumnRole.KEY) : column);
        }
        return new BoundTable(config, new TableMapping(columns));
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        count(CAPABILITIES, table.config());
        String key = keyColumn(table.mapping()).name();
        return new FilterCapabilities() {
            @Override
            public boolean canPush(Filter filter) {
                return filter instanceof Filter.Compare compare
                        && compare.op() == CompareOp.EQ
                        && compare.column().equals(key);
            }

            @Override
            public boolean keyedReads(String column) {
                return column.equals(key);
            }
        };
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) {
        int splits = request.table().config().get(TestingTableProperties.SPLITS);
        List<SplitSpec> result = new ArrayList<>();
        for (int i = 0; i < splits; i++) {
            result.add(new SplitSpec(
                    (i + "/" + splits).getBytes(StandardCharsets.UTF_8),
                    List.of("host-" + i),
                    100L * (i + 1),
                    dataset(request.table()) + " part " + (i + 1) + " of " + splits));
        }
        return result;
    }

    /** The records of the split that the request's filter selects, when the table counts (testing.counts). */
    @Override
    public OptionalLong countRecords(ReadRequest request, SplitSpec split) {
        count(COUNTS, request.table().config());
        return request.table().config().<Boolean>get(TestingTableProperties.COUNTS)
                ? OptionalLong.of(records(request, split).size())
                : OptionalLong.empty();
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) {
        count(READERS, request.table().config());
        List<Map.Entry<String, Map<String, String>>> records = records(request, split);
        TableMapping mapping = request.table().mapping();
        Iterator<Map.Entry<String, Map<String, String>>> iterator = records.iterator();
        return new RecordSource() {
            private Map.Entry<String, Map<String, String>> current;

            @Override
            public boolean next() {
                current = iterator.hasNext() ? iterator.next() : null;
                return current != null;
            }

            @Override
            public String key() {
                return current.getKey();
            }

            @Override
            public Object get(int column) {
                ColumnMapping mapped = mapping.column(column);
                if (mapped.role() == ColumnRole.KEY) {
                    return current.getKey();
                }
                String text = current.getValue().get(mapped.path());
                return text == null ? null : TextValueCodec.decode(mapped.type(), text);
            }

            @Override
            public void close() {
                current = null;
            }
        };
    }

    private static List<Map.Entry<String, Map<String, String>>> records(ReadRequest request, SplitSpec split) {
        String[] part = new String(split.payload(), StandardCharsets.UTF_8).split("/");
        int index = Integer.parseInt(part[0]);
        int count = Integer.parseInt(part[1]);
        Optional<String> keyEquals = request.filter().map(TestingNoSqlConnector::keyEquality);
        List<Map.Entry<String, Map<String, String>>> records = new ArrayList<>();
        int position = 0;
        for (Map.Entry<String, Map<String, String>> record :
                TestingStore.snapshot(dataset(request.table())).entrySet()) {
            if (position++ % count == index
                    && keyEquals.map(record.getKey()::equals).orElse(true)) {
                records.add(record);
            }
        }
        return records;
    }

    @Override
    public RecordSink openWriter(TableContext table) {
        String dataset = dataset(table);
        TableMapping mapping = table.mapping();
        return new RecordSink() {
            private final Map<String, Map<String, String>> buffer = new HashMap<>();
            private long written;

            @Override
            public void write(Object[] row) throws IOException {
                Map<String, String> fields = new HashMap<>();
                String key = null;
                for (int i = 0; i < row.length; i++) {
                    ColumnMapping column = mapping.column(i);
                    if (column.role() == ColumnRole.KEY) {
                        key = (String) row[i];
                    } else if (row[i] != null) {
                        fields.put(column.path(), TextValueCodec.encode(column.type(), row[i]));
                    }
                }
                if (key == null) {
                    throw new IOException("table " + table.tableName() + ": a row has a NULL key");
                }
                buffer.put(key, fields);
            }

            @Override
            public void flush() {
                buffer.forEach((key, fields) -> TestingStore.put(dataset, key, fields));
                written += buffer.size();
                buffer.clear();
            }

            @Override
            public long written() {
                return written;
            }

            @Override
            public void close() {
                flush();
            }
        };
    }

    /** The keys each dataset's deleter deleted, in order, for tests. */
    static final Map<String, List<String>> DELETED = new ConcurrentHashMap<>();

    @Override
    public Optional<String> rowChangesRefused(TableContext table) {
        return Optional.empty();
    }

    @Override
    public RecordSink openDeleter(TableContext table) {
        String dataset = dataset(table);
        return new RecordSink() {
            private long deleted;

            @Override
            public void write(Object[] key) {
                TestingStore.remove(dataset, (String) key[0]);
                DELETED.computeIfAbsent(dataset, d -> new java.util.concurrent.CopyOnWriteArrayList<>())
                        .add((String) key[0]);
                deleted++;
            }

            @Override
            public void flush() {}

            @Override
            public long written() {
                return deleted;
            }

            @Override
            public void close() {}
        };
    }

    /** The writer: a row replaces the record of its key. */
    @Override
    public RecordSink openUpserter(TableContext table) {
        return openWriter(table);
    }

    @Override
    public boolean createTable(TableContext table, boolean managed) {
        TestingStore.markCreated(dataset(table), managed);
        return managed;
    }

    /** The insert steps HiveServer2's hook asked for, as {@code begin <query id>} / {@code commit} / {@code rollback}. */
    final List<String> inserts = new java.util.concurrent.CopyOnWriteArrayList<>();

    @Override
    public void beginInsert(TableContext table, String queryId) {
        inserts.add("begin " + queryId);
    }

    @Override
    public void commitInsert(TableContext table, String queryId) {
        inserts.add("commit " + queryId);
    }

    @Override
    public void rollbackInsert(TableContext table, String queryId) {
        inserts.add("rollback " + queryId);
    }

    @Override
    public void truncate(TableContext table) {
        SortedMap<String, Map<String, String>> records = TestingStore.dataset(dataset(table));
        synchronized (records) {
            records.clear();
        }
    }

    @Override
    public void dropTable(TableContext table, boolean purge) {
        if (purge) {
            TestingStore.drop(dataset(table));
        }
    }

    @Override
    public Optional<TableStatistics> statistics(TableContext table) {
        SortedMap<String, Map<String, String>> records = TestingStore.snapshot(dataset(table));
        long bytes = records.values().stream()
                .flatMap(fields -> fields.values().stream())
                .mapToLong(String::length)
                .sum();
        return Optional.of(new TableStatistics(records.size(), bytes));
    }

    /** How many times each dataset's columns were inferred, for tests. */
    static final Map<String, AtomicInteger> INFERENCES = new ConcurrentHashMap<>();

    /**
     * The fields of the dataset's records, in first-seen order, as string columns named in lower case and keeping the
     * stored spelling as their path; the record key is column {@code id}.
     */
    @Override
    public InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget) {
        String dataset = config.get(TestingTableProperties.DATASET);
        INFERENCES.computeIfAbsent(dataset, name -> new AtomicInteger()).incrementAndGet();
        Map<String, ColumnMapping> columns = new LinkedHashMap<>();
        columns.put("id", new ColumnMapping("id", PrimitiveType.STRING, "id", ColumnRole.KEY));
        int sampled = 0;
        for (Map<String, String> record : TestingStore.snapshot(dataset).values()) {
            if (sampled++ == budget.records()) {
                break;
            }
            for (String field : record.keySet()) {
                String name = field.toLowerCase(Locale.ROOT);
                columns.putIfAbsent(name, new ColumnMapping(name, PrimitiveType.STRING, field, ColumnRole.FIELD));
            }
        }
        return new InferredSchema(
                new TableMapping(List.copyOf(columns.values())),
                List.of("every field reads as string"),
                Math.min(sampled, budget.records()) + " records of dataset " + dataset);
    }

    private static String dataset(TableContext table) {
        return table.config().get(TestingTableProperties.DATASET);
    }

    private static ColumnMapping keyColumn(TableMapping mapping) {
        return mapping.withRole(ColumnRole.KEY).get(0);
    }

    private static String keyEquality(Filter filter) {
        if (filter instanceof Filter.Compare compare && compare.op() == CompareOp.EQ) {
            return (String) compare.value();
        }
        throw new IllegalStateException("the testing connector was handed a filter it does not enforce: " + filter);
    }

    private static void count(Map<String, AtomicInteger> counts, TableConfig config) {
        config.<String>getOptional(TestingTableProperties.DATASET)
                .ifPresent(dataset -> counts.computeIfAbsent(dataset, d -> new AtomicInteger())
                        .incrementAndGet());
    }
}
