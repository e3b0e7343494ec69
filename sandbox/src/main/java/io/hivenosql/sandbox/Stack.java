package io.hivenosql.sandbox;

import io.hivenosql.sandbox.cassandra.TestingCassandraRing;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.hive.Hive3Server;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.HiveRelease;
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
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole local stack: the store servers (Redis; Cassandra and MongoDB when asked for, see {@link
 * StackBuilder#cassandra(boolean)} and {@link StackBuilder#mongo(boolean)}) and a HiveServer2 whose handlers reach the stores
 * through the addresses in {@link #variables()}: in process by default ({@link
 * io.hivenosql.sandbox.hive.LocalHiveServer}, so one such stack per JVM), or Hive on Tez over a YARN cluster in cluster
 * mode ({@link StackBuilder#cluster(boolean)}, {@link TestingHiveCluster}; beeline variables {@code hdfs_uri} and {@code
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
     * On a replicated stack ({@link StackBuilder#replicated(boolean)}): the replication factor of the ring's keyspaces, for
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
    /** The examples directory, or in cluster mode its copy on HDFS (see {@link StackBuilder#examples(Path)}). */
    public static final String EXAMPLES_DIR = "examples_dir";
    /**
     * The HiveServer2 setting listing the directories under which {@code nosql.mapping.url} may name local files; a
     * session's SET does not change it (see {@link StackBuilder#mappingFileRoots}).
     */
    public static final String MAPPING_FILE_ROOTS = "hivenosql.mapping.file.roots";

    private static final Logger log = LoggerFactory.getLogger(Stack.class);

    private final Path workDir;
    private final StackStores stores;
    private final StackHive hive;
    private final Map<String, String> variables;
    private final StackState state;
    private boolean closed;

    Stack(Path workDir, StackStores stores, StackHive hive, Map<String, String> extra) {
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

    public static StackBuilder builder(Path workDir) {
        return new StackBuilder(workDir);
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

    /** Whether this stack runs Hive on Tez over YARN ({@link StackBuilder#cluster(boolean)}). */
    public boolean isCluster() {
        return hive.cluster().isPresent();
    }

    /**
     * The cluster of a stack in cluster mode ({@link StackBuilder#cluster(boolean)}): HDFS, YARN, HiveServer2's pid and the
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

    /** The Redis Cluster (3 masters, a replica each) of a replicated stack ({@link StackBuilder#replicated(boolean)}). */
    public TestingRedisCluster redisCluster() {
        return stores.redisCluster()
                .orElseThrow(() -> new IllegalStateException(
                        "This stack runs one Redis server: build it with Stack.builder(...).replicated(true)"));
    }

    /** The Cassandra node; only in a stack built with {@link StackBuilder#cassandra(boolean) cassandra(true)}. */
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
     * The MongoDB server; only in a stack built with {@link StackBuilder#mongo(boolean) mongo(true)}. It is {@linkplain
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

    /**
     * A beeline runner connected to this stack's HiveServer2 with {@link #variables()} as {@code --hivevar}s: Hive 3.1.3's
     * own beeline and JDBC driver for a HiveServer2 3.1.3.
     */
    public BeelineRunner.Builder beeline() {
        BeelineRunner.Builder beeline =
                BeelineRunner.builder(jdbcUrl()).user(hive.instance().user()).variables(variables);
        if (hive.release() == HiveRelease.HIVE_3_1_3) {
            beeline.classpath(Hive3Server.classPath().value());
        }
        return beeline;
    }

    /** The release of this stack's HiveServer2. */
    public HiveRelease release() {
        return hive.release();
    }

    /**
     * The log file of a HiveServer2 that runs out of this JVM in local mode (3.1.3), which holds its tasks' logging too;
     * empty for one in this JVM, whose logging is this JVM's.
     */
    public static Optional<Path> serverLog(Path stackWorkDir, HiveRelease release) {
        return release == HiveRelease.HIVE_3_1_3
                ? Optional.of(stackWorkDir.resolve(StackHive.HIVE3_DIR).resolve(Hive3Server.LOG_FILE))
                : Optional.empty();
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
}
