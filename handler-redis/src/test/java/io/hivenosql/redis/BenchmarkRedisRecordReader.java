package io.hivenosql.redis;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.hive.NoSqlRecordReader;
import io.hivenosql.api.hive.RowWritable;
import io.hivenosql.api.hive.VectorizedReadPaths;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.Reporter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The Redis record reader's full-scan rate against a raw Jedis scan of the same hashes, in the same run: SCAN
 * (COUNT 1000) plus pipelined HGETALL is what a hand-written client does. The reader is measured as Hive runs it:
 * {@link NoSqlRecordReader} over the connector's split, with conversion of every field to Hive values. Each
 * invocation reads the whole table once on one thread, so rows/s = rows / (seconds per operation).
 *
 * <p>Run with {@code bin/hive-nosql microbench redis} (or see docs/benchmarks.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        // Hive's serde classes (StringInternUtils, behind the ObjectInspector factories) open java.net.URI's fields
        jvmArgsAppend = {"-Xmx4g", "--add-opens=java.base/java.net=ALL-UNNAMED"})
@Warmup(iterations = 5)
@Measurement(iterations = 5)
public class BenchmarkRedisRecordReader {
    static final String PREFIX = "bench:row:";
    static final List<String> FIELDS = List.of(
            "f_bigint", "f_int", "f_double", "f_decimal", "f_name", "f_date", "f_ts", "f_flag", "f_text", "f_qty");
    static final List<String> TYPES = List.of(
            "bigint", "int", "double", "decimal(12,2)", "string", "date", "timestamp", "boolean", "string", "bigint");

    @Param("1000000")
    public int rows;

