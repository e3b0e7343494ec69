package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.ServerFixture;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A server of the store's own, never the stack's shared one, killed in the middle of a scan: the query fails with an
 * error naming the store's server and the table, instead of hanging or returning part of the rows, and the server is
 * gone. The kill does not depend on timing: each store shows by its own means (MONITOR, its scan statistics, its log)
 * when the scan has begun, with most of the table still unread. The failure names the table and carries the code of a
 * lost or failing store (HNS-201, HNS-202). A subclass starts the server, plants the table and names what else its
 * error must say (the server); its other tests (credentials, a kill mid-INSERT) run before this one.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
abstract class BaseServerLossIT {
    /** How long a scan (or an INSERT) may take to begin, on a loaded machine. */
    static final long START_SECONDS = 120;

    HiveInstance hive;

    /** The Hive database of the class's tables (dropped and created new). */
    abstract String database();

    /** Starts the doomed server (and whatever the class's other tests need on it), once the Hive database exists. */
    abstract void startServer(HiveStack.Resources stack) throws Exception;

    /** Stops the doomed server if it still runs. */
    abstract void stopServer();

    /** Plants a table of thousands of rows on the doomed server, read in small batches; returns its Hive name. */
    abstract String createBigTable() throws Exception;

    /** Called before the scan starts: attach to what will show that it has begun. */
    abstract void watchForTheScan() throws Exception;

    /** Returns once the server has served the first batches of the scan, or fails when it never does. */
    abstract void awaitTheScan(Future<?> query) throws Exception;

    /** The server the test kills: {@link #killTheServerMidScan} kills it by pid and checks that it is gone. */
    abstract ServerFixture doomedServer();

    /**
     * What else the failure must name (the base checks the error code and the table), given its stack trace and how
     * long after the kill it came.
     */
    abstract void assertFailure(String stackTrace, String table, double secondsAfterTheKill);

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + database() + " CASCADE");
        hive.execute("CREATE DATABASE " + database());
        startServer(stack);
    }

    /** The scan, in a session of its own, as a job on Tez (a fetch task would read in HiveServer2 itself). */
    private Callable<List<String>> scan(String table) {
        return () -> {
            try (Connection connection = hive.connect();
                    Statement statement = connection.createStatement()) {
                statement.execute("SET hive.execution.engine=tez");
                statement.execute("SET hive.fetch.task.conversion=none");
                try (ResultSet rows = statement.executeQuery("SELECT count(*), sum(v) FROM " + table)) {
                    return Rows.of(rows);
                }
            }
        };
    }

    @AfterAll
    void stop() {
        stopServer();
    }

    @Test
    @Order(9)
    void serverKilledMidScanFailsTheQueryNamingTheServerAndTheTable() throws Exception {
        String table = createBigTable();
        ExecutorService executor = Executors.newSingleThreadExecutor();
        try {
            watchForTheScan();
            Future<?> query = executor.submit(scan(table));
            awaitTheScan(query);
            long killed = System.nanoTime();
            doomedServer().kill();

            Throwable failure = catchThrowable(() -> query.get(180, TimeUnit.SECONDS));
            assertThat(failure)
                    .as(
                            "the scan of %s ended without the failure of its killed server, returning %s",
                            table, failure == null ? query.get() : "nothing")
                    .isInstanceOf(ExecutionException.class)
                    .cause()
                    .isInstanceOf(SQLException.class)
                    .satisfies(e -> {
                        String stackTrace = Failures.stackTrace(e);
                        assertThat(stackTrace).containsPattern("HNS-20[12]").contains(table);
                        assertFailure(stackTrace, table, (System.nanoTime() - killed) / 1e9);
                    });
        } finally {
            executor.shutdownNow();
        }
        assertThat(doomedServer().isAlive()).isFalse();
    }

    /** A condition that may throw, polled by {@link #awaitWhileRunning}. */
    interface Condition {
        boolean holds() throws Exception;
    }

    /**
     * Polls {@code condition} every {@code pollMillis} until it holds, failing when {@code task} ends first (the kill
     * would come too late) or when {@link #START_SECONDS} pass.
     */
    static void awaitWhileRunning(Future<?> task, String what, long pollMillis, Condition condition) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (!condition.holds()) {
            assertThat(task.isDone())
                    .as("the %s ended before the server could be killed: %s", what, task)
                    .isFalse();
            assertThat(System.nanoTime()).as("the %s never started", what).isLessThan(deadline);
            Thread.sleep(pollMillis);
        }
    }
}
