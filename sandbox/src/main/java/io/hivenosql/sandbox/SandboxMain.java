package io.hivenosql.sandbox;

import io.hivenosql.sandbox.SandboxArguments.Command;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import io.hivenosql.sandbox.demo.DemoData;
import io.hivenosql.sandbox.demo.DemoRunner;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;

/**
 * The command line of the local stack, run by {@code bin/hive-nosql}: {@code up}, {@code demo}, {@code beeline-args},
 * {@code prepare-mongo} (see {@link SandboxArguments#USAGE}). Needs the JVM flags of {@link JvmOptions}.
 */
public final class SandboxMain {
    /** Exit code for a bad command line. */
    public static final int USAGE_ERROR = 64;
    /** Exit code when an example script fails. */
    public static final int EXAMPLE_FAILED = 1;
    /** Exit code when the stack cannot start or no stack runs. */
    public static final int STACK_FAILED = 70;

    /** Beeline variable naming the examples directory, for mapping files referenced by the examples. */
    public static final String EXAMPLES_DIR = Stack.EXAMPLES_DIR;

    /** The directory under the work directory whose mapping files the stack's tables may read. */
    public static final String MAPPINGS_DIR = "mappings";

    private static final Logger log = LoggerFactory.getLogger(SandboxMain.class);

    private SandboxMain() {}

    public static void main(String[] args) {
        ServerConsole.runAndExit(args, SandboxMain::serverWorkDir, SandboxMain::run);
    }

    /** {@code up} and {@code demo} start HiveServer2 in process, in the work directory. */
    private static Optional<Path> serverWorkDir(List<String> args) {
        SandboxArguments arguments = SandboxArguments.parse(args);
        boolean startsServer = arguments.command() == Command.UP || arguments.command() == Command.DEMO;
        return startsServer ? Optional.of(arguments.workDir()) : Optional.empty();
    }

    /** Runs one command; returns the exit code ({@code up} returns only when interrupted). */
    public static int run(List<String> args, PrintStream out, PrintStream err) {
        Optional<SandboxArguments> parsed =
                ServerConsole.parse(args, SandboxArguments::parse, SandboxArguments.USAGE, err);
        if (parsed.isEmpty()) {
            return USAGE_ERROR;
        }
        SandboxArguments arguments = parsed.get();
        try {
            return switch (arguments.command()) {
                case HELP -> {
                    out.print(SandboxArguments.USAGE);
                    yield 0;
                }
                case BEELINE_ARGS -> beelineArguments(arguments.workDir(), out);
                case PREPARE_MONGO -> {
                    out.println(arguments
                            .mongo()
                            .orElseGet(MongoFlavour::fromEnvironment)
                            .prepare());
                    yield 0;
                }
                case UP -> up(arguments, out);
                case DEMO -> demo(arguments, out);
            };
        } catch (RuntimeException e) {
            log.error("{} failed", arguments.command().cliName(), e);
            err.println("error: " + arguments.command().cliName() + " failed: " + e.getMessage());
            return STACK_FAILED;
        }
    }

    /** One argument a line (values never hold a newline), for {@code mapfile -t} in bin/hive-nosql. */
    static int beelineArguments(Path workDir, PrintStream out) {
        StackState state = StackState.read(workDir);
        if (ProcessHandle.of(state.pid()).map(ProcessHandle::isAlive).orElse(false)) {
            BeelineRunner.connectionArguments(state.jdbcUrl(), state.user(), state.variables())
                    .forEach(out::println);
            return 0;
        }
        throw new IllegalStateException("The stack in " + workDir + " is not running (pid " + state.pid()
                + " is gone) but left " + StackState.file(workDir) + ": run `bin/hive-nosql down`, then `up`");
    }

