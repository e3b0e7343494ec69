package io.hivenosql.api.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestSharedResources {
    private static final Duration LONG = Duration.ofHours(1);

    /** A client that records whether it was closed. */
    private static final class Client {
        private final int serial;
        private volatile boolean closed;

        private Client(int serial) {
            this.serial = serial;
        }
    }

    private final AtomicInteger opened = new AtomicInteger();
    private final List<Client> closed = new CopyOnWriteArrayList<>();

    private SharedResources<String, Client> resources(Duration delay) {
        return new SharedResources<>("test-shared", delay, client -> {
            client.closed = true;
            closed.add(client);
        });
    }

    private Client open() {
        return new Client(opened.incrementAndGet());
    }

    @Test
    void secretDigestIsTheHexSha256OfTheUtf8BytesAndNeverTheSecret() {
        // sha256("secret"), as `printf secret | sha256sum` prints it
        assertThat(SharedResources.secretDigest("secret".toCharArray()))
                .isEqualTo("2bb80d537b1da3e38bd30361aa855686bde0eacd7162fef6a25fe97bf527a25b");
        // UTF-8, not the platform charset: é is the two bytes c3 a9
        assertThat(SharedResources.secretDigest("é".toCharArray()))
                .isEqualTo("4a99557e4033c3539de2eb65472017cad5f9557f7a0625a09f1c3f6e2ba69c4c");
        assertThat(SharedResources.secretDigest("a".toCharArray()))
                .isNotEqualTo(SharedResources.secretDigest("b".toCharArray()));
    }

    @Test
    void leasesOfOneKeyShareOneClientUntilTheLastIsClosed() {
        SharedResources<String, Client> resources = resources(LONG);
        SharedResources.Lease<Client> first = resources.acquire("a", this::open);
        SharedResources.Lease<Client> second = resources.acquire("a", this::open);
        assertThat(second.get()).isSameAs(first.get());
        assertThat(opened).hasValue(1);
        assertThat(resources.openCount()).isEqualTo(1);

        first.close();
        first.close(); // a second close of the same lease releases nothing more
        resources.closeIdle();
        assertThat(first.get().closed).as("closed while a lease is held").isFalse();
        assertThat(resources.openCount()).isEqualTo(1);

        second.close();
        resources.closeIdle();
        assertThat(second.get().closed).isTrue();
        assertThat(closed).containsExactly(second.get());
        assertThat(resources.openCount()).isZero();
    }

    @Test
    void keysHaveTheirOwnClients() {
        SharedResources<String, Client> resources = resources(LONG);
        try (SharedResources.Lease<Client> a = resources.acquire("a", this::open);
                SharedResources.Lease<Client> b = resources.acquire("b", this::open)) {
            assertThat(a.get()).isNotSameAs(b.get());
            assertThat(resources.openCount()).isEqualTo(2);
        }
        resources.closeIdle();
        assertThat(closed).hasSize(2);
        assertThat(resources.openCount()).isZero();
    }

    @Test
    void anIdleClientClosesAfterTheDelayAndNotBefore() throws InterruptedException {
        SharedResources<String, Client> resources = resources(Duration.ofMillis(300));
        SharedResources.Lease<Client> lease = resources.acquire("a", this::open);
        Client client = lease.get();
        long released = System.nanoTime();
        lease.close();
        assertThat(client.closed).as("closed at once").isFalse();
        awaitClosed(client, Duration.ofSeconds(10));
        assertThat(Duration.ofNanos(System.nanoTime() - released)).isGreaterThanOrEqualTo(Duration.ofMillis(250));
        assertThat(resources.openCount()).isZero();
    }

    @Test
    void aLeaseTakenWithinTheDelayKeepsTheClientOpen() throws InterruptedException {
        SharedResources<String, Client> resources = resources(Duration.ofMillis(200));
        SharedResources.Lease<Client> first = resources.acquire("a", this::open);
        Client client = first.get();
        first.close();
        SharedResources.Lease<Client> second = resources.acquire("a", this::open);
        assertThat(second.get()).isSameAs(client);
        Thread.sleep(600);
        assertThat(client.closed).as("closed under a lease").isFalse();
        // the delay starts again at the last release
        second.close();
        awaitClosed(client, Duration.ofSeconds(10));
        assertThat(opened).hasValue(1);
    }

    @Test
    void aClosedClientIsOpenedAgainByTheNextLease() {
        SharedResources<String, Client> resources = resources(LONG);
        Client first;
        try (SharedResources.Lease<Client> lease = resources.acquire("a", this::open)) {
            first = lease.get();
        }
        resources.closeIdle();
        assertThat(first.closed).isTrue();
        try (SharedResources.Lease<Client> lease = resources.acquire("a", this::open)) {
            assertThat(lease.get()).isNotSameAs(first);
            assertThat(lease.get().closed).isFalse();
            assertThat(lease.get().serial).isEqualTo(2);
            assertThat(resources.openCount()).isEqualTo(1);
        }
    }

    @Test
    void aFailingOpenerLeavesNothingAndTheNextAcquireTriesAgain() {
        SharedResources<String, Client> resources = resources(LONG);
        assertThatThrownBy(() -> resources.acquire("a", () -> {
                    throw new IllegalStateException("cannot connect");
                }))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("cannot connect");
        assertThat(resources.openCount()).isZero();
        resources.closeIdle();
        assertThat(closed).isEmpty();

        assertThatThrownBy(() -> resources.acquire("a", () -> null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("opener returned null");
        assertThat(resources.openCount()).isZero();

        try (SharedResources.Lease<Client> lease = resources.acquire("a", this::open)) {
            assertThat(lease.get().serial).isEqualTo(1);
            assertThat(resources.openCount()).isEqualTo(1);
        }
    }

    @Test
    void aFailingOpenerDoesNotDisturbLeasesOfAnotherKey() {
        SharedResources<String, Client> resources = resources(LONG);
        try (SharedResources.Lease<Client> held = resources.acquire("a", this::open)) {
            assertThatThrownBy(() -> resources.acquire("b", () -> {
                        throw new IllegalStateException("refused");
                    }))
                    .hasMessage("refused");
            resources.closeIdle();
            assertThat(held.get().closed).isFalse();
            assertThat(resources.openCount()).isEqualTo(1);
        }
    }

    @Test
    void closeIdleClosesOnlyClientsWithoutLeases() {
        SharedResources<String, Client> resources = resources(LONG);
        SharedResources.Lease<Client> busy = resources.acquire("busy", this::open);
        SharedResources.Lease<Client> idle = resources.acquire("idle", this::open);
        idle.close();
        resources.closeIdle();
        assertThat(idle.get().closed).isTrue();
        assertThat(busy.get().closed).isFalse();
        assertThat(resources.openCount()).isEqualTo(1);
        busy.close();
        resources.closeIdle();
        assertThat(busy.get().closed).isTrue();
        assertThat(closed).containsExactly(idle.get(), busy.get());
    }

    @Test
    void concurrentLeasesOpenOneClient() throws InterruptedException {
        SharedResources<String, Client> resources = resources(LONG);
        int threads = 8;
        Thread[] workers = new Thread[threads];
        List<Client> seen = new CopyOnWriteArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int i = 0; i < threads; i++) {
            workers[i] = new Thread(() -> {
                try {
                    for (int round = 0; round < 200; round++) {
                        try (SharedResources.Lease<Client> lease = resources.acquire("a", this::open)) {
                            if (round == 0) {
                                seen.add(lease.get());
                            }
                            assertThat(lease.get().closed).isFalse();
                        }
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
        }
        // one lease held throughout, so that the client is never idle
        try (SharedResources.Lease<Client> holder = resources.acquire("a", this::open)) {
            for (Thread worker : workers) {
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            assertThat(failures).isEmpty();
            assertThat(seen).hasSize(threads).allSatisfy(client -> assertThat(client)
                    .isSameAs(holder.get()));
        }
        assertThat(opened).hasValue(1);
    }

    private static void awaitClosed(Client client, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!client.closed && System.nanoTime() < deadline) {
            Thread.sleep(20);
        }
        assertThat(client.closed).as("closed within %s", timeout).isTrue();
    }
}
