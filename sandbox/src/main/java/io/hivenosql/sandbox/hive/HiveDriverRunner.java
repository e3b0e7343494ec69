package io.hivenosql.sandbox.hive;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.compat.driver.HiveScripts;
import io.hivenosql.sandbox.ChildCommand;
import io.hivenosql.sandbox.JvmOptions;
import io.hivenosql.sandbox.ServerClassPath;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;
import org.apache.hadoop.conf.Configuration;

/**
 * Runs HiveQL scripts on a Hive 4 release whose HiveServer2 is not on Maven Central (4.1.0, 4.2.0), through that
 * release's own Driver ({@link HiveScripts}) in a JVM of its own: an embedded Derby metastore, Tez in local mode, and
 * the handler jars as Hive's launcher takes {@code HIVE_AUX_JARS_PATH}: in {@code hive.aux.jars.path}, loaded into each
 * session as HiveServer2 loads them, and on the JVM's classpath; every directory
 * under one work directory. The release's jars come from the runtime-hive-VERSION module's classpath resource.
 *
 * <pre>{@code
 * HiveDriverRunner.Result result = HiveDriverRunner.builder(work, "4.2.0").java(java21).auxJars(jars)
 *         .variable("redis_nodes", nodes).build().run(scripts);
 * }</pre>
 */
public final class HiveDriverRunner {
    private static final int HEAP_MB = 1536;
    private static final String LOG_CONFIG = "log4j2.properties";

    private final Path workDir;
    private final String version;
    private final Path javaHome;
    private final List<Path> auxJars;
    private final Map<String, String> variables;
    private final Map<String, String> conf;
    private final Duration timeout;

    private HiveDriverRunner(Builder builder) {
        this.workDir = builder.workDir;
        this.version = builder.version;
        this.javaHome = builder.javaHome;
        this.auxJars = List.copyOf(builder.auxJars);
        this.variables = Map.copyOf(builder.variables);
        this.conf = Map.copyOf(builder.conf);
        this.timeout = builder.timeout;
    }

    /** A runner of Hive {@code version}'s Driver, whose metastore and warehouse live in {@code workDir}. */
    public static Builder builder(Path workDir, String version) {
        return new Builder(workDir, version);
    }

    /**
     * What one run printed: each script's result rows (tab-separated, as Hive's fetch formats them), in script order,
     * and the JVM's standard error (Hive's console, the failing statement).
     */
    public record Result(int exitCode, List<String> outputs, String stderr, boolean timedOut) {
        public Result {
            outputs = List.copyOf(outputs);
            requireNonNull(stderr, "stderr is null");
        }

        public boolean succeeded() {
            return exitCode == 0 && !timedOut;
        }

        /** The exit code and the last 60 lines of standard error, for failure messages. */
        public String describe() {
            List<String> lines = stderr.lines().toList();
            return (timedOut ? "timed out" : "exit " + exitCode) + "; stderr tail:\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        }
    }

    /**
     * Runs the scripts in order, one Hive session each, in one JVM (the metastore persists in the work directory, so
     * successive runs see each other's tables); stops at the first failing statement.
     */
    public Result run(List<Path> scripts) {
        Path out = workDir.resolve("results-" + System.nanoTime());
        Path err = workDir.resolve("driver.err");
        try {
            Files.createDirectories(workDir.resolve("tmp"));
            LocalHiveConf.createDirectories(workDir);
            writeHiveSite();
            writeLogConfig();
            OptionalInt exit = ChildCommand.run(
                    new ProcessBuilder(command(out, scripts))
                            .directory(workDir.toFile())
                            .redirectOutput(workDir.resolve("driver.out").toFile())
                            .redirectError(err.toFile()),
                    timeout);
            List<String> outputs = new ArrayList<>();
            for (int n = 1; n <= scripts.size(); n++) {
                Path file = out.resolve(n + ".out");
                if (Files.exists(file)) {
                    outputs.add(Files.readString(file, UTF_8));
                }
            }
            return new Result(exit.orElse(-1), outputs, Files.readString(err, UTF_8), exit.isEmpty());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run Hive " + version + "'s Driver in " + workDir, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while Hive " + version + "'s Driver ran", e);
        }
    }

