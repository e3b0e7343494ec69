package io.hivenosql.sandbox.mongo.server;

import static java.util.Objects.requireNonNull;

import de.bwaldvogel.mongo.backend.CursorRegistry;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * mongod's idle-cursor timeout for the test double's {@link BatchedCursor}s: a cursor that no batch was taken from for
 * {@link #TIMEOUT} (mongod's {@code cursorTimeoutMillis} default) is closed, so that a client that died or walked away
 * from a cursor (a stopped Spark job, a killed task) does not keep its documents on the heap for the server's life.
 * mongo-java-server keeps a cursor until it is drained or killed. A daemon thread sweeps once a minute, as mongod's
 * cursor monitor does.
 *
 * <p>The cursors are held weakly: one the registry dropped (drained, or killed by {@code killCursors}) is no concern of
 * the sweep and goes with the next collection.
 */
final class IdleCursorTimeout implements AutoCloseable {
    /** mongod's default {@code cursorTimeoutMillis}: 10 minutes. */
    static final Duration TIMEOUT = Duration.ofMinutes(10);

    private static final Duration SWEEP_EVERY = Duration.ofMinutes(1);
    private static final Logger log = LoggerFactory.getLogger(IdleCursorTimeout.class);

    private final CursorRegistry registry;
    private final long timeoutNanos;
    private final Map<Long, WeakReference<BatchedCursor>> cursors = new ConcurrentHashMap<>();
    private final ScheduledExecutorService sweeper = Executors.newSingleThreadScheduledExecutor(task -> {
        Thread thread = new Thread(task, "idle-cursor-timeout");
        thread.setDaemon(true);
        return thread;
    });

    IdleCursorTimeout(CursorRegistry registry, Duration timeout) {
        this.registry = requireNonNull(registry, "registry is null");
        this.timeoutNanos = timeout.toNanos();
        long every = SWEEP_EVERY.toMillis();
        sweeper.scheduleWithFixedDelay(() -> closeIdle(System.nanoTime()), every, every, TimeUnit.MILLISECONDS);
    }

    /** Watches {@code cursor}, which the registry holds. */
    void watch(BatchedCursor cursor) {
        cursors.put(cursor.getId(), new WeakReference<>(cursor));
    }

    /** Closes the cursors idle for longer than the timeout at {@code nowNanos} ({@link System#nanoTime}); how many. */
    int closeIdle(long nowNanos) {
        int closed = 0;
        for (var entry : cursors.entrySet()) {
            BatchedCursor cursor = entry.getValue().get();
            if (cursor == null || cursor.isEmpty()) {
                cursors.remove(entry.getKey());
            } else if (cursor.idleLongerThan(timeoutNanos, nowNanos)) {
                cursors.remove(entry.getKey());
                if (registry.remove(entry.getKey())) {
                    closed++;
                    log.info(
                            "closed cursor {}, idle for more than {} with {} documents unsent, as mongod does",
                            entry.getKey(),
                            Duration.ofNanos(timeoutNanos),
                            cursor.remaining());
                }
            }
        }
        return closed;
    }

    @Override
    public void close() {
        sweeper.shutdownNow();
    }
}
