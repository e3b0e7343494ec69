package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code main} of the command-line programs that may start HiveServer2 in process ({@code bin/hive-nosql up},
 * {@code demo}, {@code bench}): Tez local mode prints DAG progress lines to {@code System.out}, so for a command that
 * starts a server they go to {@code <work>/server.out}, and the program's own output keeps the console.
 */
public final class ServerConsole {
    public static final String FILE_NAME = "server.out";

    private static final Logger log = LoggerFactory.getLogger(ServerConsole.class);

    /** A program's commands: runs one and returns its exit code. */
    @FunctionalInterface
    public interface CommandLine {
        int run(List<String> args, PrintStream out, PrintStream err);
    }

    /** Where a command line's server works, when it starts one in process; may throw on a bad command line. */
    @FunctionalInterface
    public interface ServerWorkDir {
        Optional<Path> of(List<String> args);
    }

    private ServerConsole() {}

    /**
     * Sends the server's console output to {@code server.out} in the work directory {@code serverWorkDir} gives (a
     * bad command line is left to {@code program} to report), runs {@code program} with the console, and exits with
     * its code: Hive leaves non-daemon threads behind.
     */
    public static void runAndExit(String[] args, ServerWorkDir serverWorkDir, CommandLine program) {
        List<String> arguments = Arrays.asList(args);
        PrintStream console = System.out;
        try {
            serverWorkDir.of(arguments).ifPresent(ServerConsole::redirectTo);
        } catch (IllegalArgumentException e) {
            // the program reports it
        }
        System.exit(program.run(arguments, console, System.err));
    }

    /**
     * What {@code parser} makes of {@code args}; empty when it refuses them ({@link IllegalArgumentException}), after
     * printing its message and {@code usage} to {@code err} (the program then exits with its usage-error code).
     */
    public static <T> Optional<T> parse(
            List<String> args, Function<List<String>, T> parser, String usage, PrintStream err) {
        try {
            return Optional.of(parser.apply(args));
        } catch (IllegalArgumentException e) {
            err.println("error: " + e.getMessage());
            err.print(usage);
            return Optional.empty();
        }
    }

    /** Appends {@code System.out} from now on to {@code workDir/server.out}; on failure logs it and leaves it be. */
    static void redirectTo(Path workDir) {
        requireNonNull(workDir, "workDir is null");
        Path file = workDir.resolve(FILE_NAME);
        try {
            Files.createDirectories(workDir);
            System.setOut(new PrintStream(new FileOutputStream(file.toFile(), true), true, StandardCharsets.UTF_8));
        } catch (IOException e) {
            log.warn("Cannot redirect the server's console output to {}: {}", file, e.toString());
        }
    }
}