    private List<String> command(Path out, List<Path> scripts) {
        ServerClassPath classPath = ServerClassPath.load(
                HiveDriverRunner.class,
                "/io/hivenosql/compat/runtime/hive-" + version + ".classpath",
                HiveScripts.class,
                "Hive " + version,
                "runtime-hive-" + version);
        List<String> command = new ArrayList<>();
        command.add(javaHome.resolve("bin").resolve("java").toString());
        command.addAll(JvmOptions.hiveOpens());
        command.add("-Xmx" + HEAP_MB + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        command.add("-Djava.io.tmpdir=" + workDir.resolve("tmp"));
        command.add("-Dderby.stream.error.file=" + workDir.resolve("derby.log"));
        command.add("-Dlog4j2.configurationFile="
                + workDir.resolve("conf").resolve(LOG_CONFIG).toUri());
        // the handler jars on the classpath too, as Hive's launcher adds HIVE_AUX_JARS_PATH: Tez's local tasks resolve
        // their splits' classes through the JVM's loaders, not through the session's
        List<String> entries = new ArrayList<>();
        entries.add(workDir.resolve("conf").toString());
        entries.add(classPath.value());
        auxJars.forEach(jar -> entries.add(jar.toString()));
        command.add("-cp");
        command.add(String.join(File.pathSeparator, entries));
        command.add(HiveScripts.class.getName());
        command.add("--out");
        command.add(out.toString());
        variables.forEach((name, value) -> {
            command.add("--hivevar");
            command.add(name + "=" + value);
        });
        scripts.forEach(script -> command.add(script.toAbsolutePath().toString()));
        return command;
    }

    /** Hive's and Tez's logging: everything to {@code logs/hive.log}, warnings and errors to standard error too. */
    private void writeLogConfig() throws IOException {
        Path logs = workDir.resolve("logs");
        Files.createDirectories(logs);
        Files.writeString(
                workDir.resolve("conf").resolve(LOG_CONFIG),
                String.join(
                        "\n",
                        "status = WARN",
                        "appender.file.type = File",
                        "appender.file.name = file",
                        "appender.file.fileName = " + logs.resolve("hive.log"),
                        "appender.file.layout.type = PatternLayout",
                        "appender.file.layout.pattern = %d{ISO8601} %-5p [%t] %c{2}: %m%n",
                        "appender.console.type = Console",
                        "appender.console.name = console",
                        "appender.console.target = SYSTEM_ERR",
                        "appender.console.layout.type = PatternLayout",
                        "appender.console.layout.pattern = %d{HH:mm:ss} %-5p %c{1}: %m%n",
                        "appender.console.filter.threshold.type = ThresholdFilter",
                        "appender.console.filter.threshold.level = WARN",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = file",
                        "rootLogger.appenderRef.console.ref = console",
                        ""),
                UTF_8);
    }

    private void writeHiveSite() throws IOException {
        Map<String, String> properties = new LinkedHashMap<>(LocalHiveConf.properties(
                workDir,
                0,
                HiveEngine.TEZ,
                auxJars,
                Map.of(
                        // one session at a time in this JVM: no job serializer (a sandbox class) is needed
                        "hive.query.lifetime.hooks", "",
                        // where Tez would copy hive-exec for its local AM (by default /user/<name>)
                        "hive.user.install.directory", LocalHiveConf.uri(workDir.resolve("user-install")),
                        "hive.tez.exec.inplace.progress", "false")));
        properties.putAll(conf);
        Configuration site = new Configuration(false);
        properties.forEach(site::set);
        Path file = workDir.resolve("conf").resolve("hive-site.xml");
        Files.createDirectories(file.getParent());
        try (OutputStream stream = Files.newOutputStream(file)) {
            site.writeXml(stream);
        }
    }

    @Override
    public String toString() {
        return "HiveDriverRunner[Hive " + version + ", java " + javaHome + ", work " + workDir + "]";
    }

    public static final class Builder {
        private final Path workDir;
        private final String version;
        private Path javaHome = Path.of(System.getProperty("java.home"));
        private final List<Path> auxJars = new ArrayList<>();
        private final Map<String, String> variables = new LinkedHashMap<>();
        private final Map<String, String> conf = new LinkedHashMap<>();
        private Duration timeout = Duration.ofMinutes(15);

        private Builder(Path workDir, String version) {
            this.workDir =
                    requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize();
            this.version = requireNonNull(version, "version is null");
        }

        /** The JDK (or runtime) home to run the Driver on; this JVM's by default (Hive 4.2 needs Java 21). */
        public Builder java(Path home) {
            this.javaHome = requireNonNull(home, "home is null");
            return this;
        }

        /** Handler jars for {@code hive.aux.jars.path}. */
        public Builder auxJars(List<Path> jars) {
            auxJars.addAll(requireNonNull(jars, "jars is null"));
            return this;
        }

        /** A {@code --hivevar}, for {@code ${name}} in the scripts. */
        public Builder variable(String name, String value) {
            variables.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /** A hive-site setting, after the runner's own. */
        public Builder conf(String key, String value) {
            conf.put(requireNonNull(key, "key is null"), requireNonNull(value, "value is null"));
            return this;
        }

        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        public HiveDriverRunner build() {
            return new HiveDriverRunner(this);
        }
    }
}
