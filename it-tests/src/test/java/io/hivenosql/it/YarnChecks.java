package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ClusterState;
import io.hivenosql.sandbox.cluster.ContainerClassPath;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/** What every {@code *YarnIT} asserts about the containers, plans and HiveServer2s of the cluster. */
final class YarnChecks {
    private static final Pattern NUM_ROWS = Pattern.compile("Num rows: (\\d+) Data size: (\\d+)");

    private YarnChecks() {}

    /**
     * The task attempts ran in YARN container JVMs (not this JVM, not the cluster's, not a HiveServer2's), and those
     * containers and their Tez AM got the jar matching {@code shippedJar} (a file-name regex) only as a resource YARN
     * localized: nothing on their cluster classpath holds a class of this project or of a store's client library.
     * Returns the containers.
     */
    static Set<ContainerLogs.Container> assertRanShippedInContainers(
            YarnStack.Resources yarn, List<ContainerLogs.Attempt> attempts, String what, String shippedJar) {
        assertThat(attempts).as("task attempts of " + what).isNotEmpty();
        Set<ContainerLogs.Container> containers = new LinkedHashSet<>();
        attempts.forEach(attempt -> containers.add(attempt.container()));
        Set<Long> notContainers = new LinkedHashSet<>(List.of(
                ProcessHandle.current().pid(),
                yarn.cluster().pid(),
                yarn.state().hiveServerPid()));
        yarn.state().plainHiveServer().map(ClusterState.PlainHiveServer::pid).ifPresent(notContainers::add);
        ContainerLogs logs = yarn.containerLogs();
        for (ContainerLogs.Container container : containers) {
            assertThat(container.isApplicationMaster()).as(container.id()).isFalse();
            assertThat(container.taskPid()).as("pid of " + container.id()).isPresent();
            assertThat(notContainers)
                    .as(container.id())
                    .doesNotContain(container.taskPid().getAsLong());
            assertShippedOnly(container, shippedJar);
            // the Tez AM computed the splits (hive.compute.splits.in.am): it needs the jar too
            assertShippedOnly(
                    logs.applicationMaster(container.applicationId())
                            .orElseThrow(() -> new AssertionError("no AM container of " + container.applicationId())),
                    shippedJar);
        }
        return containers;
    }

    static List<String> containerIds(Set<ContainerLogs.Container> containers) {
        return containers.stream().map(ContainerLogs.Container::id).toList();
    }

    /** The jar is among the resources YARN localized, and nowhere on the cluster's own classpath. */
    static void assertShippedOnly(ContainerLogs.Container container, String shippedJar) {
        assertThat(container.clusterClassPath())
                .as("cluster classpath of " + container.id())
                .anyMatch(entry -> entry.getFileName().toString().startsWith("hadoop-common-"))
                .anyMatch(entry -> entry.getFileName().toString().startsWith("tez-runtime-library-"));
        assertThat(ContainerClassPath.violations(container.clusterClassPath()))
                .as("handler or store-client classes on the cluster classpath of " + container.id())
                .isEmpty();
        assertThat(container.shippedClassPath())
                .as("resources localized into " + container.id())
                .anyMatch(entry -> entry.getFileName().toString().matches(shippedJar));
    }

    /**
     * The plain HiveServer2 (deployment b) has no class of this project or of a store client on its classpath: no jar
     * on it holds one, and its directories (its configuration directory, for hive-site.xml) hold no class or jar at
     * all. ({@link ContainerClassPath#violations} refuses every directory, as a container's classpath has none.)
     */
    static void assertPlainHiveServerHasNoHandler(YarnStack.Resources yarn) throws IOException {
        ClusterState.PlainHiveServer plain = yarn.state().plainHiveServer().orElseThrow();
        List<Path> classPath = classPathOf(plain.pid());
        List<Path> directories = classPath.stream().filter(Files::isDirectory).toList();
        assertThat(ContainerClassPath.violations(classPath.stream()
                        .filter(entry -> !Files.isDirectory(entry))
                        .toList()))
                .as("handler classes in the jars on the plain HiveServer2's classpath")
                .isEmpty();
        for (Path directory : directories) {
            try (Stream<Path> files = Files.walk(directory)) {
                assertThat(files.map(Path::toString).filter(name -> name.endsWith(".class") || name.endsWith(".jar")))
                        .as("classes or jars in %s on the plain HiveServer2's classpath", directory)
                        .isEmpty();
            }
        }
    }

    /** The classpath entries of a running JVM's {@code -cp} (from /proc: ProcessHandle truncates long commands). */
    static List<Path> classPathOf(long pid) throws IOException {
        String commandLine = new String(Files.readAllBytes(Path.of("/proc", Long.toString(pid), "cmdline")), UTF_8);
        List<String> arguments = List.of(commandLine.split("\0"));
        int option = arguments.indexOf("-cp");
        if (option < 0) {
            option = arguments.indexOf("-classpath");
        }
        assertThat(option).as("-cp in the command line of pid " + pid).isNotNegative();
        return Arrays.stream(arguments.get(option + 1).split(File.pathSeparator))
                .map(Path::of)
                .toList();
    }

    /** The plan of {@code sql} in the classic format (which prints each operator's statistics). */
    static String explain(HiveInstance hive, String sql) throws SQLException {
        return explain(hive, sql, "EXPLAIN ");
    }

