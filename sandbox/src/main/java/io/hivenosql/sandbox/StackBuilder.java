package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.cluster.MiniHadoopCluster;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveRelease;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The settings of a {@link Stack}, and its start: {@link Stack#builder(Path)}. */
public final class StackBuilder {
    private static final Logger log = LoggerFactory.getLogger(StackBuilder.class);

    private final Path workDir;
    private HiveRelease release = HiveRelease.HIVE_4_0_1;
    private HiveEngine engine = HiveEngine.TEZ;
    private boolean cluster;
    private boolean replicated;
    private boolean tls;
    private int nodeManagers = MiniHadoopCluster.NODE_MANAGERS;
    private final List<Path> auxJars = new ArrayList<>();
    private final Map<String, String> hiveConf = new LinkedHashMap<>();
    private final Map<String, String> variables = new LinkedHashMap<>();
    private Optional<Path> examples = Optional.empty();
    private Duration hiveStartTimeout = Duration.ofMinutes(2);
    private Optional<TestingCassandraServer.Builder> cassandra = Optional.empty();
    private Optional<TestingMongoServer.Builder> mongo = Optional.empty();

    StackBuilder(Path workDir) {
        this.workDir =
                requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
    }

    /** The HiveServer2 release: 4.0.1 (the default), or 3.1.3 in its own JVM (local mode, not {@link #cluster}). */
    public StackBuilder hive(HiveRelease release) {
        this.release = requireNonNull(release, "release is null");
        return this;
    }

    public StackBuilder engine(HiveEngine engine) {
        this.engine = requireNonNull(engine, "engine is null");
        return this;
    }

    /**
     * Whether HiveServer2 runs Hive on Tez over a YARN cluster (HDFS with 2 DataNodes, YARN with 2 NodeManagers,
     * HiveServer2 and every container in a JVM of its own, the handler jars on HDFS; see {@link
     * TestingHiveCluster}, work directory {@code <work>/cluster}) instead of in process (default: no).
     */
    public StackBuilder cluster(boolean enabled) {
        this.cluster = enabled;
        return this;
    }

    /**
     * Whether the stores speak only TLS (default: no; not with {@link #replicated}): a private CA is made in {@code
     * <work>/tls} at start, redis-server serves mutual TLS, the Cassandra node TLS, FerretDB (not the test double, which
     * has none) TLS; HiveServer2's configuration gives every table the material ({@code hivenosql.<store>.ssl*}, the
     * key store's password in a credential provider of the stack), so that the DDL of plain-text tables runs
     * unchanged. See {@link StackTls}.
     */
    public StackBuilder tls(boolean enabled) {
        this.tls = enabled;
        return this;
    }

    /**
     * Whether the stores are replicated (default: no): a Redis Cluster of 3 masters each with a replica instead of
     * one {@code redis-server}, and with {@link #cassandra(boolean) Cassandra} a ring of 3 nodes on 127.0.0.1,
     * 127.0.0.2 and 127.0.0.3 instead of one node (work directory {@code <work>/cassandra-ring}); MongoDB stays one
     * server. Combines with {@link #cluster(boolean)}.
     */
    public StackBuilder replicated(boolean enabled) {
        this.replicated = enabled;
        return this;
    }

    /** In cluster mode: how many YARN NodeManagers run (default 2), each with 2048 MB for containers. */
    public StackBuilder nodeManagers(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("A YARN cluster needs at least 1 NodeManager, not " + count);
        }
        this.nodeManagers = count;
        return this;
    }

    /** Handler jars for {@code hive.aux.jars.path}. */
    public StackBuilder auxJars(List<Path> jars) {
        auxJars.addAll(requireNonNull(jars, "jars is null"));
        return this;
    }

    public StackBuilder hiveConf(String key, String value) {
        hiveConf.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
        return this;
    }

    /**
     * Lets tables read mapping files ({@code nosql.mapping.url}) from local files under {@code directory}: added to
     * {@value Stack#MAPPING_FILE_ROOTS} of HiveServer2's configuration, which no session can change. Without any, a
     * table may name no local mapping file.
     */
    public StackBuilder mappingFileRoots(Path directory) {
        String root = requireNonNull(directory, "directory is null")
                .toAbsolutePath()
                .normalize()
                .toString();
        hiveConf.merge(Stack.MAPPING_FILE_ROOTS, root, (old, added) -> old + "," + added);
        return this;
    }

    /**
     * The examples directory (their files: {@code ${examples_dir}/...}), a {@linkplain #mappingFileRoots mapping-file
     * root}; in cluster mode copied to HDFS, {@value Stack#EXAMPLES_DIR} naming the copy that tasks on any host can read.
     */
    public StackBuilder examples(Path directory) {
        mappingFileRoots(directory);
        this.examples = Optional.of(directory.toAbsolutePath().normalize());
        return this;
    }

    /** An extra beeline variable; store addresses are added by the stack itself. */
    public StackBuilder variable(String name, String value) {
        variables.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
        return this;
    }

    /**
     * Whether the stack runs a Cassandra node too (default: no; it takes seconds to start and up to 1.5 GB of memory).
     * Its work directory is {@code <work>/cassandra}.
     */
    public StackBuilder cassandra(boolean enabled) {
        this.cassandra = enabled ? Optional.of(TestingCassandraServer.builder()) : Optional.empty();
        return this;
    }

    /**
     * Runs a Cassandra node with these settings, e.g. {@code TestingCassandraServer.builder()
     * .passwordAuthenticator(true)}; its work directory is always {@code <work>/cassandra}.
     */
    public StackBuilder cassandra(TestingCassandraServer.Builder settings) {
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
    public StackBuilder mongo(boolean enabled) {
        this.mongo = enabled ? Optional.of(TestingMongoServer.builder()) : Optional.empty();
        return this;
    }

    /** Runs a MongoDB server with these settings; its work directory is always {@code <work>/mongo}. */
    public StackBuilder mongo(TestingMongoServer.Builder settings) {
        this.mongo = Optional.of(requireNonNull(settings, "settings is null"));
        return this;
    }

    public StackBuilder hiveStartTimeout(Duration timeout) {
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
        Optional<StackTls> tlsMaterial = Optional.empty();
        if (tls) {
            if (replicated) {
                throw new IllegalStateException("a TLS stack runs one server per store: turn replicated off");
            }
            StackTls made = StackTls.create(workDir.resolve("tls"));
            boolean mongoTls = mongo.filter(StackTls::canServeTls).isPresent();
            mongo.filter(StackTls::canServeTls).ifPresent(builder -> builder.tls(made.mongo()));
            hiveConf.putAll(made.hiveConf(cassandra.isPresent(), mongoTls));
            mappingFileRoots(made.dir());
            tlsMaterial = Optional.of(made);
        }
        StackStores.Starting starting = StackStores.startInBackground(
                new StackStores.Settings(workDir, replicated, cassandra, mongo, tlsMaterial));
        StackHive hive;
        try {
            hive = StackHive.start(
                    workDir, release, cluster, nodeManagers, engine, auxJars, hiveConf, examples, hiveStartTimeout);
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
            stack.state().write(workDir);
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
