package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Eight sessions at once, each with its own JDBC connection: every session overwrites a handler table of its own from a
 * shared handler table of another store, copies it into an ORC table of its own and joins the two, checking counts and
 * sums exactly; all three stores and ORC take part. First, all sessions overwrite one shared handler table at once:
 * from another table (allowed) and from itself (refused by the metastore hook, which would delete the rows the query
 * reads), each decided for its own session whatever the others compile meanwhile.
 *
 * <p>Each session allows a task one attempt, so that a task failure is a query failure rather than a retry that hides
 * it. In Tez local mode every DAG runs inside HiveServer2, where Hive keys a map task's I/O context by the vertex's input
 * name ("Map 1") in a JVM-wide map: concurrent DAGs shared one context, and tasks failed with an NPE in
 * {@code AbstractMapOperator.getNominalPath} or with {@code Invalid input path} naming another session's table (dozens
 * of failed attempts in a run of 3 rounds, every one hidden by a retry that succeeded). The sandbox's HiveServer2 now
 * runs the jobs of one query at a time ({@code LocalJobSerializer}).
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class ConcurrentSessionsIT {
    private static final String DB = "it_concurrent";
    private static final int SESSIONS = 8;
    private static final int ROUNDS = Integer.getInteger("it.concurrent.rounds", 1);
    private static final int ROWS = 1_000;
    private static final List<String> STORES = List.of("redis", "cassandra", "mongo");
    private static final String GUARDED = DB + ".redis_guarded";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private long sumV;

    @BeforeAll
    void createTables(HiveStack.Resources stack) throws SQLException {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE TABLE " + DB + ".orc_shared (id int, v int) STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".orc_shared SELECT n, n % 7 FROM (SELECT posexplode(split(space("
                + (ROWS - 1) + "), ' ')) AS (n, unused)) ids");
        for (int n = 0; n < ROWS; n++) {
            sumV += n % 7;
        }
        for (String store : STORES) {
            createHandlerTable(store + "_shared", store);
            hive.execute("INSERT INTO " + DB + "." + store + "_shared SELECT id, v FROM " + DB + ".orc_shared");
        }
        createHandlerTable("redis_guarded", "redis");
        for (int session = 0; session < SESSIONS; session++) {
            createHandlerTable("own_" + session, STORES.get(session % STORES.size()));
            hive.execute("CREATE TABLE " + DB + ".orc_own_" + session + " (id int, v int) STORED AS ORC");
        }
    }

    @AfterAll
    void dropTables() throws SQLException {
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
    }

    /** A managed table: Hive creates (and drops) the Cassandra table, the collection, the Redis keys' prefix. */
    private void createHandlerTable(String name, String store) throws SQLException {
        String properties =
                switch (store) {
                    case "redis" -> "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ("
                            + "'redis.nodes'='" + stack.redis().address() + "', 'redis.key.prefix'='it:concurrent:"
                            + name + ":')";
                    case "cassandra" -> "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ("
                            + "'cassandra.hosts'='" + stack.cassandra().contactPoint() + "', 'cassandra.local-dc'='"
                            + stack.cassandra().localDatacenter() + "', 'cassandra.keyspace'='" + DB + "', "
                            + "'cassandra.primary-key'='id')";
                    case "mongo" -> "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES ("
                            + "'mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                            + stack.mongo().databaseUri(DB, name) + "', 'mongo.write.mode'='upsert')";
                    default -> throw new IllegalArgumentException(store);
                };
        hive.execute("CREATE TABLE " + DB + "." + name + " (id int, v int) " + properties);
    }

    @Test
    void eightSessionsScanJoinAndWriteAtOnceWithExactResults() throws Exception {
        ExecutorService executor = Executors.newFixedThreadPool(SESSIONS);
        CountDownLatch start = new CountDownLatch(1);
        try {
            List<Future<Void>> sessions = new ArrayList<>();
            for (int i = 0; i < SESSIONS; i++) {
                int session = i;
                sessions.add(executor.submit((Callable<Void>) () -> {
                    try (Connection connection = hive.connect();
                            Statement statement = connection.createStatement()) {
                        statement.execute("SET hive.fetch.task.conversion=none");
                        // a task that fails fails its query: Tez's retries would hide a failure caused by another
                        // session
                        statement.execute("SET tez.am.task.max.failed.attempts=1");
                        start.await();
                        for (int round = 0; round < ROUNDS; round++) {
                            runRound(statement, session, round);
                        }
                    }
                    return null;
                }));
            }
            start.countDown();
            for (int i = 0; i < SESSIONS; i++) {
                try {
                    sessions.get(i).get(20, TimeUnit.MINUTES);
                } catch (java.util.concurrent.ExecutionException e) {
                    throw new AssertionError("session " + i + " failed: " + e.getCause(), e.getCause());
                }
            }
        } finally {
            executor.shutdownNow();
        }
        // the last of the concurrent overwrites wrote every row after the last truncate
        assertThat(Rows.of(hive, "SELECT count(*), sum(v) FROM " + GUARDED)).containsExactly(ROWS + "|" + sumV);
    }

    /**
     * The error of a statement that must fail. Under load, Hive 4.0.1's HiveServer2 can answer a status request with
     * the ERROR state of a failed operation before it has recorded the operation's error (SQLOperation sets the state,
     * then its background thread the exception): the JDBC driver then throws an SQLException without a message. Such a
     * statement is run again, and every run must fail, until the error arrives (three runs at most).
     */
    private static SQLException refusal(Statement statement, String sql) {
        SQLException error = null;
        for (int run = 0; run < 3 && (error == null || error.getMessage() == null); run++) {
            error = catchThrowableOfType(() -> statement.execute(sql), SQLException.class);
            if (error == null) {
                throw new AssertionError("run " + (run + 1) + " of a statement that must fail succeeded: " + sql);
            }
        }
        return error;
    }

    private void runRound(Statement statement, int session, int round) throws SQLException {
        String own = DB + ".own_" + session;
        String orcOwn = DB + ".orc_own_" + session;
        String source = DB + "." + STORES.get((session + 1) % STORES.size()) + "_shared";
        String where = "session " + session + ", round " + round + ": ";

        if (round == 0) {
            // all sessions overwrite one table at once: allowed from another table, refused from itself (the
            // metastore hook would delete the rows it reads), each decided for its own session only
            statement.execute("INSERT OVERWRITE TABLE " + GUARDED + " SELECT id, v FROM " + DB + ".orc_shared");
            assertThat(refusal(statement, "INSERT OVERWRITE TABLE " + GUARDED + " SELECT id, v FROM " + GUARDED)
                            .getMessage())
                    .as(where + "INSERT OVERWRITE of a table from itself")
                    .contains("HNS-141")
                    .contains(GUARDED);
        }
        statement.execute("INSERT OVERWRITE TABLE " + own + " SELECT id, v + " + session + " FROM " + source);
        statement.execute("INSERT OVERWRITE TABLE " + orcOwn + " SELECT id, v FROM " + own);
        assertThat(row(
                        statement,
                        "SELECT count(*), sum(h.v - o.v), sum(o.v) FROM " + own + " h JOIN " + orcOwn
                                + " o ON h.id = o.id"))
                .as(where + own + " (from " + source + ") joined with its ORC copy")
                .isEqualTo(ROWS + "|0|" + (sumV + (long) ROWS * session));
    }

    /** The single row of a query as {@code a|b|c}. */
    private static String row(Statement statement, String sql) throws SQLException {
        try (ResultSet result = statement.executeQuery(sql)) {
            List<String> rows = new ArrayList<>();
            while (result.next()) {
                List<Object> values = new ArrayList<>();
                for (int i = 1; i <= result.getMetaData().getColumnCount(); i++) {
                    values.add(result.getObject(i));
                }
                rows.add(Rows.row(values));
            }
            assertThat(rows).as(sql).hasSize(1);
            return rows.get(0);
        }
    }
}
