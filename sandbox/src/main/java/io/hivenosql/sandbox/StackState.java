package io.hivenosql.sandbox;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * The state file of a running {@link Stack}, {@code <work>/stack.properties}: written (atomically) once everything is
 * up, deleted when the stack stops. {@code bin/hive-nosql} waits for it and reads it.
 *
 * <p>Plain {@code key=value} lines, readable by {@link Properties} and by {@code grep '^jdbc.url=' | cut -d= -f2-}:
 * {@code pid} (the JVM that runs the stack), {@code jdbc.url}, {@code user}, {@code engine}, {@code var.<name>} for each
 * beeline variable (e.g. {@code var.redis_nodes=127.0.0.1:6380}) and {@code server.<name>.pid} for each server process
 * the stack started.
 *
 * @param variables beeline variables ({@code --hivevar name=value}), in order
 * @param serverPids the pid of each server process the stack started (e.g. {@code redis}), in order
 */
public record StackState(
        long pid,
        String jdbcUrl,
        String user,
        String engine,
        Map<String, String> variables,
        Map<String, Long> serverPids) {
    public static final String FILE_NAME = "stack.properties";
    private static final String VARIABLE_PREFIX = "var.";
    private static final String SERVER_PREFIX = "server.";
    private static final String PID_SUFFIX = ".pid";

    public StackState {
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        requireNonNull(engine, "engine is null");
        variables = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(variables, "variables is null")));
        serverPids = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(serverPids, "serverPids is null")));
        if (pid <= 0) {
            throw new IllegalArgumentException("pid must be positive: " + pid);
        }
    }

    public static Path file(Path workDir) {
        return workDir.toAbsolutePath().normalize().resolve(FILE_NAME);
    }

    /** The file's lines, in a stable order. */
    public List<String> lines() {
        List<String> lines = new ArrayList<>();
        lines.add("pid=" + pid);
        lines.add("jdbc.url=" + jdbcUrl);
        lines.add("user=" + user);
        lines.add("engine=" + engine);
        variables.forEach((name, value) -> lines.add(VARIABLE_PREFIX + name + "=" + value));
        serverPids.forEach((name, serverPid) -> lines.add(SERVER_PREFIX + name + PID_SUFFIX + "=" + serverPid));
        for (String line : lines) {
            if (line.contains("\n") || line.contains("\\")) {
                throw new IllegalArgumentException(
                        "State file values must not contain newlines or backslashes: " + line);
            }
        }
        return lines;
    }

    /** Writes the file atomically (a temporary file moved into place). */
    public void write(Path workDir) {
        Path target = file(workDir);
        Path temporary = target.resolveSibling(FILE_NAME + ".tmp");
        try {
            Files.createDirectories(target.getParent());
            Files.write(temporary, lines(), UTF_8);
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the stack state file " + target, e);
        }
    }

    /** Reads the state file of the stack in {@code workDir}; fails with a hint when no stack runs there. */
    public static StackState read(Path workDir) {
        Path file = file(workDir);
        if (!Files.isRegularFile(file)) {
            throw new IllegalStateException("No stack is running in " + workDir + " (" + file
                    + " does not exist): start one with `bin/hive-nosql up`");
        }
        Properties properties = new Properties();
        try (Reader reader = Files.newBufferedReader(file, UTF_8)) {
            properties.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the stack state file " + file, e);
        }
        Map<String, String> variables = new LinkedHashMap<>();
        Map<String, Long> serverPids = new LinkedHashMap<>();
        // keep the file's order: Properties does not
        for (String line : readLines(file)) {
            int equals = line.indexOf('=');
            if (equals <= 0) {
                continue;
            }
            String key = line.substring(0, equals);
            String value = line.substring(equals + 1);
            if (key.startsWith(VARIABLE_PREFIX)) {
                variables.put(key.substring(VARIABLE_PREFIX.length()), value);
            } else if (key.startsWith(SERVER_PREFIX) && key.endsWith(PID_SUFFIX)) {
                serverPids.put(
                        key.substring(SERVER_PREFIX.length(), key.length() - PID_SUFFIX.length()),
                        parsePid(file, key, value));
            }
        }
        return new StackState(
                parsePid(file, "pid", required(properties, file, "pid")),
                required(properties, file, "jdbc.url"),
                required(properties, file, "user"),
                required(properties, file, "engine"),
                variables,
                serverPids);
    }

    /** Deletes the state file if it exists. */
    public static void delete(Path workDir) {
        try {
            Files.deleteIfExists(file(workDir));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot delete the stack state file " + file(workDir), e);
        }
    }

    private static List<String> readLines(Path file) {
        try {
            return Files.readAllLines(file, UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the stack state file " + file, e);
        }
    }

    private static String required(Properties properties, Path file, String key) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalStateException("Stack state file " + file + " has no '" + key
                    + "': it is damaged; stop the stack with `bin/hive-nosql down` and start it again");
        }
        return value.trim();
    }

    private static long parsePid(Path file, String key, String value) {
        try {
            return Long.parseLong(value.trim());
        } catch (NumberFormatException e) {
            throw new IllegalStateException(
                    "Stack state file " + file + " has a bad '" + key + "' (" + value + "): expected a process id", e);
        }
    }
}
