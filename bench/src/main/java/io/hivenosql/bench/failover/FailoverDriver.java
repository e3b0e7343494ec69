package io.hivenosql.bench.failover;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the failover workload: {@code clients} JDBC sessions take the requests {@code 0 .. requests - 1} in turn from
 * one counter and run each ({@link RequestMix}); when request {@link FailoverOptions#killAt()} is taken this thread
 * kills the node, waits until the store has dealt with it (a Redis promotion, the Cassandra nodes holding it DOWN), and when request {@link
 * FailoverOptions#restartAt()} is taken restarts it and waits until every node is up. Every loop is bounded: clients
 * take no request after the run's deadline, each statement has a query timeout, and every wait here ends at the
 * deadline.
 */
final class FailoverDriver {
    static final Duration REQUEST_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration NOTICE_TIMEOUT = Duration.ofMinutes(2);
    private static final Duration RESTART_TIMEOUT = Duration.ofMinutes(5);
    private static final Logger log = LoggerFactory.getLogger(FailoverDriver.class);

    /** What a run measured. */
    record Run(
            List<RequestRecord> records,
            Timeline timeline,
            Optional<Duration> noticed,
            int issued,
            List<String> events) {
        Run {
            records = List.copyOf(records);
            events = List.copyOf(events);
        }
    }

    private final HiveInstance hive;
    private final RequestMix mix;
    private final ReplicatedStore store;
    private final FailoverOptions options;
    private final PrintStream out;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger done = new AtomicInteger();
    private final CountDownLatch killPoint = new CountDownLatch(1);
    private final CountDownLatch restartPoint = new CountDownLatch(1);
    private final Queue<RequestRecord> records = new ConcurrentLinkedQueue<>();
    private final List<String> events = new ArrayList<>();
    private long startNanos;
    private long deadlineNanos;

    FailoverDriver(HiveInstance hive, RequestMix mix, ReplicatedStore store, FailoverOptions options, PrintStream out) {
        this.hive = requireNonNull(hive, "hive is null");
        this.mix = requireNonNull(mix, "mix is null");
        this.store = requireNonNull(store, "store is null");
        this.options = requireNonNull(options, "options is null");
        this.out = requireNonNull(out, "out is null");
    }

    Run run() throws InterruptedException {
        startNanos = System.nanoTime();
        deadlineNanos = startNanos + options.timeout().toNanos();
        ExecutorService clients = Executors.newFixedThreadPool(options.clients(), runnable -> {
            Thread thread = new Thread(runnable, "failover-client");
            thread.setDaemon(true);
            return thread;
        });
        for (int client = 0; client < options.clients(); client++) {
            int id = client;
            clients.execute(() -> client(id));
        }
        clients.shutdown();
        OptionalLong killNanos = OptionalLong.empty();
        OptionalLong upNanos = OptionalLong.empty();
        Optional<Duration> noticed = Optional.empty();
        try {
            if (await(killPoint, clients)) {
                event("killing " + store.victim());
                store.kill();
                killNanos = OptionalLong.of(System.nanoTime());
                event("killed " + store.victim());
                try {
                    Duration window = store.awaitNoticed(bounded(NOTICE_TIMEOUT));
                    noticed = Optional.of(window);
                    event(store.noticedMeaning() + ": " + window.toMillis() + " ms");
                } catch (RuntimeException e) {
                    log.error("The store did not deal with the kill in time", e);
                    event("not seen in time (" + store.noticedMeaning() + "): " + e.getMessage());
                }
                if (await(restartPoint, clients)) {
                    event("restarting " + store.victim());
                    store.restart(bounded(RESTART_TIMEOUT));
                    upNanos = OptionalLong.of(System.nanoTime());
                    event("every node is up again");
                }
            }
        } catch (RuntimeException e) {
            // the clients go on to the end; the report shows the run without the rest of the plan
            log.error("The failover plan failed", e);
            event("the plan stopped: " + e.getMessage());
        }
        long left = Math.max(0, deadlineNanos - System.nanoTime()) + REQUEST_TIMEOUT.toNanos();
        if (!clients.awaitTermination(left, TimeUnit.NANOSECONDS)) {
            event("clients still running at the deadline were interrupted");
            clients.shutdownNow();
        }
        long endNanos = System.nanoTime();
        List<RequestRecord> sorted = new ArrayList<>(records);
        sorted.sort(Comparator.comparingInt(RequestRecord::index));
        return new Run(
                sorted,
                new Timeline(startNanos, killNanos, upNanos, Math.max(endNanos, upNanos.orElse(endNanos))),
                noticed,
                Math.min(next.get(), options.requests()),
                events());
    }

    private void client(int id) {
        try (Connection connection = hive.connect()) {
            try (Statement statement = connection.createStatement()) {
                // key lookups and filtered scans as fetch tasks, which sessions run at the same time
                statement.execute("SET hive.fetch.task.conversion=more");
            }
            while (System.nanoTime() < deadlineNanos) {
                int index = next.getAndIncrement();
                if (index >= options.requests()) {
                    return;
                }
                if (index == options.killAt()) {
                    killPoint.countDown();
                }
                if (index == options.restartAt()) {
                    restartPoint.countDown();
                }
                records.add(request(connection, index, id));
                progress(done.incrementAndGet());
            }
        } catch (SQLException | RuntimeException e) {
            log.error("Client {} stopped", id, e);
            event("client " + id + " stopped: " + message(e));
        }
    }

    private RequestRecord request(Connection connection, int index, int client) {
        RequestType type = RequestMix.type(index);
        String sql = mix.sql(index);
        long start = System.nanoTime();
        RequestRecord.Outcome outcome;
        String detail = "";
        try (Statement statement = connection.createStatement()) {
            statement.setQueryTimeout((int) REQUEST_TIMEOUT.toSeconds());
            if (type == RequestType.INSERT) {
                statement.execute(sql);
                outcome = RequestRecord.Outcome.OK;
            } else {
                Optional<String> wrong = mix.check(index, rows(statement, sql));
                outcome = wrong.isPresent() ? RequestRecord.Outcome.WRONG : RequestRecord.Outcome.OK;
                detail = wrong.orElse("");
            }
        } catch (SQLException | RuntimeException e) {
            detail = message(e);
            outcome = FailureCauses.outcome(detail);
        }
        return new RequestRecord(index, type, client, start, System.nanoTime(), outcome, detail);
    }

    private static List<List<Object>> rows(Statement statement, String sql) throws SQLException {
        List<List<Object>> rows = new ArrayList<>();
        try (ResultSet result = statement.executeQuery(sql)) {
            int columns = result.getMetaData().getColumnCount();
            while (result.next()) {
                List<Object> row = new ArrayList<>(columns);
                for (int i = 1; i <= columns; i++) {
                    row.add(result.getObject(i));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** An exception's messages down its causes, each once. */
    static String message(Throwable error) {
        StringBuilder text = new StringBuilder();
        for (Throwable cause = error; cause != null && text.length() < 4000; cause = cause.getCause()) {
            String message = cause.getMessage() == null ? cause.getClass().getName() : cause.getMessage();
            if (text.indexOf(message) < 0) {
                text.append(text.length() == 0 ? "" : " / ").append(message);
            }
            if (cause.getCause() == cause) {
                break;
            }
        }
        return text.toString();
    }

    private void progress(int finished) {
        int step = Math.max(1, options.requests() / 10);
        if (finished % step == 0) {
            out.printf(
                    "  %,d of %,d requests done (%.0f s)%n",
                    finished, options.requests(), (System.nanoTime() - startNanos) / 1e9);
        }
    }

    /** Waits for a point of the plan; false when the deadline came first or every client stopped before it. */
    private boolean await(CountDownLatch point, ExecutorService clients) throws InterruptedException {
        while (System.nanoTime() < deadlineNanos) {
            if (point.await(200, TimeUnit.MILLISECONDS)) {
                return true;
            }
            if (clients.isTerminated()) {
                return false;
            }
        }
        return false;
    }

    /** {@code limit}, or less when the run's deadline comes sooner (at least a second). */
    private Duration bounded(Duration limit) {
        Duration left = Duration.ofNanos(deadlineNanos - System.nanoTime());
        return left.compareTo(limit) < 0 ? (left.getSeconds() < 1 ? Duration.ofSeconds(1) : left) : limit;
    }

    private synchronized List<String> events() {
        return List.copyOf(events);
    }

    private synchronized void event(String what) {
        String line = String.format("+%.1f s: %s", (System.nanoTime() - startNanos) / 1e9, what);
        events.add(line);
        out.println("  " + line);
    }
}
