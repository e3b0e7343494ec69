package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cassandra.TestingCassandraRing;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.Closeable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The store servers of a {@link Stack}, started in the background while HiveServer2 starts: a single {@code
 * redis-server}, a Cassandra node (when asked for) and the MongoDB server (when asked for); or, replicated, a Redis
 * Cluster of 3 masters each with a replica ({@link TestingRedisCluster#startReplicated()}) and a 3-node Cassandra ring
 * on 127.0.0.1-3 ({@link TestingCassandraRing}, keyspaces of replication factor {@value #REPLICATION_FACTOR}) in
 * their place. MongoDB stays one server either way (no replica set can run here): the test double or FerretDB.
 */
final class StackStores implements Closeable {
    /** The replication factor a keyspace of the replicated stack's ring takes (every node holds every row). */
    static final int REPLICATION_FACTOR = 3;

    private final Optional<TestingRedisServer> redis;
    private final Optional<TestingRedisCluster> redisCluster;
    private final Optional<TestingCassandraServer> cassandra;
    private final Optional<TestingCassandraRing> cassandraRing;
    private final Optional<TestingMongoServer> mongo;

    private StackStores(
            Optional<TestingRedisServer> redis,
            Optional<TestingRedisCluster> redisCluster,
            Optional<TestingCassandraServer> cassandra,
            Optional<TestingCassandraRing> cassandraRing,
            Optional<TestingMongoServer> mongo) {
        this.redis = redis;
        this.redisCluster = redisCluster;
        this.cassandra = cassandra;
        this.cassandraRing = cassandraRing;
        this.mongo = mongo;
    }

    /** What to start and where: the settings of the stack's builder. */
    record Settings(
            Path workDir,
            boolean replicated,
            Optional<TestingCassandraServer.Builder> cassandra,
            Optional<TestingMongoServer.Builder> mongo,
            Optional<StackTls> tls) {
        Settings {
            requireNonNull(workDir, "workDir is null");
            requireNonNull(tls, "tls is null");
            requireNonNull(cassandra, "cassandra is null");
            requireNonNull(mongo, "mongo is null");
        }
    }

    /** The stores being started, each in a thread of its own. */
    static final class Starting {
        private final CompletableFuture<Optional<TestingRedisServer>> redis;
        private final CompletableFuture<Optional<TestingRedisCluster>> redisCluster;
        private final CompletableFuture<Optional<TestingCassandraServer>> cassandra;
        private final CompletableFuture<Optional<TestingCassandraRing>> cassandraRing;
        private final CompletableFuture<Optional<TestingMongoServer>> mongo;

        private Starting(Settings settings) {
            boolean replicated = settings.replicated();
            redis = start("redis", !replicated, () -> settings.tls()
                    .map(tls -> TestingRedisServer.builder().tls(tls.redis()).build())
                    .orElseGet(TestingRedisServer::start));
            redisCluster = start("redis-cluster", replicated, TestingRedisCluster::startReplicated);
            cassandra = settings.cassandra()
                    .filter(unused -> !replicated)
                    .map(builder -> ServerStarts.inBackground("stack-cassandra-start", () -> {
                        settings.tls().ifPresent(tls -> builder.tls(tls.cassandra()));
                        return Optional.of(builder.workDir(settings.workDir().resolve("cassandra"))
                                .build());
                    }))
                    .orElse(CompletableFuture.completedFuture(Optional.empty()));
            cassandraRing = start(
                    "cassandra-ring",
                    replicated && settings.cassandra().isPresent(),
                    () -> TestingCassandraRing.start(settings.workDir().resolve("cassandra-ring")));
            mongo = settings.mongo()
                    .map(builder -> ServerStarts.inBackground(
                            "stack-mongo-start",
                            () -> Optional.of(builder.workDir(settings.workDir().resolve("mongo"))
                                    .buildUnlessExternal())))
                    .orElse(CompletableFuture.completedFuture(Optional.empty()));
        }

        private static <T> CompletableFuture<Optional<T>> start(
                String name, boolean enabled, java.util.function.Supplier<T> start) {
            if (!enabled) {
                return CompletableFuture.completedFuture(Optional.empty());
            }
            return ServerStarts.inBackground("stack-" + name + "-start", () -> Optional.of(start.get()));
        }

        /**
         * Waits for every store; when one fails to start, stops the others (once their own starts are over) and throws
         * the first failure.
         */
        StackStores await() {
            List<RuntimeException> failures = new ArrayList<>();
            Optional<TestingRedisServer> redisServer = awaitOne(redis, failures);
            Optional<TestingRedisCluster> cluster = awaitOne(redisCluster, failures);
            Optional<TestingCassandraServer> node = awaitOne(cassandra, failures);
            Optional<TestingCassandraRing> ring = awaitOne(cassandraRing, failures);
            Optional<TestingMongoServer> mongoServer = awaitOne(mongo, failures);
            StackStores stores = new StackStores(redisServer, cluster, node, ring, mongoServer);
            if (!failures.isEmpty()) {
                stores.close();
                RuntimeException first = failures.get(0);
                failures.subList(1, failures.size()).forEach(first::addSuppressed);
                throw first;
            }
            return stores;
        }

        /** After a failed start of HiveServer2: stops every store once its own start is over. */
        void closeWhenStarted() {
            closeStarted(redis, "Redis", server -> server.ifPresent(TestingRedisServer::close));
            closeStarted(redisCluster, "the Redis Cluster", server -> server.ifPresent(TestingRedisCluster::close));
            closeStarted(cassandra, "Cassandra", server -> server.ifPresent(TestingCassandraServer::close));
            closeStarted(cassandraRing, "the Cassandra ring", server -> server.ifPresent(TestingCassandraRing::close));
            closeStarted(mongo, "MongoDB", server -> server.ifPresent(TestingMongoServer::close));
        }

        private static <T> void closeStarted(CompletableFuture<T> server, String what, Consumer<T> close) {
            ServerStarts.closeWhenStarted(server, what, close);
        }

        private static <T> Optional<T> awaitOne(
                CompletableFuture<Optional<T>> server, List<RuntimeException> failures) {
            try {
                return ServerStarts.await(server);
            } catch (RuntimeException e) {
                failures.add(e);
                return Optional.empty();
            }
        }
    }

    static Starting startInBackground(Settings settings) {
        return new Starting(requireNonNull(settings, "settings is null"));
    }

    boolean replicated() {
        return redisCluster.isPresent();
    }

    Optional<TestingRedisServer> redis() {
        return redis;
    }

    Optional<TestingRedisCluster> redisCluster() {
        return redisCluster;
    }

    Optional<TestingCassandraServer> cassandra() {
        return cassandra;
    }

    Optional<TestingCassandraRing> cassandraRing() {
        return cassandraRing;
    }

    Optional<TestingMongoServer> mongo() {
        return mongo;
    }

    /**
     * The stores' beeline variables: {@code redis_nodes} (the server, or every node of the cluster), {@code
     * cassandra_hosts} and {@code cassandra_local_dc} (the node, or the ring's three nodes), {@code mongo_uri}, and on
     * a replicated stack {@code cassandra_replication_factor}.
     */
    Map<String, String> variables() {
        Map<String, String> variables = new LinkedHashMap<>();
        redis.ifPresent(server -> variables.put(Stack.REDIS_NODES, server.address()));
        redisCluster.ifPresent(cluster -> variables.put(Stack.REDIS_NODES, cluster.nodes()));
        cassandra.ifPresent(server -> {
            variables.put(Stack.CASSANDRA_HOSTS, server.contactPoint());
            variables.put(Stack.CASSANDRA_LOCAL_DC, server.localDatacenter());
        });
        cassandraRing.ifPresent(ring -> {
            variables.put(Stack.CASSANDRA_HOSTS, ring.contactPoints());
            variables.put(Stack.CASSANDRA_LOCAL_DC, ring.localDatacenter());
            variables.put(Stack.CASSANDRA_REPLICATION_FACTOR, Integer.toString(REPLICATION_FACTOR));
        });
        mongo.ifPresent(server -> variables.put(Stack.MONGO_URI, server.uri()));
        return Collections.unmodifiableMap(variables);
    }

    /**
     * The pid of every server process, by a name that {@code bin/hive-nosql down} maps to the process's program: {@code
     * redis}, {@code cassandra}, {@code mongo} (the test double) or {@code ferretdb} and {@code ferretdb-postgres} (its
     * PostgreSQL postmaster, after FerretDB: down stops them in this order), or numbered ({@code redis-1} ... {@code
     * redis-6}, {@code cassandra-1} ... {@code cassandra-3}) on a replicated stack.
     */
    Map<String, Long> pids() {
        Map<String, Long> pids = new LinkedHashMap<>();
        redis.ifPresent(server -> pids.put("redis", server.pid()));
        redisCluster.ifPresent(cluster -> numbered(pids, "redis", cluster.servers()));
        cassandra.ifPresent(server -> pids.put("cassandra", server.pid()));
        cassandraRing.ifPresent(ring -> numbered(pids, "cassandra", ring.nodes()));
        mongo.filter(server -> !server.isExternal()).ifPresent(server -> {
            if (server.flavour().orElseThrow() == MongoFlavour.FERRETDB) {
                pids.put("ferretdb", server.pid());
                pids.put("ferretdb-postgres", server.postgresPid().orElseThrow());
            } else {
                pids.put("mongo", server.pid());
            }
        });
        return pids;
    }

    private static void numbered(Map<String, Long> pids, String name, List<? extends ServerFixture> servers) {
        for (int i = 0; i < servers.size(); i++) {
            pids.put(name + "-" + (i + 1), servers.get(i).pid());
        }
    }

    /** One line per store, for the stack's log. */
    String describe() {
        List<String> parts = new ArrayList<>();
        redis.ifPresent(server -> parts.add(server.toString()));
        redisCluster.ifPresent(cluster -> parts.add("Redis Cluster " + cluster.nodes() + " (3 masters, 3 replicas)"));
        cassandra.ifPresent(server -> parts.add(server.toString()));
        cassandraRing.ifPresent(ring -> parts.add("Cassandra ring " + ring.contactPoints()));
        mongo.ifPresent(server -> parts.add(server.toString()));
        return String.join(", ", parts);
    }

    /** Stops every server the stack started, by pid; the first failure is thrown once all were tried. */
    @Override
    public void close() {
        List<RuntimeException> failures = new ArrayList<>();
        List<Runnable> stops = List.of(
                () -> redis.ifPresent(TestingRedisServer::close),
                () -> redisCluster.ifPresent(TestingRedisCluster::close),
                () -> cassandra.ifPresent(TestingCassandraServer::close),
                () -> cassandraRing.ifPresent(TestingCassandraRing::close),
                () -> mongo.ifPresent(TestingMongoServer::close));
        for (Runnable stop : stops) {
            try {
                stop.run();
            } catch (RuntimeException e) {
                failures.add(e);
            }
        }
        if (!failures.isEmpty()) {
            RuntimeException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }
}
