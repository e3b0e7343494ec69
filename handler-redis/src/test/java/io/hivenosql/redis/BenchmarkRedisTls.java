package io.hivenosql.redis;

import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;
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

/**
 * What TLS costs a full scan: the handler's batch reader (the path of a vectorized Hive task) and a hand-written Jedis
 * scan (SCAN COUNT 1000 and pipelined HGETALL) over the same rows, once against a plain-text {@code redis-server} and
 * once against one that speaks only TLS (a private CA's certificate, the table trusting the CA's PEM file), in one run.
 * rows/s = rows / (seconds per operation); the ratio of each path's two figures is TLS's cost on that path.
 *
 * <p>Run with {@code bin/hive-nosql microbench tls [rows]}; figures in
 * docs/benchmarks.md.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xmx2g", "--add-opens=java.base/java.net=ALL-UNNAMED"})
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class BenchmarkRedisTls {
    @Param("200000")
    public int rows;

    @Param({"plain", "tls"})
    public String transport;

    private Path dir;
    private TestingRedisServer server;
    private ReadRequest request;
    private List<SplitSpec> splits;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        dir = Files.createTempDirectory("bench-redis-tls-");
        TestingRedisServer.Builder builder = TestingRedisServer.builder();
        Map<String, String> tls = Map.of();
        if (transport.equals("tls")) {
            TestingCertificates ca = TestingCertificates.create(dir, "bench CA");
            builder.tls(TlsServerMaterial.issue(ca, "bench", false));
            tls = Map.of("redis.ssl", "true", "redis.ssl.truststore", ca.caPem().toString());
        }
        server = builder.build();
        BenchmarkRedisRecordReader.load(server, rows);
        TableContext table = BenchmarkRedisRecordReader.tableContext(server.address(), tls);
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
        io.hivenosql.sandbox.ServerProcess.deleteRecursively(dir);
    }

    /** The handler's batch reader, every field converted into column vectors. */
    @Benchmark
    public long hiveBatchReader(Blackhole blackhole) throws IOException {
        return requireRows(BenchmarkRedisRecordReader.batches(request, splits, blackhole));
    }

    /** The baseline: a hand-written Jedis client over the same transport (strings only, no conversion). */
    @Benchmark
    public long rawJedisScanAndHgetall(Blackhole blackhole) {
        return requireRows(BenchmarkRedisRecordReader.rawScan(server, blackhole));
    }

    private long requireRows(long count) {
        if (count != rows) {
            throw new IllegalStateException("read " + count + " rows over " + transport + ", expected " + rows);
        }
        return count;
    }

    public static void main(String[] args) throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        options.include(BenchmarkRedisTls.class.getSimpleName());
        if (args.length > 0) {
            options.param("rows", args[0]);
        }
        new Runner(options.build()).run();
    }
}