    private TestingRedisServer server;
    private TableContext table;
    private ReadRequest request;
    private List<SplitSpec> splits;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        server = TestingRedisServer.builder().build();
        load(server, rows);
        table = tableContext(server.address());
        request = new ReadRequest(
                table,
                IntStream.range(0, table.mapping().size()).boxed().toList(),
                Optional.empty(),
                OptionalLong.empty());
        splits = new RedisConnector().planSplits(request, 0);
    }

    @TearDown(Level.Trial)
    public void tearDown() {
        server.close();
    }

    /** 10 fields per hash in canonical text, from a fixed seed; about 130 bytes of values per row. */
    static void load(TestingRedisServer server, int rows) {
        Random random = new Random(1234);
        try (Jedis jedis = server.connect()) {
            Pipeline pipeline = jedis.pipelined();
            for (int i = 0; i < rows; i++) {
                Map<String, String> hash = new HashMap<>();
                hash.put("f_bigint", Long.toString(random.nextLong()));
                hash.put("f_int", Integer.toString(random.nextInt(1_000_000)));
                hash.put("f_double", Double.toString(random.nextDouble() * 1000));
                hash.put("f_decimal", random.nextInt(10_000_000) + "." + (10 + random.nextInt(90)));
                hash.put("f_name", "customer#" + random.nextInt(1_000_000));
                hash.put(
                        "f_date",
                        "199" + random.nextInt(10) + "-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10));
                hash.put("f_ts", "2024-0" + (1 + random.nextInt(9)) + "-1" + random.nextInt(10) + "T12:34:56.789");
                hash.put("f_flag", Boolean.toString(random.nextBoolean()));
                hash.put("f_text", "lorem ipsum dolor sit amet " + random.nextInt(1000));
                hash.put("f_qty", Integer.toString(random.nextInt(50)));
                pipeline.hset(PREFIX + i, hash);
                if (i % 10_000 == 9_999) {
                    pipeline.sync();
                }
            }
            pipeline.sync();
        }
    }

    static TableContext tableContext(String nodes) {
        return tableContext(nodes, Map.of());
    }

    /** {@link #tableContext(String)} with more table properties (e.g. TLS). */
    static TableContext tableContext(String nodes, Map<String, String> more) {
        List<ColumnMapping> columns = new ArrayList<>();
        columns.add(new ColumnMapping("id", DataTypes.parse("bigint"), "id", ColumnRole.FIELD));
        for (int i = 0; i < FIELDS.size(); i++) {
            columns.add(
                    new ColumnMapping(FIELDS.get(i), DataTypes.parse(TYPES.get(i)), FIELDS.get(i), ColumnRole.FIELD));
        }
        List<TableProperty> declared = new ArrayList<>(Arrays.asList(RedisTableProperties.values()));
        declared.addAll(Arrays.asList(NoSqlTableProperties.values()));
        Map<String, String> properties =
                new HashMap<>(Map.of("redis.nodes", nodes, "redis.key.prefix", PREFIX, "redis.split.count", "1"));
        properties.putAll(more);
        TableConfig config = TableConfig.validate("bench.rows", properties, declared, Set.of("redis.", "nosql."));
        RedisConnector connector = new RedisConnector();
        return new TableContext(connector.bind(config, new TableMapping(columns)), SecretResolver.NONE);
    }

    /** The hive-nosql path: the Hive record reader over the connector's split, every field converted. */
    @Benchmark
    public long hiveRecordReader(Blackhole blackhole) throws IOException {
        long count = 0;
        RedisConnector connector = new RedisConnector();
        for (SplitSpec split : splits) {
            NoSqlRecordReader reader =
                    new NoSqlRecordReader(request, connector.openReader(request, split), Reporter.NULL, "bench");
            try {
                RowWritable row = reader.createValue();
                while (reader.next(NullWritable.get(), row)) {
                    blackhole.consume(row.values());
                    count++;
                }
            } finally {
                reader.close();
            }
        }
        return requireRows(count);
    }

    /**
     * A vectorized Hive task with the handler's batch reader: the split's column vectors filled straight from the
     * connector's values ({@code hive.vectorized.use.vectorized.input.format}).
     */
    @Benchmark
    public long hiveBatchReader(Blackhole blackhole) throws IOException {
        return requireRows(batches(request, splits, blackhole));
    }

    /**
     * A vectorized Hive task before the batch reader: the record reader's rows, copied to writables and assigned into
     * the batch as Hive's VectorMapOperator does ({@code hive.vectorized.use.row.serde.deserialize}).
     */
    @Benchmark
    public long hiveRowsIntoBatches(Blackhole blackhole) throws IOException {
        long count = 0;
        for (SplitSpec split : splits) {
            count += VectorizedReadPaths.rowsIntoBatches(
                    request, new RedisConnector().openReader(request, split), blackhole::consume);
        }
        return requireRows(count);
    }

    /** The baseline: what a hand-written Jedis client does (strings only, no conversion). */
    @Benchmark
    public long rawJedisScanAndHgetall(Blackhole blackhole) {
        return requireRows(rawScan(server, blackhole));
    }

    /** SCAN (COUNT 1000) over the rows' keys and a pipelined HGETALL per page, as a hand-written client reads them. */
    static long rawScan(TestingRedisServer server, Blackhole blackhole) {
        long count = 0;
        ScanParams params = new ScanParams().match(PREFIX + "*").count(1000);
        try (Jedis jedis = server.connect()) {
            String cursor = ScanParams.SCAN_POINTER_START;
            do {
                ScanResult<String> page = jedis.scan(cursor, params);
                Pipeline pipeline = jedis.pipelined();
                List<Response<Map<String, String>>> responses =
                        new ArrayList<>(page.getResult().size());
                for (String key : page.getResult()) {
                    responses.add(pipeline.hgetAll(key));
                }
                pipeline.sync();
                for (Response<Map<String, String>> response : responses) {
                    blackhole.consume(response.get());
                    count++;
                }
                cursor = page.getCursor();
            } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        }
        return count;
    }

    /** Every split read into column batches by the handler's batch reader; the rows read. */
    static long batches(ReadRequest request, List<SplitSpec> splits, Blackhole blackhole) throws IOException {
        long count = 0;
        for (SplitSpec split : splits) {
            count += VectorizedReadPaths.batches(
                    request, new RedisConnector().openReader(request, split), blackhole::consume);
        }
        return count;
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("read " + count + " rows, expected " + rows);
        }
        return count;
    }

    public static void main(String[] args) throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        options.include(BenchmarkRedisRecordReader.class.getSimpleName());
        if (args.length > 0) {
            options.param("rows", args[0]);
        }
        new Runner(options.build()).run();
    }
}
