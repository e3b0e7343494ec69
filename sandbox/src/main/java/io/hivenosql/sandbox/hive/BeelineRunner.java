package io.hivenosql.sandbox.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ChildCommand;
import io.hivenosql.sandbox.JvmOptions;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * Runs the real beeline ({@code org.apache.hive.beeline.BeeLine} of hive-beeline 3.1.3, which works against
 * HiveServer2 4.0.1) in a child JVM, exactly as a user would: {@code -u <url> -n <user> --hivevar k=v ... -f file}.
 *
 * <p>Scripts refer to the variables as {@code ${name}} (or {@code ${hivevar:name}}); HiveServer2 substitutes them. With
 * {@link Builder#failFast(boolean) failFast} (the default, {@code --force=false}) beeline stops at the first failing
 * statement of a file and exits 2; later statements do not run.
 *
 * <p>The child's classpath is this JVM's {@code java.class.path} unless one is given; under Surefire/Failsafe that is
 * a manifest-only booter jar, which works as a child classpath too. The child gets the {@link JvmOptions#hiveOpens()}
 * flags.
 */
public final class BeelineRunner {
    public static final String MAIN_CLASS = "org.apache.hive.beeline.BeeLine";

    private final String jdbcUrl;
    private final String user;
    private final Path passwordFile;
    private final Map<String, String> variables;
    private final String classpath;
    private final Path java;
    private final List<String> jvmOptions;
    private final Map<String, String> environment;
    private final String outputFormat;
    private final boolean showHeader;
    private final boolean silent;
    private final boolean failFast;
    private final Duration timeout;

    private BeelineRunner(Builder builder) {
        this.jdbcUrl = builder.jdbcUrl;
        this.user = builder.user;
        this.passwordFile = builder.passwordFile;
        this.variables = Collections.unmodifiableMap(new LinkedHashMap<>(builder.variables));
        this.classpath = builder.classpath;
        this.java = builder.java;
        this.jvmOptions = List.copyOf(builder.jvmOptions);
        this.environment = Map.copyOf(builder.environment);
        this.outputFormat = builder.outputFormat;
        this.showHeader = builder.showHeader;
        this.silent = builder.silent;
        this.failFast = builder.failFast;
        this.timeout = builder.timeout;
    }

    public static Builder builder(String jdbcUrl) {
        return new Builder(jdbcUrl);
    }

    /** Runs a script file. */
    public Result runFile(Path script) {
        requireNonNull(script, "script is null");
        if (!Files.isRegularFile(script)) {
            throw new IllegalArgumentException("Beeline script " + script + " does not exist");
        }
        return run(scriptArguments(script));
    }

    /** The beeline arguments that run a script: connection, {@code -w} password file, output format, {@code -f}. */
    public List<String> scriptArguments(Path script) {
        List<String> arguments = new ArrayList<>(connectionArguments(jdbcUrl, user, variables));
        if (passwordFile != null) {
            arguments.add("-w");
            arguments.add(passwordFile.toAbsolutePath().toString());
        }
        arguments.addAll(formatArguments());
        arguments.add("-f");
        arguments.add(script.toAbsolutePath().toString());
        return arguments;
    }

    /** Runs a script given as text (written to a temporary file, deleted afterwards). */
    public Result runScript(String script) {
        requireNonNull(script, "script is null");
        Path file = null;
        try {
            file = Files.createTempFile("beeline-", ".hql");
            Files.writeString(file, script, StandardCharsets.UTF_8);
            return runFile(file);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write a temporary beeline script", e);
        } finally {
            deleteQuietly(file);
        }
    }

    /** Runs beeline with exactly these arguments (no connection or format arguments added). */
    public Result run(List<String> beelineArguments) {
        List<String> command = command(beelineArguments);
        Path out = null;
        Path err = null;
        long start = System.nanoTime();
        try {
            out = Files.createTempFile("beeline-", ".out");
            err = Files.createTempFile("beeline-", ".err");
            ProcessBuilder process =
                    new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(err.toFile());
            process.environment().putAll(environment);
            OptionalInt exit = ChildCommand.run(process, timeout);
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            return new Result(
                    command,
                    exit.orElse(-1),
                    new String(Files.readAllBytes(out), StandardCharsets.UTF_8),
                    new String(Files.readAllBytes(err), StandardCharsets.UTF_8),
                    elapsed,
                    exit.isEmpty());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot run beeline (" + java + " ... " + MAIN_CLASS + ")", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("Interrupted while running beeline", e);
        } finally {
            deleteQuietly(out);
            deleteQuietly(err);
        }
    }

    /** The child's JVM options unless {@link Builder#jvmOptions} replaces them: Hive's {@code --add-opens} flags and a small client heap. */
    public static List<String> defaultJvmOptions() {
        List<String> defaults = new ArrayList<>(JvmOptions.hiveOpens());
        defaults.add("-Xmx512m");
        defaults.add("-XX:TieredStopAtLevel=1");
        return List.copyOf(defaults);
    }

    /** The whole child command line: java, JVM options, classpath, main class, then {@code beelineArguments}. */
    public List<String> command(List<String> beelineArguments) {
        requireNonNull(beelineArguments, "beelineArguments is null");
        List<String> command = new ArrayList<>();
        command.add(java.toString());
        command.addAll(jvmOptions);
        command.add("-cp");
        command.add(classpath);
        command.add(MAIN_CLASS);
        command.addAll(beelineArguments);
        return command;
    }

    /** {@code -u <url> -n <user> --hivevar k=v ...} (variables in the map's order): what connects beeline. */
    public static List<String> connectionArguments(String jdbcUrl, String user, Map<String, String> variables) {
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        requireNonNull(variables, "variables is null");
        List<String> arguments = new ArrayList<>(List.of("-u", jdbcUrl, "-n", user));
        variables.forEach((name, value) -> {
            arguments.add("--hivevar");
            arguments.add(name + "=" + value);
        });
        return arguments;
    }

    private List<String> formatArguments() {
        List<String> arguments = new ArrayList<>();
        if (outputFormat != null) {
            arguments.add("--outputformat=" + outputFormat);
        }
        arguments.add("--showHeader=" + showHeader);
        arguments.add("--silent=" + silent);
        arguments.add("--force=" + !failFast);
        return arguments;
    }

    private static void deleteQuietly(Path path) {
        if (path != null) {
            try {
                Files.deleteIfExists(path);
            } catch (IOException ignored) {
                // a leftover temporary file is harmless
            }
        }
    }

    /**
     * What a beeline run gave: its exit code (0 = every statement succeeded; beeline exits 2 when a statement fails),
     * stdout (the result rows), stderr (errors, warnings), the time it took, and whether it was killed at the timeout.
     */
    public record Result(
            List<String> command, int exitCode, String stdout, String stderr, Duration elapsed, boolean timedOut) {
        public Result {
            command = List.copyOf(requireNonNull(command, "command is null"));
            requireNonNull(stdout, "stdout is null");
            requireNonNull(stderr, "stderr is null");
            requireNonNull(elapsed, "elapsed is null");
        }

        public boolean succeeded() {
            return exitCode == 0 && !timedOut;
        }

        /** The non-blank lines of stdout. */
        public List<String> stdoutLines() {
            return stdout.lines().filter(line -> !line.isBlank()).toList();
        }

        /** A summary for failure messages: the exit code and the last 40 non-blank lines of stderr. */
        public String describe() {
            List<String> lines = stderr.lines().filter(line -> !line.isBlank()).toList();
            StringBuilder text = new StringBuilder(
                    timedOut ? "beeline timed out after " + elapsed.toSeconds() + " s" : "beeline exited " + exitCode);
            if (!lines.isEmpty()) {
                text.append("; stderr:");
                lines.subList(Math.max(0, lines.size() - 40), lines.size())
                        .forEach(line -> text.append("\n  ").append(line));
            }
            return text.toString();
        }
    }

    public static final class Builder {
        private final String jdbcUrl;
        private String user = System.getProperty("user.name", "hive");
        private Path passwordFile;
        private final Map<String, String> variables = new LinkedHashMap<>();
        private String classpath = System.getProperty("java.class.path");
        private Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        private List<String> jvmOptions;
        private final Map<String, String> environment = new LinkedHashMap<>();
        private String outputFormat = "tsv2";
        private boolean showHeader;
        private boolean silent = true;
        private boolean failFast = true;
        private Duration timeout = Duration.ofMinutes(10);

        private Builder(String jdbcUrl) {
            this.jdbcUrl = requireNonNull(jdbcUrl, "jdbcUrl is null");
        }

        public Builder user(String user) {
            this.user = requireNonNull(user, "user is null");
            return this;
        }

        /**
         * {@code -w file}: beeline reads the password from this file, so it is on no command line (and in no process
         * list or log). Without one beeline connects with the user alone.
         */
        public Builder passwordFile(Path passwordFile) {
            this.passwordFile = requireNonNull(passwordFile, "passwordFile is null");
            return this;
        }

        /** Adds {@code --hivevar name=value}: scripts refer to it as {@code ${name}}. */
        public Builder variable(String name, String value) {
            variables.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /** Adds a {@code --hivevar} for each entry, in the map's order. */
        public Builder variables(Map<String, String> variables) {
            requireNonNull(variables, "variables is null").forEach(this::variable);
            return this;
        }

        /** The child's classpath; this JVM's {@code java.class.path} by default. */
        public Builder classpath(String classpath) {
            this.classpath = requireNonNull(classpath, "classpath is null");
            return this;
        }

        /** The {@code java} executable; this JVM's by default (beeline 3.1.3 runs on JDK 17). */
        public Builder java(Path java) {
            this.java = requireNonNull(java, "java is null");
            return this;
        }

        /** Replaces the child's JVM options; by default the Hive {@code --add-opens} flags and a small client heap. */
        public Builder jvmOptions(List<String> options) {
            this.jvmOptions = List.copyOf(requireNonNull(options, "options is null"));
            return this;
        }

        /** Sets a variable of the child's environment, e.g. {@code KRB5CCNAME} (the Kerberos ticket cache). */
        public Builder environment(String name, String value) {
            environment.put(requireNonNull(name, "name is null"), requireNonNull(value, "value is null"));
            return this;
        }

        /** {@code --outputformat}: {@code tsv2} by default; {@code table}, {@code csv2}, ... or null for beeline's. */
        public Builder outputFormat(String format) {
            this.outputFormat = format;
            return this;
        }

        /** {@code --showHeader}; false by default. */
        public Builder showHeader(boolean show) {
            this.showHeader = show;
            return this;
        }

        /** {@code --silent}; true by default (result rows only on stdout). */
        public Builder silent(boolean silent) {
            this.silent = silent;
            return this;
        }

        /** True (the default): {@code --force=false}, stop at the first failing statement with exit code 2. */
        public Builder failFast(boolean failFast) {
            this.failFast = failFast;
            return this;
        }

        /** The child is killed after this long; 10 minutes by default. */
        public Builder timeout(Duration timeout) {
            this.timeout = requireNonNull(timeout, "timeout is null");
            return this;
        }

        public BeelineRunner build() {
            if (classpath == null || classpath.isBlank()) {
                throw new IllegalStateException("No classpath for beeline: java.class.path is empty, set one");
            }
            if (jvmOptions == null) {
                jvmOptions = defaultJvmOptions();
            }
            return new BeelineRunner(this);
        }
    }
}
