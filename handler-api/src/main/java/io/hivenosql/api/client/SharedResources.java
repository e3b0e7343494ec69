package io.hivenosql.api.client;

import static java.util.Objects.requireNonNull;

import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Expensive clients (a driver session, a connection pool) shared within a JVM, one per key. The splits of a task, and
 * the planning, hook and statistics calls of HiveServer2, lease the same client; it is reference counted by its
 * {@link Lease}s and closed once it has had none for the idle delay, so that a burst of calls reuses it and an idle
 * JVM holds no connections.
 *
 * <p>A key must not contain a secret in clear (use {@link #secretDigest}); an opener that throws leaves nothing behind, and a later
 * {@link #acquire} tries again.
 *
 * @param <K> what makes two users share a client (e.g. hosts and credentials)
 * @param <R> the client
 */
public final class SharedResources<K, R> {
    private final Duration idleCloseDelay;
    private final Consumer<R> closer;
    private final Map<K, Shared<R>> shared = new HashMap<>();
    private final ScheduledExecutorService scheduler;

    /**
     * @param name names the closer thread
     * @param idleCloseDelay how long a client stays open without a lease
     * @param closer closes a client (must not throw)
     */
    public SharedResources(String name, Duration idleCloseDelay, Consumer<R> closer) {
        requireNonNull(name, "name is null");
        this.idleCloseDelay = requireNonNull(idleCloseDelay, "idleCloseDelay is null");
        this.closer = requireNonNull(closer, "closer is null");
        this.scheduler = Executors.newSingleThreadScheduledExecutor(runnable -> {
            Thread thread = new Thread(runnable, name + "-closer");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** A lease on the client of {@code key}, opened by {@code opener} if there is none. */
    public Lease<R> acquire(K key, Supplier<R> opener) {
        requireNonNull(key, "key is null");
        requireNonNull(opener, "opener is null");
        Shared<R> entry;
        synchronized (shared) {
            entry = shared.computeIfAbsent(key, k -> new Shared<>());
            entry.leases++;
        }
        try {
            return new Lease<>(this, key, entry, entry.open(opener));
        } catch (RuntimeException | Error e) {
            release(key, entry);
            throw e;
        }
    }

    /** A secret as a key component: the hex SHA-256 of its UTF-8 bytes, so that the secret itself is never held. */
    public static String secretDigest(char[] secret) {
        requireNonNull(secret, "secret is null");
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(StandardCharsets.UTF_8.encode(CharBuffer.wrap(secret)));
            return HexFormat.of().formatHex(sha.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Number of clients open now (tests). */
    public int openCount() {
        synchronized (shared) {
            return (int) shared.values().stream().filter(e -> e.current != null).count();
        }
    }

    /** Closes every client that has no lease now (tests, and JVMs that want to release connections early). */
    public void closeIdle() {
        List<Map.Entry<K, Shared<R>>> entries;
        synchronized (shared) {
            entries = List.copyOf(shared.entrySet());
        }
        for (Map.Entry<K, Shared<R>> entry : entries) {
            closeIfIdle(entry.getKey(), entry.getValue(), entry.getValue().idleGeneration);
        }
    }

    private void release(K key, Shared<R> entry) {
        synchronized (shared) {
            entry.leases--;
            if (entry.leases > 0) {
                return;
            }
            if (entry.current == null) {
                // nothing was opened (the opener failed): forget the entry
                if (shared.get(key) == entry) {
                    shared.remove(key);
                }
                return;
            }
            // whoever released last, an open client closes once it has been idle for the delay
            long generation = ++entry.idleGeneration;
            scheduler.schedule(
                    () -> closeIfIdle(key, entry, generation), idleCloseDelay.toMillis(), TimeUnit.MILLISECONDS);
        }
    }

    private void closeIfIdle(K key, Shared<R> entry, long generation) {
        R client;
        synchronized (shared) {
            if (entry.leases > 0 || entry.idleGeneration != generation || shared.get(key) != entry) {
                return;
            }
            shared.remove(key);
            client = entry.current;
            entry.current = null;
        }
        if (client != null) {
            closer.accept(client);
        }
    }

    private static final class Shared<R> {
        private int leases;
        private long idleGeneration;
        private R current;

        synchronized R open(Supplier<R> opener) {
            if (current == null) {
                current = requireNonNull(opener.get(), "opener returned null");
            }
            return current;
        }
    }

    /** One user's hold on a shared client; close it when done (the client itself stays open for others). */
    public static final class Lease<R> implements AutoCloseable {
        private final SharedResources<?, R> owner;
        private final Object key;
        private final Shared<R> entry;
        private final R client;
        private boolean closed;

        private <K> Lease(SharedResources<K, R> owner, K key, Shared<R> entry, R client) {
            this.owner = owner;
            this.key = key;
            this.entry = entry;
            this.client = client;
        }

        public R get() {
            return client;
        }

        @Override
        @SuppressWarnings("unchecked")
        public void close() {
            if (!closed) {
                closed = true;
                ((SharedResources<Object, R>) owner).release(key, entry);
            }
        }
    }
}
