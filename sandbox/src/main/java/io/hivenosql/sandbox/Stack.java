package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cassandra.TestingCassandraRing;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.Closeable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole local stack: the store servers (Redis; Cassandra and MongoDB when asked for, see {@link
 * Builder#cassandra(boolean)} and {@link Builder#mongo(boolean)}) and a HiveServer2 whose handlers reach the stores
 * through the addresses in {@link #variables()}: in process by default ({@link
 * io.hivenosql.sandbox.hive.LocalHiveServer}, so one such stack per JVM), or Hive on Tez over a YARN cluster in cluster
 * mode ({@link Builder#cluster(boolean)}, {@link TestingHiveCluster}; beeline variables {@code hdfs_uri} and {@code
 * container_logs} too). Scripts refer to
 * them as {@code ${redis_nodes}}, {@code ${cassandra_hosts}}, {@code ${cassandra_local_dc}} and {@code ${mongo_uri}}
 * (extended with {@code /database.collection}).
 *
 * <p>Once everything is up the stack writes {@code <work>/stack.properties} ({@link StackState}); {@link #close()}
 * deletes it, stops HiveServer2 and then every server process the stack started.
 */
public final class Stack implements Closeable {
    /** The {@code host:port} of the Redis server, for {@code redis.nodes}. */
    public static final String REDIS_NODES = "redis_nodes";
    /** The {@code host:port} of the Cassandra node's CQL port, for {@code cassandra.hosts}. */
    public static final String CASSANDRA_HOSTS = "cassandra_hosts";
    /** The data center of the Cassandra node, for {@code cassandra.local-dc}. */
    public static final String CASSANDRA_LOCAL_DC = "cassandra_local_dc";
    /**
     * On a replicated stack ({@link Builder#replicated(boolean)}): the replication factor of the ring's keyspaces, for
     * {@code cassandra.replication} (e.g. {@code {'class': 'SimpleStrategy', 'replication_factor':
     * ${cassandra_replication_factor}}}).
     */
    public static final String CASSANDRA_REPLICATION_FACTOR = "cassandra_replication_factor";
    /**
     * The base connection string of the MongoDB server, {@code mongodb://127.0.0.1:<port>} (no database): scripts write
     * {@code mongo.uri} as {@code ${mongo_uri}/database.collection}. An external {@code MONGO_URI} with options gives
     * {@code mongodb://host/?options}, which such scripts cannot extend: give them a MONGO_URI without options.
     */
    public static final String MONGO_URI = "mongo_uri";
    /** The examples directory, or in cluster mode its copy on HDFS (see {@link Builder#examples(Path)}). */
    public static final String EXAMPLES_DIR = "examples_dir";
    /**
     * The HiveServer2 setting listing the directories under which {@code nosql.mapping.url} may name local files; a
     * session's SET does not change it (see {@link Builder#mappingFileRoots}).
     */
    public static final String MAPPING_FILE_ROOTS = "hivenosql.mapping.file.roots";

    private static final Logger log = LoggerFactory.getLogger(Stack.class);

    private final Path workDir;
    private final StackStores stores;
    private final StackHive hive;
    private final Map<String, String> variables;
    private final StackState state;
    private boolean closed;

    private Stack(Path workDir, StackStores stores, StackHive hive, Map<String, String> extra) {
        this.workDir = workDir;
        this.stores = stores;
        this.hive = hive;
        Map<String, String> variables = new LinkedHashMap<>(stores.variables());
        variables.putAll(hive.variables());
        variables.putAll(extra);
        this.variables = Collections.unmodifiableMap(variables);
        Map<String, Long> serverPids = new LinkedHashMap<>(stores.pids());
        serverPids.putAll(hive.pids());
        HiveInstance server = hive.instance();
        this.state = new StackState(
                ProcessHandle.current().pid(), server.jdbcUrl(), server.user(), hive.engine(), variables, serverPids);
    }

    public static Builder builder(Path workDir) {
        return new Builder(workDir);
    }

    public Path workDir() {
        return workDir;
    }

    public String jdbcUrl() {
        return hive.instance().jdbcUrl();
    }

    /** The HiveServer2, for JDBC work: in process, or the cluster's in cluster mode. */
    public HiveInstance hive() {
        return hive.instance();
    }

    /** Whether this stack runs Hive on Tez over YARN ({@link Builder#cluster(boolean)}). */
    public boolean isCluster() {
        return hive.cluster().isPresent();
    }

    /**
     * The cluster of a stack in cluster mode ({@link Builder#cluster(boolean)}): HDFS, YARN, HiveServer2's pid and the
     * containers' directories.
     */
    public TestingHiveCluster cluster() {
        return hive.cluster()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack runs HiveServer2 in process: build it with Stack.builder(...).cluster(true)"));
    }

    /** The Redis server; a replicated stack has a {@link #redisCluster()} instead. */
    public TestingRedisServer redis() {
        return stores.redis()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack is replicated: its Redis is a cluster, see redisCluster()"));
    }

    /** The Redis Cluster (3 masters, a replica each) of a replicated stack ({@link Builder#replicated(boolean)}). */
    public TestingRedisCluster redisCluster() {
        return stores.redisCluster()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack runs one Redis server: build it with Stack.builder(...).replicated(true)"));
    }

    /** The Cassandra node; only in a stack built with {@link Builder#cassandra(boolean) cassandra(true)}. */
    public TestingCassandraServer cassandra() {
        return stores.cassandra()
                .orElseThrow(() -> new IllegalStateException(
                        stores.replicated()
                                ? "This stack is replicated: its Cassandra is a ring, see cassandraRing()"
                                : "This stack runs no Cassandra: build it with Stack.builder(...).cassandra(true)"));
    }

    /** The 3-node Cassandra ring of a replicated stack built with {@code cassandra(true)}. */
    public TestingCassandraRing cassandraRing() {
        return stores.cassandraRing()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack runs no Cassandra ring: build it with Stack.builder(...).cassandra(true)"
                                + ".replicated(true)"));
    }

    /**
     * The MongoDB server; only in a stack built with {@link Builder#mongo(boolean) mongo(true)}. It is {@linkplain
     * TestingMongoServer#isExternal() external} when the environment variable {@code MONGO_URI} is set.
     */
    public TestingMongoServer mongo() {
        return stores.mongo()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack runs no MongoDB server: build it with Stack.builder(...).mongo(true)"));
    }

    /**
     * Beeline variables: each store's address by name, e.g. {@code redis_nodes -> 127.0.0.1:6380},
     * {@code cassandra_hosts -> 127.0.0.1:9042}, {@code cassandra_local_dc -> datacenter1} and {@code mongo_uri ->
     * mongodb://127.0.0.1:27017}, then the extra variables given to the builder (e.g. {@code examples_dir}).
     */
    public Map<String, String> variables() {
        return variables;
    }

    public StackState state() {
        return state;
    }

    /** A beeline runner connected to this stack's HiveServer2 with {@link #variables()} as {@code --hivevar}s. */
    public BeelineRunner.Builder beeline() {
        return BeelineRunner.builder(jdbcUrl()).user(hive.instance().user()).variables(variables);
    }

    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        List<RuntimeException> failures = new ArrayList<>();
        run(failures, () -> StackState.delete(workDir));
        run(failures, hive::close);
        run(failures, stores::close);
        log.info("Stack in {} stopped", workDir);
        if (!failures.isEmpty()) {
            RuntimeException first = failures.get(0);
            failures.subList(1, failures.size()).forEach(first::addSuppressed);
            throw first;
        }
    }

    private static void run(List<RuntimeException> failures, Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            failures.add(e);
        }
    }

    public static final class Builder {
        private final Path workDir;
        private HiveEngine engine = HiveEngine.TEZ;
        private boolean cluster;
        private boolean replicated;
        private int nodeManagers = io.hivenosql.sandbox.cluster.MiniHadoopCluster.NODE_MANAGERS;
        private final List<Path> auxJars = new ArrayList<>();
        private final Map<String, String> hiveConf = new LinkedHashMap<>();
        private final Map<String, String> variables = new LinkedHashMap<>();
        private Optional<Path> examples = Optional.empty();
        private Duration hiveStartTimeout = Duration.ofMinutes(2);
        private Optional<TestingCassandraServer.Builder> cassandra = Optional.empty();
        private Optional<TestingMongoServer.Builder> mongo = Optional.empty();

        private Builder(Path workDir) {
            this.workDir =
                    requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
        }

        public Builder engine(HiveEngine engine) {
            this.engine = requireNonNull(engine, "engine is null");
            return this;
        }

        /**
         * Whether HiveServer2 runs Hive on Tez over a YARN cluster (HDFS with 2 DataNodes, YARN with 2 NodeManagers,
         * HiveServer2 and every container in a JVM of its own, the handler jars on HDFS; see {@link
         * TestingHiveCluster}, work directory {@code <work>/cluster}) instead of in process (default: no).
         */
        public Builder cluster(boolean enabled) {
            this.cluster = enabled;
            return this;
        }

        /**
         * Whether the stores are replicated (default: no): a Redis Cluster of 3 masters each with a replica instead of
         * one {@code redis-server}, and with {@link #cassandra(boolean) Cassandra} a ring of 3 nodes on 127.0.0.1,
         * 127.0.0.2 and 127.0.0.3 instead of one node (work directory {@code <work>/cassandra-ring}); MongoDB stays one
         * server. Combines with {@link #cluster(boolean)}.
         */
        public Builder replicated(boolean enabled) {
            this.replicated = enabled;
            return this;
        }

        /** In cluster mode: how many YARN NodeManagers run (default 2), each with 2048 MB for containers. */
        public Builder nodeManagers(int count) {
            if (count < 1) {
                throw new IllegalArgumentException("A YARN cluster needs at least 1 NodeManager, not " + count);
            }
            this.nodeManagers = count;
            return this;
        }

        /** Handler jars for {@code hive.aux.jars.path}. */
        public Builder auxJars(List<Path> jars) {
            auxJars.addAll(requireNonNull(jars, "jars is null"));
            return this;
        }

        public Builder hiveConf(String key, String value) {
            hiveConf.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /**
         * Lets tables read mapping files ({@code nosql.mapping.url}) from local files under {@code directory}: added to
         * {@value #MAPPING_FILE_ROOTS} of HiveServer2's configuration, which no session can change. Without any, a
         * table may name no local mapping file.
         */
        public Builder mappingFileRoots(Path directory) {
            String root = requireNonNull(directory, "directory is null")
                    .toAbsolutePath()
                    .normalize()
                    .toString();
            hiveConf.merge(MAPPING_FILE_ROOTS, root, (old, added) -> old + "," + added);
            return this;
        }

        /**
         * The examples directory (their files: {@code ${examples_dir}/...}), a {@linkplain #mappingFileRoots mapping-file
         * root}; in cluster mode copied to HDFS, {@value #EXAMPLES_DIR} naming the copy that tasks on any host can read.
         */
        public Builder examples(Path directory) {
            mappingFileRoots(directory);
            this.examples = Optional.of(directory.toAbsolutePath().normalize());
            return this;
        }

        /** An extra beeline variable; store addresses are added by the stack itself. */
        public Builder variable(String name, String value) {
            variables.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /**
         * Whether the stack runs a Cassandra node too (default: no; it takes seconds to start and up to 1.5 GB of memory).
         * Its work directory is {@code <work>/cassandra}.
         */
        public Builder cassandra(boolean enabled) {
            this.cassandra = enabled ? Optional.of(TestingCassandraServer.builder()) : Optional.empty();
            return this;
        }

        /**
         * Runs a Cassandra node with these settings, e.g. {@code TestingCassandraServer.builder()
         * .passwordAuthenticator(true)}; its work directory is always {@code <work>/cassandra}.
         */
        public Builder cassandra(TestingCassandraServer.Builder settings) {
            this.cassandra = Optional.of(requireNonNull(settings, "settings is null"));
            return this;
        }

        /**
         * Whether the stack runs a MongoDB server too (default: no): the MongoDB-protocol test server (about 0.5 s to
         * start, some 60 MB of memory; work directory {@code <work>/mongo}), or FerretDB on PostgreSQL when the
         * environment variable {@code HIVE_NOSQL_MONGO} is {@code ferretdb}, or the external server of the
         * environment variable {@code MONGO_URI} when that is set, whatever the other says (see {@link
         * TestingMongoServer}).
         */
        public Builder mongo(boolean enabled) {
            this.mongo = enabled ? Optional.of(TestingMongoServer.builder()) : Optional.empty();
            return this;
        }

        /** Runs a MongoDB server with these settings; its work directory is always {@code <work>/mongo}. */
        public Builder mongo(TestingMongoServer.Builder settings) {
            this.mongo = Optional.of(requireNonNull(settings, "settings is null"));
            return this;
        }

        public Builder hiveStartTimeout(Duration timeout) {
            this.hiveStartTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /**
         * Starts the stores and HiveServer2 (Cassandra and MongoDB in the background meanwhile), then writes the state
         * file.
         */
        public Stack start() {
            long start = System.nanoTime();
            StackState.delete(workDir);
            StackStores.Starting starting =
                    StackStores.startInBackground(new StackStores.Settings(workDir, replicated, cassandra, mongo));
            StackHive hive;
            try {
                hive = StackHive.start(
                        workDir, cluster, nodeManagers, engine, auxJars, hiveConf, examples, hiveStartTimeout);
            } catch (RuntimeException | Error e) {
                starting.closeWhenStarted();
                throw e;
            }
            StackStores stores;
            try {
                stores = starting.await();
            } catch (RuntimeException e) {
                hive.close();
                throw e;
            }
            Stack stack = new Stack(workDir, stores, hive, variables);
            try {
                stack.state.write(workDir);
            } catch (RuntimeException e) {
                stack.close();
                throw e;
            }
            log.info(
                    "Stack up in {} ms: {}, {}",
                    (System.nanoTime() - start) / 1_000_000,
                    stack.jdbcUrl(),
                    stores.describe());
            return stack;
        }
    }
}