    private static String explain(HiveInstance hive, String sql, String explain) throws SQLException {
        hive.execute("SET hive.explain.user=false");
        try {
            return hive.query(explain + sql).stream()
                    .map(row -> String.valueOf(row.get(0)))
                    .collect(Collectors.joining("\n"));
        } finally {
            hive.execute("RESET hive.explain.user");
        }
    }

    /** The row count of the plan's first operator (the table scan): "Statistics: Num rows: N Data size: ...". */
    static long scanRows(String plan) {
        Matcher rows = NUM_ROWS.matcher(plan);
        assertThat(rows.find()).as("statistics in the plan:%n%s", plan).isTrue();
        assertThat(Long.parseLong(rows.group(2)))
                .as("data size in the plan:%n%s", plan)
                .isPositive();
        return Long.parseLong(rows.group(1));
    }

    /**
     * The summary lines of {@code EXPLAIN VECTORIZATION} of {@code sql} (whether and why a map work vectorized), in the
     * classic format: Hive 3.1 prints the user-level plan, which has none, when {@code hive.explain.user} is on.
     */
    static List<String> vectorization(HiveInstance hive, String sql) throws SQLException {
        return Arrays.stream(explain(hive, sql, "EXPLAIN VECTORIZATION ").split("\n"))
                .map(String::trim)
                .filter(line -> line.startsWith("enabled")
                        || line.startsWith("inputFormatFeatureSupport")
                        || line.startsWith("vectorized:")
                        || line.startsWith("notVectorizedReason")
                        || line.startsWith("inputFileFormats")
                        || line.startsWith("enabledConditionsNotMet")
                        || line.startsWith("enabledConditionsMet"))
                .toList();
    }

    /**
     * The scan's map work of {@code sql} is vectorized through {@code hive.vectorized.use.row.serde.deserialize} (Hive
     * deserializes rows into column batches): what a HiveServer2 with the jar in hive.aux.jars.path plans for a file
     * SerDe's table.
     */
    static List<String> assertScanVectorized(HiveInstance hive, String sql) throws SQLException {
        return assertScanVectorized(hive, sql, "hive.vectorized.use.row.serde.deserialize");
    }

    /**
     * The scan's map work of {@code sql} reads the column batches a store's input format fills itself
     * ({@code hive.vectorized.use.vectorized.input.format}): what a HiveServer2 with the jar in hive.aux.jars.path plans
     * for a store's table.
     */
    static List<String> assertScanReadsBatches(HiveInstance hive, String sql) throws SQLException {
        return assertScanVectorized(hive, sql, "hive.vectorized.use.vectorized.input.format");
    }

    private static List<String> assertScanVectorized(HiveInstance hive, String sql, String how) throws SQLException {
        List<String> summary = vectorization(hive, sql);
        assertThat(summary)
                .as("EXPLAIN VECTORIZATION of %s", sql)
                .contains("enabledConditionsMet: " + how + " IS true")
                .noneMatch(line -> line.startsWith("enabledConditionsNotMet"));
        return summary;
    }

    /**
     * The scan's map work of {@code sql} is not vectorized: Hive treats {@code inputFormat} as excluded from row
     * deserialization. What a HiveServer2 plans when a file SerDe's input format comes from ADD JAR.
     */
    static List<String> assertScanNotVectorized(HiveInstance hive, String sql, String inputFormat) throws SQLException {
        return assertNotMet(
                hive,
                sql,
                "hive.vectorized.use.row.serde.deserialize IS true AND hive.vectorized.row.serde.inputformat.excludes "
                        + "NOT CONTAINS " + inputFormat + " IS false");
    }

    /**
     * The scan's map work of {@code sql} is not vectorized but runs row by row: Hive treats the store's
     * {@code inputFormat}, which reads batches, as excluded from vectorized input (and never deserializes rows of such a
     * format). What a HiveServer2 plans when the input format comes from ADD JAR.
     */
    static List<String> assertScanReadsRows(HiveInstance hive, String sql, String inputFormat) throws SQLException {
        return assertNotMet(
                hive,
                sql,
                "hive.vectorized.use.vectorized.input.format IS true AND hive.vectorized.input.format.excludes "
                        + "NOT CONTAINS " + inputFormat + " IS false");
    }

    private static List<String> assertNotMet(HiveInstance hive, String sql, String condition) throws SQLException {
        List<String> summary = vectorization(hive, sql);
        assertThat(summary)
                .as("EXPLAIN VECTORIZATION of %s", sql)
                .anyMatch(line -> line.startsWith("enabledConditionsNotMet: ") && line.contains(condition));
        return summary;
    }

    /**
     * A managed ORC table {@code db.table (id int, region string)} on the cluster's HDFS warehouse, filled through the
     * same HiveServer2 with {@code region-<id % 3>} for ids 0..rows-1 (one DAG).
     */
    static void createOrcRegions(HiveInstance hive, String table, int rows) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + table);
        hive.execute("CREATE TABLE " + table + " (id int, region string) STORED AS ORC");
        hive.execute(
                "INSERT INTO " + table + " SELECT id, concat('region-', cast(id % 3 AS string)) FROM " + ids(rows));
    }

    /** A subquery of the ids 0..rows-1 (column {@code id}), computed in the DAG that reads it. */
    static String ids(int rows) {
        return "(SELECT posexplode(split(space(" + (rows - 1) + "), ' ')) AS (id, unused)) ids";
    }
}
