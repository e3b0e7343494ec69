package io.hivenosql.sandbox.demo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.BeelineRunner;
import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveRelease;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/** Runs every {@code *.hql} of a directory, in name order, through beeline against a {@link Stack}. */
public final class DemoRunner {
    private DemoRunner() {}

    /**
     * The {@code *.hql} files under {@code examplesDir} (any depth, e.g. {@code redis/01-hash-table.hql}), sorted by
     * their path relative to it.
     */
    public static List<Path> scripts(Path examplesDir) {
        requireNonNull(examplesDir, "examplesDir is null");
        if (!Files.isDirectory(examplesDir)) {
            throw new IllegalArgumentException("Examples directory " + examplesDir + " does not exist");
        }
        try (Stream<Path> files = Files.walk(examplesDir)) {
            return files.filter(file -> file.getFileName().toString().endsWith(".hql"))
                    .filter(Files::isRegularFile)
                    .sorted(Comparator.comparing(
                            file -> examplesDir.relativize(file).toString()))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot list " + examplesDir, e);
        }
    }

    /**
     * The first line of a script that only Hive 4 on Tez runs: DELETE, UPDATE and MERGE of hive-nosql tables (Hive 3
     * has no row-level DML for storage handlers; the handler applies a statement when HiveServer2 commits it after its
     * Tez DAG).
     */
    public static final String NEEDS_HIVE_4_ON_TEZ = "-- needs: Hive 4 on Tez";

    /**
     * {@link #scripts(Path)} that a HiveServer2 of {@code release} running {@code engine} runs: all but those whose
     * first line is {@value #NEEDS_HIVE_4_ON_TEZ} on Hive 3 or MapReduce.
     */
    public static List<Path> scripts(Path examplesDir, HiveRelease release, HiveEngine engine) {
        requireNonNull(release, "release is null");
        requireNonNull(engine, "engine is null");
        boolean hive4OnTez = release != HiveRelease.HIVE_3_1_3 && engine == HiveEngine.TEZ;
        return scripts(examplesDir).stream()
                .filter(script -> hive4OnTez || !needsHive4OnTez(script))
                .toList();
    }

    private static boolean needsHive4OnTez(Path script) {
        try (Stream<String> lines = Files.lines(script)) {
            return lines.findFirst()
                    .map(String::strip)
                    .filter(NEEDS_HIVE_4_ON_TEZ::equals)
                    .isPresent();
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + script, e);
        }
    }

    /**
     * Runs the scripts one by one, printing each one's output under a header; stops at the first failing script. In
     * cluster mode each script's line also says how many Tez task attempts ran in which YARN containers (from their
     * logs, {@link ContainerLogs}).
     *
     * @return true when every script succeeded
     */
    public static boolean run(Stack stack, Path examplesDir, List<Path> scripts, PrintStream out) {
        requireNonNull(stack, "stack is null");
        requireNonNull(examplesDir, "examplesDir is null");
        requireNonNull(scripts, "scripts is null");
        requireNonNull(out, "out is null");
        BeelineRunner beeline =
                stack.beeline().outputFormat("table").showHeader(true).build();
        Optional<ContainerLogs> containerLogs = stack.isCluster()
                ? Optional.of(new ContainerLogs(stack.cluster().state().containerLogDirs()))
                : Optional.empty();
        for (Path script : scripts) {
            Set<String> before = containerLogs.map(ContainerLogs::attemptIds).orElse(Set.of());
            out.println();
            String name = examplesDir.relativize(script).toString();
            out.println("==== " + name + " ====");
            BeelineRunner.Result result = beeline.runFile(script);
            out.print(result.stdout());
            out.flush();
            if (!result.succeeded()) {
                out.println("---- " + name + " FAILED: " + result.describe());
                return false;
            }
            out.println("---- " + name + " ok (" + result.elapsed().toMillis() + " ms"
                    + containerLogs
                            .map(logs -> "; " + tasks(logs.attemptsSince(before)))
                            .orElse("") + ")");
        }
        return true;
    }

    /** E.g. {@code 7 Tez task attempt(s) in 3 YARN container(s) of application_1795661890477_0002}. */
    static String tasks(List<ContainerLogs.Attempt> attempts) {
        if (attempts.isEmpty()) {
            return "no Tez task in a YARN container";
        }
        Set<String> containers = new TreeSet<>();
        Set<String> applications = new TreeSet<>();
        attempts.forEach(attempt -> {
            containers.add(attempt.container().id());
            applications.add(attempt.container().applicationId());
        });
        return attempts.size() + " Tez task attempt(s) in " + containers.size() + " YARN container(s) of "
                + String.join(", ", applications);
    }
}
