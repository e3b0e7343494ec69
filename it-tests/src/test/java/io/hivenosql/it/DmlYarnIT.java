package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A MERGE into a Redis, a Cassandra and a MongoDB table on the YARN cluster, whose task attempt is killed (its container
 * JVM, by pid) while it stages the statement's changes on HDFS: until the statement commits the store holds exactly what
 * it held before, Tez's second attempt stages the changes again, and at the commit every key ends as the statement
 * says (deleted, updated or inserted once) and nothing else changes; no staged file is left behind.
 */
@ExtendWith(YarnStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class DmlYarnIT {
    private static final Logger log = LoggerFactory.getLogger(DmlYarnIT.class);
    private static final String DB = "it_yarn_dml";
    private static final int ROWS = 1200;
    /** The source's ids: the first ROWS match target rows, the rest are new. */
    private static final int CHANGES = 1600;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;

    DmlYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
    }

    @BeforeAll
    void createTables() throws Exception {
        try (HandlerJarCqlSession cql = yarn.stores().cql()) {
            cql.execute("DROP KEYSPACE IF EXISTS " + DB);
            cql.execute("CREATE KEYSPACE " + DB
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            cql.execute("CREATE TABLE " + DB + ".c (id int PRIMARY KEY, owner text, balance bigint)");
        }
        try (var client = yarn.stores().mongoClient()) {
            client.getDatabase(DB).drop();
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String columns = " (id int, owner string, balance bigint) STORED BY ";
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".r" + columns + "'io.hivenosql.redis.RedisStorageHandler' "
                + "TBLPROPERTIES ('redis.nodes'='" + yarn.stores().redis().address() + "', "
                + "'redis.key.prefix'='it:yarn:dml:')");
        var cassandra = yarn.stores().cassandra();
        hive.execute(
                "CREATE EXTERNAL TABLE " + DB + ".c" + columns + "'io.hivenosql.cassandra.CassandraStorageHandler' "
                        + "TBLPROPERTIES ('cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                        + cassandra.localDatacenter() + "', 'cassandra.primary-key'='id')");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".m" + columns + "'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + yarn.stores().mongo().databaseUri(DB, "m") + "', 'mongo.write.mode'='upsert')");
        hive.execute("CREATE TABLE " + DB + ".changes (id int, op string) STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".changes SELECT id, IF(id % 3 = 0, 'delete', 'update') "
                + "FROM (SELECT posexplode(split(space(" + (CHANGES - 1) + "), ' ')) AS (id, unused)) ids");
        hive.execute("FROM (SELECT id, concat('owner-', cast(id AS string)) AS owner FROM (SELECT posexplode(split("
                + "space(" + (ROWS - 1) + "), ' ')) AS (id, unused)) ids) src "
                + "INSERT INTO " + DB + ".r SELECT id, owner, id * 100 "
                + "INSERT INTO " + DB + ".c SELECT id, owner, id * 100 "
                + "INSERT INTO " + DB + ".m SELECT id, owner, id * 100");
    }

    @ParameterizedTest
    @ValueSource(strings = {"r", "c", "m"})
    void aMergeWhoseAttemptIsKilledWhileStagingEndsExactlyAsTheStatementSays(String table) throws Exception {
        Map<Integer, String> seeded = rows(table);
        assertThat(seeded).hasSize(ROWS);
        ContainerLogs containerLogs = yarn.containerLogs();
        Set<String> before = containerLogs.attemptIds();
        // the rows the join hands the update and insert branches take 4 ms each (reflect's empty text keeps them)
        String slow = "length(substr(reflect('java.lang.Thread', 'sleep', 4 + s.id * 0L), 1, 0))";
        CompletableFuture<Void> merge = CompletableFuture.runAsync(() -> {
            try {
                hive.execute("MERGE INTO " + DB + "." + table + " t USING " + DB + ".changes s ON t.id = s.id "
                        + "WHEN MATCHED AND s.op = 'delete' THEN DELETE "
                        + "WHEN MATCHED THEN UPDATE SET balance = t.balance + 1 + " + slow + " "
                        + "WHEN NOT MATCHED THEN INSERT VALUES (s.id, concat('new-', cast(s.id + " + slow
                        + " AS string)), 0)");
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        try (FileSystem hdfs = yarn.hdfs()) {
            long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
            while (staging(hdfs, table).isEmpty() && !merge.isDone() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(merge).as("the MERGE, before any attempt was killed").isNotDone();
            List<ContainerLogs.Attempt> running = containerLogs.attemptsSince(before).stream()
                    .filter(attempt -> attempt.container().taskPid().isPresent())
                    .filter(attempt -> ProcessHandle.of(
                                    attempt.container().taskPid().getAsLong())
                            .map(ProcessHandle::isAlive)
                            .orElse(false))
                    .toList();
            int killed = 0;
            for (ContainerLogs.Attempt attempt : running) {
                // an attempt that has just ended (a map task of the join) is gone by now
                var task = ProcessHandle.of(attempt.container().taskPid().getAsLong());
                if (task.isPresent() && task.get().destroyForcibly()) {
                    task.get().onExit().get(30, TimeUnit.SECONDS);
                    killed++;
                    log.info("killed attempt {} of the MERGE into {}", attempt.id(), table);
                }
            }
            assertThat(killed)
                    .as("attempts killed while the MERGE's changes were staged")
                    .isPositive();
            assertThat(rows(table))
                    .as("the store before the statement commits: nothing applied")
                    .isEqualTo(seeded);

            merge.get(5, TimeUnit.MINUTES);
            assertThat(containerLogs.attemptsSince(before))
                    .as("a second attempt of a killed task")
                    .extracting(ContainerLogs.Attempt::number)
                    .contains(1);
            assertThat(staging(hdfs, table)).as("staged files left behind").isEmpty();
        }
        assertThat(rows(table)).isEqualTo(expected());
    }

    /** id -> owner|balance: each target row deleted (id % 3 = 0), updated (balance + 1) or inserted (ids >= ROWS). */
    private static Map<Integer, String> expected() {
        Map<Integer, String> rows = new TreeMap<>();
        for (int id = 0; id < CHANGES; id++) {
            if (id >= ROWS) {
                rows.put(id, "new-" + id + "|0");
            } else if (id % 3 != 0) {
                rows.put(id, "owner-" + id + "|" + (id * 100L + 1));
            }
        }
        return rows;
    }

    /** The table's rows as its store holds them, read through the store's own client. */
    private Map<Integer, String> rows(String table) throws Exception {
        return switch (table) {
            case "r" -> StoreRows.redis(yarn.stores().redis(), "it:yarn:dml:");
            case "c" -> StoreRows.cassandra(yarn.stores(), DB + ".c");
            default -> StoreRows.mongo(yarn.stores(), DB, "m");
        };
    }

    /** The files of the statement's changes to the table on HDFS, written or being written. */
    private static List<Path> staging(FileSystem hdfs, String table) throws Exception {
        List<Path> files = new ArrayList<>();
        // under Hive's scratch directory (hive.exec.scratchdir, /tmp/hive by default)
        RemoteIterator<LocatedFileStatus> all = hdfs.listFiles(new Path("/tmp"), true);
        while (all.hasNext()) {
            Path path = all.next().getPath();
            if (path.toString().contains("/hive-nosql-dml/")
                    && path.getParent().getName().equals(DB + "." + table)) {
                files.add(path);
            }
        }
        return files;
    }
}
