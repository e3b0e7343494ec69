package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.hive.EmbeddedHiveInstance;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.LocalHiveServer;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.Closeable;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The whole local stack: the store servers (Redis now; Cassandra and MongoDB later) and an in-process HiveServer2
 * ({@link LocalHiveServer}, so one stack per JVM) whose handlers reach the stores through the addresses in
 * {@link #variables()}. Scripts refer to them as {@code ${redis_nodes}}.
 *
 * <p>Once everything is up the stack writes {@code <work>/stack.properties} ({@link StackState}); {@link #close()}
 * deletes it, stops HiveServer2 and then every server process the stack started.
 */
public final class Stack implements Closeable {
    /** The {@code host:port} of the Redis server, for {@code redis.nodes}. */
    public static final String REDIS_NODES = "redis_nodes";

    private static final Logger log = LoggerFactory.getLogger(Stack.class);

    private final Path workDir;
    private final TestingRedisServer redis;
    private final EmbeddedHiveInstance hive;
    private final Map<String, String> variables;
    private final StackState state;
    private boolean closed;

    private Stack(Path workDir, TestingRedisServer redis, EmbeddedHiveInstance hive, Map<String, String> extra) {
        this.workDir = workDir;
        this.redis = redis;
        this.hive = hive;
        Map<String, String> variables = new LinkedHashMap<>();
        variables.put(REDIS_NODES, redis.address());
        variables.putAll(extra);
        this.variables = Collections.unmodifiableMap(variables);
        Map<String, Long> serverPids = new LinkedHashMap<>();
        serverPids.put("redis", redis.pid());
        LocalHiveServer server = hive.server();
        this.state = new StackState(
                ProcessHandle.current().pid(),
                server.jdbcUrl(),
                server.user(),
                server.engine().hiveName(),
                variables,
                serverPids);
    }

    public static Builder builder(Path workDir) {
        return new Builder(workDir);
    }

    public Path workDir() {
        return workDir;
    }

    public String jdbcUrl() {
        return hive.jdbcUrl();
    }

    /** The HiveServer2, as a {@link io.hivenosql.sandbox.hive.HiveInstance} for JDBC work. */
    public EmbeddedHiveInstance hive() {
        return hive;
    }

    public TestingRedisServer redis() {
        return redis;
    }

    /**
     * Beeline variables: each store's address by name, e.g. {@code redis_nodes -> 127.0.0.1:6380}, then the extra
     * variables given to the builder (e.g. {@code examples_dir}).
     */
    public Map<String, String> variables() {
        return variables;
    }

    public StackState state() {
        return state;
    }

    /** A beeline runner connected to this stack's HiveServer2 with {@link #variables()} as {@code --hivevar}s. */
    public BeelineRunner.Builder beeline() {
        return BeelineRunner.builder(jdbcUrl()).user(hive.user()).variables(variables);
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
        run(failures, redis::close);
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
        private final List<Path> auxJars = new ArrayList<>();
        private final Map<String, String> hiveConf = new LinkedHashMap<>();
        private final Map<String, String> variables = new LinkedHashMap<>();
        private Duration hiveStartTimeout = Duration.ofMinutes(2);

        private Builder(Path workDir) {
            this.workDir =
                    requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
        }

        public Builder engine(HiveEngine engine) {
            this.engine = requireNonNull(engine, "engine is null");
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

        /** An extra beeline variable, e.g. {@code examples_dir}; store addresses are added by the stack itself. */
        public Builder variable(String name, String value) {
            variables.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
            return this;
        }

        public Builder hiveStartTimeout(Duration timeout) {
            this.hiveStartTimeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        /** Starts the stores, then HiveServer2, then writes the state file. */
        public Stack start() {
            long start = System.nanoTime();
            StackState.delete(workDir);
            TestingRedisServer redis = TestingRedisServer.start();
            EmbeddedHiveInstance hive;
            try {
                hive = EmbeddedHiveInstance.start(LocalHiveServer.builder(workDir.resolve("hive"))
                        .engine(engine)
                        .auxJars(auxJars)
                        .conf(hiveConf)
                        .startTimeout(hiveStartTimeout));
            } catch (RuntimeException | Error e) {
                redis.close();
                throw e;
            }
            Stack stack = new Stack(workDir, redis, hive, variables);
            try {
                stack.state.write(workDir);
            } catch (RuntimeException e) {
                stack.close();
                throw e;
            }
            log.info("Stack up in {} ms: {}, {}", (System.nanoTime() - start) / 1_000_000, stack.jdbcUrl(), redis);
            return stack;
        }
    }
}