    private static Stack start(SandboxArguments arguments) {
        // up and demo run every store: Cassandra and MongoDB start in the background while HiveServer2 does
        StackBuilder builder = Stack.builder(arguments.workDir())
                .hive(arguments.hive())
                .engine(arguments.engine())
                .cluster(arguments.cluster())
                .replicated(arguments.replicated())
                .tls(arguments.tls())
                .auxJars(arguments.auxJars())
                .cassandra(true)
                .mongo(arguments
                        .mongo()
                        .map(flavour -> TestingMongoServer.builder().flavour(flavour))
                        .orElseGet(TestingMongoServer::builder))
                // bin/hive-nosql map --out .sandbox/stack/mappings/<name>: tables may read the files written there
                .mappingFileRoots(arguments.workDir().resolve(MAPPINGS_DIR));
        arguments.examplesDir().ifPresent(builder::examples);
        Stack stack = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(() -> closeQuietly(stack), "stack-stop"));
        return stack;
    }

    /** What a TLS stack's user needs to know: where the CA is, and that HiveServer2 gives tables the material. */
    private static java.util.Optional<String> tlsLine(SandboxArguments arguments) {
        if (!arguments.tls()) {
            return java.util.Optional.empty();
        }
        return java.util.Optional.of("tls: Redis (requiring client certificates), Cassandra and FerretDB (not the "
                + "MongoDB test double, which has no TLS) speak only TLS; CA "
                + arguments.workDir().resolve("tls").resolve("ca.pem") + "; HiveServer2's hivenosql.<store>.ssl* "
                + "settings give every table the material");
    }

    private static int up(SandboxArguments arguments, PrintStream out) {
        Stack stack = start(arguments);
        out.println("HiveServer2 " + stack.release().version() + " ("
                + stack.state().engine() + "): " + stack.jdbcUrl());
        stack.variables().forEach((name, value) -> out.println(name + ": " + value));
        tlsLine(arguments).ifPresent(out::println);
        if (stack.isCluster()) {
            out.println(clusterLogs(stack));
        }
        out.println("state file: " + StackState.file(arguments.workDir()));
        out.println("up; stop with SIGTERM or SIGINT (bin/hive-nosql down)");
        out.flush();
        try {
            new CountDownLatch(1).await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeQuietly(stack);
        return 0;
    }

    private static int demo(SandboxArguments arguments, PrintStream out) {
        Path examples = arguments.examplesDir().orElseThrow();
        List<Path> scripts = DemoRunner.scripts(examples, arguments.hive(), arguments.engine());
        Stack stack = start(arguments);
        try {
            int users;
            try (Jedis jedis = stack.redis().connect()) {
                users = DemoData.load(jedis);
            }
            out.println("HiveServer2: " + stack.jdbcUrl());
            stack.variables().forEach((name, value) -> out.println(name + ": " + value));
            tlsLine(arguments).ifPresent(out::println);
            if (stack.isCluster()) {
                out.println(clusterLogs(stack));
            }
            out.println("loaded " + users + " demo users into Redis (" + DemoData.KEY_PREFIX + "1.." + DemoData.USERS
                    + ")");
            if (scripts.isEmpty()) {
                out.println("no *.hql files in " + examples);
                return 0;
            }
            out.println("running " + scripts.size() + " example(s) from " + examples);
            boolean ok = DemoRunner.run(stack, examples, scripts, out);
            out.println();
            out.println(ok ? "all " + scripts.size() + " example(s) succeeded" : "an example failed");
            if (!ok && stack.isCluster()) {
                out.println(clusterLogs(stack));
            }
            return ok ? 0 : EXAMPLE_FAILED;
        } finally {
            closeQuietly(stack);
        }
    }

    /** Where a cluster-mode stack's HiveServer2 and YARN containers log. */
    static String clusterLogs(Stack stack) {
        return "YARN container logs: " + stack.variables().get(StackHive.CONTAINER_LOGS)
                + " (<application>/<container>/syslog*); HiveServer2 log: "
                + stack.cluster().workDir().resolve("hive").resolve("logs") + "; cluster log: "
                + stack.cluster().workDir().resolve(TestingHiveCluster.LOG_FILE);
    }

    private static void closeQuietly(Stack stack) {
        try {
            stack.close();
        } catch (RuntimeException e) {
            log.warn("Stopping the stack in {} failed: {}", stack.workDir(), e.getMessage(), e);
        }
    }
}
