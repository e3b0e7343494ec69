package io.hivenosql.api.client;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.TaskAttempt;
import java.time.Duration;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Stores this JVM found unreachable, so that the retries of a failed task do not each wait out the store's whole
 * timeout again. Tez runs a failed task up to 4 times, and every attempt talks to the same store: without this, a query
 * whose store is gone fails only after 3-4 times its timeout.
 *
 * <p>A connector reports a deployment (its hosts, no credentials) {@linkplain #unreachable unreachable} when an
 * operation fails because no server answers, and {@linkplain #reachable reachable} when a server answers again. Before
 * an operation waits for a server it asks {@link #waitMillis} how long it may wait: the whole timeout normally; while
 * the deployment is unreachable, what is left of the timeout since it became unreachable (at least
 * {@link #MINIMUM_WAIT}, so that a store that came back is found again); in a retried task attempt that knows of no
 * outage (a new JVM on a cluster), the timeout shared among the engine's remaining attempts. So a query fails within
 * about one timeout of its store becoming unreachable, and a healthy store is never waited for less than a second.
 * An outage nobody reports as over is forgotten {@link #RETENTION} after its timeout ran out.
 */
public final class StoreOutages {
    /** The least a retried operation waits for a server: a store that came back answers well within it. */
    public static final Duration MINIMUM_WAIT = Duration.ofSeconds(1);
    /** How long an outage is remembered after its timeout ran out, unless a server answers before. */
    public static final Duration RETENTION = Duration.ofMinutes(1);

    private final LongSupplier clockMillis;
    private final Map<String, Long> since = new ConcurrentHashMap<>();

    /** With a monotonic clock. */
    public StoreOutages() {
        this(() -> System.nanoTime() / 1_000_000);
    }

    /** @param clockMillis a monotonic clock in milliseconds (tests) */
    public StoreOutages(LongSupplier clockMillis) {
        this.clockMillis = requireNonNull(clockMillis, "clockMillis is null");
    }

    /** The clock's time now, for {@link #unreachable}'s {@code sinceMillis}. */
    public long now() {
        return clockMillis.getAsLong();
    }

    /**
     * Records that no server of {@code deployment} answered, since {@code sinceMillis} (on this object's clock) at the
     * latest; an outage already recorded keeps its earlier start.
     */
    public void unreachable(String deployment, long sinceMillis) {
        requireNonNull(deployment, "deployment is null");
        since.merge(deployment, sinceMillis, Math::min);
    }

    /** Records that a server of {@code deployment} answered: the outage, if any, is over. */
    public void reachable(String deployment) {
        requireNonNull(deployment, "deployment is null");
        since.remove(deployment);
    }

    /** When the current outage of {@code deployment} began, if one is remembered. */
    public OptionalLong since(String deployment, long timeoutMillis) {
        requireNonNull(deployment, "deployment is null");
        Long start = since.get(deployment);
        if (start == null) {
            return OptionalLong.empty();
        }
        if (now() - start > Math.max(timeoutMillis, 0) + RETENTION.toMillis()) {
            since.remove(deployment, start);
            return OptionalLong.empty();
        }
        return OptionalLong.of(start);
    }

    /**
     * How long an operation on {@code deployment} may wait for a server, in milliseconds.
     *
     * @param timeoutMillis the table's timeout; 0 or less (no wait, or wait forever) is returned as it is
     */
    public long waitMillis(String deployment, long timeoutMillis, TaskAttempt attempt) {
        return waitMillis(timeoutMillis, since(deployment, timeoutMillis), now(), attempt);
    }

    /**
     * The pure rule of {@link #waitMillis(String, long, TaskAttempt)}: the timeout; during an outage that began at
     * {@code since}, what is left of it; in a retried attempt without a known outage, the timeout divided by the
     * remaining attempts. Shortened waits are rounded up to whole seconds (so that few distinct clients are made) and
     * are never below {@link #MINIMUM_WAIT} or above the timeout.
     */
    static long waitMillis(long timeoutMillis, OptionalLong since, long now, TaskAttempt attempt) {
        requireNonNull(attempt, "attempt is null");
        if (timeoutMillis <= 0) {
            return timeoutMillis;
        }
        long wait;
        if (since.isPresent()) {
            wait = since.getAsLong() + timeoutMillis - now;
        } else if (attempt.isRetry() && attempt.maxAttempts() > 1) {
            wait = timeoutMillis / (attempt.maxAttempts() - 1);
        } else {
            return timeoutMillis;
        }
        long seconds = Math.max(0, Math.floorDiv(wait + 999, 1000));
        long floor = Math.min(timeoutMillis, MINIMUM_WAIT.toMillis());
        return Math.min(timeoutMillis, Math.max(floor, seconds * 1000));
    }
}
