package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.prefix;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.util.JedisClusterCRC16;

/** A Redis Cluster with replicas loses a master while a split is read or rows are written: nothing lost or doubled. */
class TestRedisFailover {
    private static final int ROWS = 3_000;

    private static TestingRedisCluster cluster;

    @BeforeAll
    static void startCluster() {
        cluster = TestingRedisCluster.startReplicated();
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** Brings back what a test killed: the cluster is whole again for the next one. */
    @AfterEach
    void restartKilled() {
        cluster.restartKilled();
    }

    @Test
    void aSplitWhoseMasterDiesGoesOnAtThePromotedReplicaReadingEachKeyOnce() throws Exception {
        TableContext table = table("failover_scan", cluster.nodes())
                .property("redis.split.count", "3")
                .property("redis.scan.count", "20")
                .column("id", "int")
                .column("n", "bigint")
                .build();
        write(table, rows(0, ROWS));
        TestingRedisServer master = cluster.masters().get(0);
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        SplitSpec split = splitOf(request, master);
        Set<Integer> expected = idsOnSplit(table, split);
        assertThat(expected).hasSizeGreaterThan(500);

        Set<Integer> read = new HashSet<>();
        List<Integer> all = new ArrayList<>();
        try (RecordSource source = CONNECTOR.openReader(request, split)) {
            while (all.size() < 50 && source.next()) {
                all.add((Integer) source.get(0));
            }
            master.kill();
            while (source.next()) {
                int id = (Integer) source.get(0);
                all.add(id);
                assertThat(source.get(1)).isEqualTo((long) id * 7);
            }
        }
        read.addAll(all);
        assertThat(all).hasSize(read.size()); // no key twice
        assertThat(read).isEqualTo(expected); // no key missed
    }

    /** Planning asks every master for its keys per slot: a master lost just before is waited for, not failed on. */
    @Test
    void aQueryPlannedWhileAMasterIsDownWaitsForItsReplicaAndReadsEveryKeyOnce() throws Exception {
        TableContext table = table("failover_plan", cluster.nodes())
                .property("redis.split.count", "3")
                .column("id", "int")
                .column("n", "bigint")
                .build();
        write(table, rows(0, ROWS));
        TestingRedisServer master = cluster.masters().get(2);
        master.kill();
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
        assertThat(splits).noneMatch(split -> split.description().endsWith(master.address()));
        List<Integer> ids = new ArrayList<>();
        for (SplitSpec split : splits) {
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    ids.add((Integer) source.get(0));
                }
            }
        }
        assertThat(ids).hasSize(ROWS).doesNotHaveDuplicates();
    }

    /** Compiling a query samples every master's field names: a master lost just before is waited for there too. */
    @Test
    void fieldNamesSampledWhileAMasterIsDownComeFromItsReplica() throws Exception {
        TableContext table = table("failover_spellings", cluster.nodes())
                .column("id", "int")
                .column("n", "bigint")
                .build();
        write(table, rows(0, ROWS));
        TestingRedisServer master = cluster.masters().get(1);
        master.kill();
        TableContext resolved = CONNECTOR.withStoredSpellings(table, Optional.empty());
        assertThat(resolved.mapping().size()).isEqualTo(2);
    }

    @Test
    void rowsWrittenWhileAMasterDiesAreAllThereOnce() throws Exception {
        TableContext table = table("failover_insert", cluster.nodes())
                .property("redis.batch.size", "100")
                .column("id", "int")
                .column("n", "bigint")
                .build();
        TestingRedisServer master = cluster.masters().get(1);
        TestingRedisServer replica = cluster.replicaOf(master);
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows(0, ROWS / 2)) {
                sink.write(row);
            }
            master.kill();
            for (Object[] row : rows(ROWS / 2, ROWS)) {
                sink.write(row);
            }
            sink.flush();
            assertThat(sink.written()).isEqualTo(ROWS);
        } catch (IOException e) {
            // what the replica did is what a failure here is about: keep it with the failure
            throw new AssertionError(
                    "writing failed; the log of " + master.address() + "'s replica " + replica + " ends:\n"
                            + replica.logTail(),
                    e);
        }
        List<List<Object>> rows = readAll(table);
        assertThat(rows)
                .as(() ->
                        missing(rows, master) + "; the log of its replica " + replica + " ends:\n" + replica.logTail())
                .hasSize(ROWS);
        long sum = 0;
        Set<Object> ids = new HashSet<>();
        for (List<Object> row : rows) {
            ids.add(row.get(0));
            assertThat(row.get(1)).isEqualTo(((Integer) row.get(0)).longValue() * 7);
            sum += (Integer) row.get(0);
        }
        assertThat(ids).hasSize(ROWS);
        assertThat(sum).isEqualTo((long) ROWS * (ROWS - 1) / 2);
    }

    /** WAIT for a replica that died holds the writes only until the cluster declares it failed. */
    @Test
    void rowsWrittenWhileAReplicaDiesAreAllThereOnce() throws Exception {
        TableContext table = table("failover_replica", cluster.nodes())
                .property("redis.batch.size", "100")
                .column("id", "int")
                .column("n", "bigint")
                .build();
        TestingRedisServer replica = cluster.replicaOf(cluster.masters().get(0));
        long start = System.nanoTime();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows(0, ROWS / 2)) {
                sink.write(row);
            }
            replica.kill();
            for (Object[] row : rows(ROWS / 2, ROWS)) {
                sink.write(row);
            }
        }
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(20));
        assertThat(readAll(table)).hasSize(ROWS);
    }

    @Test
    void aMasterWhoseReplicaIsGoneToFailsTheScanWithinTheTimeoutNamingSlotsAndNode() throws Exception {
        TableContext table = table("failover_none", cluster.nodes())
                .property("redis.split.count", "3")
                .property("redis.scan.count", "20")
                .property("redis.cluster.failover-timeout-ms", "3000")
                .column("id", "int")
                .column("n", "bigint")
                .build();
        write(table, rows(0, 1_000));
        TestingRedisServer master = cluster.masters().get(2);
        TestingRedisServer replica = cluster.replicaOf(master);
        ReadRequest request = request(table, allColumns(table), Optional.empty());
        SplitSpec split = splitOf(request, master);
        try (RecordSource source = CONNECTOR.openReader(request, split)) {
            assertThat(source.next()).isTrue();
            replica.kill();
            master.kill();
            long start = System.nanoTime();
            assertThatThrownBy(() -> {
                        while (source.next()) {
                            source.get(0);
                        }
                    })
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("HNS-204")
                    .hasMessageContaining(master.address())
                    .hasMessageContaining("redis.cluster.failover-timeout-ms (3000 ms)")
                    .hasMessageContaining(String.valueOf(TestingRedisCluster.SLOTS - 1))
                    .satisfies(e -> assertThat(((HandlerException) e.getCause()).errorCode())
                            .isEqualTo(HandlerErrorCode.REPLICAS_UNAVAILABLE));
            assertThat(Duration.ofNanos(System.nanoTime() - start))
                    .isBetween(Duration.ofSeconds(3), Duration.ofSeconds(10));
        }
        cluster.restart(master);
        cluster.restart(replica);
    }

    @Test
    void slotSetsBecomeRanges() {
        BitSet slots = new BitSet();
        slots.set(0, 100);
        slots.set(200);
        slots.set(16383);
        assertThat(RedisFailover.ranges(slots)).hasToString("[0-99, 200, 16383]");
        assertThat(RedisFailover.ranges(new BitSet())).isEmpty();
    }

    @Test
    void lostConnectionsAndClusterReconfigurationsFailOverButTimeoutsAndErrorsDoNot() {
        assertThat(RedisFailover.isFailover(new JedisConnectionException("Unexpected end of stream.")))
                .isTrue();
        assertThat(RedisFailover.isFailover(new JedisDataException("CLUSTERDOWN The cluster is down")))
                .isTrue();
        assertThat(RedisFailover.isFailover(new JedisDataException("MOVED 3999 127.0.0.1:6381")))
                .isTrue();
        assertThat(RedisFailover.isFailover(new JedisConnectionException(new SocketTimeoutException("Read timed out"))))
                .isFalse();
        assertThat(RedisFailover.isFailover(new JedisDataException("WRONGTYPE Operation against a key")))
                .isFalse();
        assertThat(RedisFailover.isFailover(new HandlerException(HandlerErrorCode.AUTHENTICATION_FAILED, "no")))
                .isFalse();
        // a live master refusing with CLUSTERDOWN, as the planner's sample sees it: wrapped for its message
        assertThat(RedisFailover.isFailoverCause(new IOException(
                        "sampling",
                        new HandlerException(
                                HandlerErrorCode.STORE_ERROR,
                                "error from Redis",
                                new JedisDataException("CLUSTERDOWN The cluster is down")))))
                .isTrue();
        assertThat(RedisFailover.isFailoverCause(new IOException(
                        "sampling", new JedisConnectionException(new SocketTimeoutException("Read timed out")))))
                .isFalse();
    }

    /** Which ids a failed count lacks: how many were written before the kill and after it, and the first few. */
    private static String missing(List<List<Object>> rows, TestingRedisServer killed) {
        Set<Integer> missing = new TreeSet<>();
        for (int i = 0; i < ROWS; i++) {
            missing.add(i);
        }
        rows.forEach(row -> missing.remove((Integer) row.get(0)));
        long beforeKill = missing.stream().filter(id -> id < ROWS / 2).count();
        return missing.size() + " ids missing (" + beforeKill + " written before " + killed.address() + " was killed, "
                + (missing.size() - beforeKill) + " after), first: "
                + missing.stream().limit(10).toList();
    }

    private static List<Object[]> rows(int from, int to) {
        List<Object[]> rows = new ArrayList<>();
        for (int i = from; i < to; i++) {
            rows.add(new Object[] {i, (long) i * 7});
        }
        return rows;
    }

    /** The split that reads the slots of {@code master}. */
    private static SplitSpec splitOf(ReadRequest request, TestingRedisServer master) throws IOException {
        List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
        assertThat(splits).hasSize(3);
        return splits.stream()
                .filter(s -> s.description().endsWith(master.address()))
                .findFirst()
                .orElseThrow();
    }

    /** The ids whose keys are in the slots of the split, by their hash slot. */
    private static Set<Integer> idsOnSplit(TableContext table, SplitSpec split) throws IOException {
        RedisSplit.Slots slots = (RedisSplit.Slots) RedisSplit.fromBytes(split.payload());
        Set<Integer> ids = new HashSet<>();
        for (int i = 0; i < ROWS; i++) {
            int slot = JedisClusterCRC16.getSlot((prefix(table) + i).getBytes(StandardCharsets.UTF_8));
            if (slots.ranges().stream().anyMatch(r -> slot >= r.first() && slot <= r.last())) {
                ids.add(i);
            }
        }
        return ids;
    }
}
