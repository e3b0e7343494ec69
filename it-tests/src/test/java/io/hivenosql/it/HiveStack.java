package io.hivenosql.it;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.hivenosql.sandbox.SandboxMain;
import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.StackBuilder;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.HiveRelease;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Gives integration tests the stack they run against: one HiveServer2, one Redis server, one Cassandra node and one
 * MongoDB server (both started while HiveServer2 starts; MongoDB is the external server of {@code MONGO_URI} when that
 * is set) for the whole test run (kept in JUnit's root store, closed when the run ends), with the handler jars loaded
 * through {@code hive.aux.jars.path} exactly as a cluster loads them, never from the test classpath.
 */
public final class HiveStack implements ParameterResolver {
    private static final String KEY = HiveStack.class.getName();

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        Class<?> type = parameter.getParameter().getType();
        return type == Resources.class
                || type == HiveInstance.class
                || type == TestingRedisServer.class
                || type == TestingCassandraServer.class
                || type == TestingMongoServer.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        Resources resources = resources(context);
        Class<?> type = parameter.getParameter().getType();
        if (type == HiveInstance.class) {
            return resources.hive();
        }
        if (type == TestingRedisServer.class) {
            return resources.redis();
        }
        if (type == TestingCassandraServer.class) {
            return resources.cassandra();
        }
        if (type == TestingMongoServer.class) {
            return resources.mongo();
        }
        return resources;
    }

    /** The stack of this test run, started by the first test that needs it. */
    static Resources resources(ExtensionContext context) {
        return context.getRoot()
                .getStore(ExtensionContext.Namespace.GLOBAL)
                .getOrComputeIfAbsent(KEY, key -> Resources.start(), Resources.class);
    }

    /**
     * The running stack: the sandbox's {@link Stack}, the same one {@code bin/hive-nosql up} and {@code demo} start,
     * with the examples directory as the {@code examples_dir} variable.
     */
    public record Resources(Stack stack, Path workDir) implements ExtensionContext.Store.CloseableResource {
        static Resources start() {
            try {
                Path workDir = runDir();
                deleteRecursively(workDir); // a metastore left by an earlier run names servers long gone
                Files.createDirectories(workDir);
                StackBuilder builder = Stack.builder(workDir.resolve("stack"))
                        .hive(release())
                        .auxJars(auxJars())
                        .cassandra(true)
                        .mongo(true)
                        .variable(SandboxMain.EXAMPLES_DIR, examplesDir().toString())
                        // mapping files: the examples' and the tests' scratch files (see scratch()); nothing else
                        .mappingFileRoots(examplesDir())
                        .mappingFileRoots(workDir.resolve("scratch"));
                if (release() == HiveRelease.HIVE_4_0_1) {
                    // as on a secure cluster with Ranger: every statement is authorized, storage-handler tables by
                    // their URI (hive.security.authorization.tables.on.storagehandlers, on by default); the
                    // authorizer allows all but what a test denies, and runs in this JVM with HiveServer2
                    builder.hiveConf("hive.security.authorization.enabled", "true")
                            .hiveConf(
                                    "hive.security.authorization.manager", RecordingAuthorizerFactory.class.getName());
                }
                Stack stack = builder.start();
                return new Resources(stack, workDir);
            } catch (IOException e) {
                throw new IllegalStateException("cannot start the integration-test stack: " + e.getMessage(), e);
            }
        }

        /** This run's work directory ({@code hivenosql.work.dir}). */
        static Path runDir() {
            return Path.of(System.getProperty("hivenosql.work.dir", "target/it-work"));
        }

        /** The log of this run's HiveServer2 when it runs out of the test JVM in local mode (3.1.3). */
        static Optional<Path> serverLog() {
            return Stack.serverLog(runDir().resolve("stack"), release());
        }

        /** The HiveServer2 release of this run: {@code hivenosql.hive} (the 3.1.3 execution), else 4.0.1. */
        static HiveRelease release() {
            return HiveRelease.of(System.getProperty("hivenosql.hive", HiveRelease.HIVE_4_0_1.version()));
        }

        /**
         * Runs an INSERT with a column list that leaves a complex column NULL. Hive 3.1.3's planner fails on its NULL
         * map and array constants with any table (HIVE-22412, fixed in 4.0: a NullPointerException in
         * {@code StatsUtils.getSizeOfMap}, then one in {@code ExprNodeConstantDesc.getExprString} where re-execution
         * looks up runtime statistics) unless it skips both, which this INSERT does there.
         */
        static void insertLeavingComplexNulls(HiveInstance hive, String sql) throws SQLException {
            if (!hive3()) {
                hive.execute(sql);
                return;
            }
            hive.execute("SET hive.stats.estimate=false");
            hive.execute("SET hive.query.reexecution.enabled=false");
            try {
                hive.execute(sql);
            } finally {
                hive.execute("RESET hive.stats.estimate");
                hive.execute("RESET hive.query.reexecution.enabled");
            }
        }

        /** Whether this run's HiveServer2 is Hive 3.1.3, whose planner calls fewer of a handler's hooks. */
        static boolean hive3() {
            return release() == HiveRelease.HIVE_3_1_3;
        }

        static Path examplesDir() {
            return Path.of(System.getProperty("hivenosql.examples.dir", "../../ddl-examples/src/main/hql"))
                    .toAbsolutePath()
                    .normalize();
        }

        public HiveInstance hive() {
            return stack.hive();
        }

        public TestingRedisServer redis() {
            return stack.redis();
        }

        public TestingCassandraServer cassandra() {
            return stack.cassandra();
        }

        /**
         * The stack's MongoDB server: tables name it as {@code mongo.uri = mongo().databaseUri("db", "collection")};
         * tests that kill it skip themselves when it {@linkplain TestingMongoServer#isExternal() is external}.
         */
        public TestingMongoServer mongo() {
            return stack.mongo();
        }

        /**
         * A client of the stack's MongoDB server (the driver on the test classpath, not the handler jar's relocated
         * copy); close it after use.
         */
        public MongoClient mongoClient() {
            return MongoClients.create(MongoClientSettings.builder()
                    .applyConnectionString(new ConnectionString(stack.mongo().uri()))
                    .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(10, TimeUnit.SECONDS))
                    .build());
        }

        /** A CQL session on the stack's Cassandra node, through the driver in the handler jar; close it after use. */
        public HandlerJarCqlSession cql() {
            TestingCassandraServer cassandra = stack.cassandra();
            return HandlerJarCqlSession.connect(
                    cassandraHandlerJar(), cassandra.contactPoint(), cassandra.localDatacenter(), null, null);
        }

        /** handler-cassandra's -hive.jar among the aux jars: its driver is the one the tests' CQL sessions use. */
        static Path cassandraHandlerJar() {
            try {
                return HandlerJarCqlSession.handlerJar(auxJars());
            } catch (IOException e) {
                throw new UncheckedIOException("cannot list " + auxJarsDir(), e);
            }
        }

        static Path auxJarsDir() {
            return Path.of(System.getProperty("hivenosql.aux.jars.dir", "target/aux-jars"));
        }

        static List<Path> auxJars() throws IOException {
            Path dir = auxJarsDir();
            try (Stream<Path> files = Files.list(dir)) {
                List<Path> jars = files.filter(p -> p.toString().endsWith(".jar"))
                        .sorted()
                        .toList();
                if (jars.isEmpty()) {
                    throw new IllegalStateException("no handler jars in " + dir + ": run the build through mvn verify");
                }
                return jars;
            }
        }

        private static void deleteRecursively(Path dir) throws IOException {
            if (Files.exists(dir)) {
                try (Stream<Path> paths = Files.walk(dir)) {
                    for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                        Files.delete(path);
                    }
                }
            }
        }

        /** A scratch directory for one test's files (CSV sources, mapping files, keystores). */
        public Path scratch(String name) throws IOException {
            return Files.createDirectories(workDir.resolve("scratch").resolve(name));
        }

        @Override
        public void close() {
            stack.close();
        }
    }
}
