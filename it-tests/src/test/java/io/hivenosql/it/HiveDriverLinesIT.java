package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.hivenosql.sandbox.ServerProcess;
import io.hivenosql.sandbox.Stack;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.demo.DemoData;
import io.hivenosql.sandbox.demo.DemoRunner;
import io.hivenosql.sandbox.hive.HiveDriverRunner;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every ddl-example on Hive 4.1.0 (Java 17) and 4.2.0 (Java 21), whose HiveServer2 is not on Maven Central, through
 * each release's own Driver in a JVM of its own ({@link HiveDriverRunner}: embedded metastore, Tez in local mode, the
 * handler jars in {@code hive.aux.jars.path}), against stores of its own: each script's rows must be those its {@code
 * .out} file holds, which beeline got from HiveServer2 4.0.1 (DdlExamplesIT). Hive 4.2.0 runs on the Java 21 runtime
 * that {@code bin/hive-nosql test} installs and names in {@code hivenosql.java21.home}.
 */
class HiveDriverLinesIT {
    private static final Pattern WHOLE_SECOND = Pattern.compile("^(\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)\\.0$");
    private static final Pattern DECIMAL = Pattern.compile("-?\\d+\\.\\d+");
    private static final String PASSWORD = "lines-s3cr3t-Pa55";
    private static final String ALIAS = "lines.redis.password";
    private static final Pattern PUSHED =
            Pattern.compile("NoSqlInputFormat: table examples\\.(\\w+): [^\\n]*pushed filter: (?!none)");

    @ParameterizedTest(name = "Hive {0}")
    @ValueSource(strings = {"4.1.0", "4.2.0"})
    void everyExampleReturnsTheRowsItDoesOnHive401(String version) throws Exception {
        Path java = javaHome(version);
        // kept after the run: the Driver's log is logs/hive.log there
        Path work = Path.of(System.getProperty("hivenosql.work.dir", "target/it-work"), "hive-" + version);
        ServerProcess.deleteRecursively(work);
        Files.createDirectories(work);
        Path examples = HiveStack.Resources.examplesDir();
        List<Path> scripts = new ArrayList<>(DemoRunner.scripts(examples));
        Path shapes = Path.of(HiveDriverLinesIT.class
                .getResource("/hive-lines/filter-shapes.hql")
                .toURI());
        scripts.add(shapes);
        Path statistics = Path.of(HiveDriverLinesIT.class
                .getResource("/hive-lines/statistics.hql")
                .toURI());
        scripts.add(statistics);
        scripts.add(Path.of(HiveDriverLinesIT.class
                .getResource("/hive-lines/credentials-and-inference.hql")
                .toURI()));
        try (TestingRedisServer redis = TestingRedisServer.start();
                TestingRedisServer secured = TestingRedisServer.builder()
                        .password("the-default-users-password")
                        .aclUser("hive", PASSWORD)
                        .build();
                TestingCassandraServer cassandra = TestingCassandraServer.start();
                TestingMongoServer mongo = TestingMongoServer.start()) {
            DemoData.load(redis.host(), redis.port());
            String credentials = Keystores.create(
                    work.resolve("credentials.jceks"),
                    Map.of(ALIAS, PASSWORD, Keystores.hosts(ALIAS), secured.address()));
            HiveDriverRunner.Result result = HiveDriverRunner.builder(work, version)
                    .java(java)
                    .auxJars(HiveStack.Resources.auxJars())
                    .variable(Stack.REDIS_NODES, redis.address())
                    .variable(Stack.CASSANDRA_HOSTS, cassandra.contactPoint())
                    .variable(Stack.CASSANDRA_LOCAL_DC, cassandra.localDatacenter())
                    .variable(Stack.MONGO_URI, mongo.uri())
                    .variable(Stack.EXAMPLES_DIR, examples.toString())
                    .variable("secured_redis", secured.address())
                    .variable("credentials", credentials)
                    .conf(Stack.MAPPING_FILE_ROOTS, examples.toString())
                    .build()
                    .run(scripts);

            assertThat(result.succeeded())
                    .as("Hive %s: %s", version, result.describe())
                    .isTrue();
            assertThat(result.outputs()).hasSameSizeAs(scripts);
            for (int i = 0; i < scripts.size() - 3; i++) {
                Path script = scripts.get(i);
                Path expected =
                        script.resolveSibling(script.getFileName().toString().replace(".hql", ".out"));
                assertThat(sameValues(result.outputs().get(i)))
                        .as("rows of %s on Hive %s", examples.relativize(script), version)
                        .isEqualTo(sameValues(Files.readString(expected, UTF_8)));
            }
            // Calcite 1.33's filter shapes: the store's table and its ORC copy count the same rows, shape by shape
            Map<String, Set<String>> counts = new TreeMap<>();
            for (String line : result.outputs().get(scripts.size() - 3).strip().split("\n")) {
                String[] fields = line.split("\t");
                counts.computeIfAbsent(fields[0], shape -> new TreeSet<>()).add(fields[2]);
            }
            assertThat(counts).as("filter shapes on Hive %s", version).hasSize(12);
            assertThat(counts).allSatisfy((shape, values) -> assertThat(values)
                    .as("counts of shape '%s' on the store's table and on ORC", shape)
                    .hasSize(1)
                    .noneMatch("0"::equals));
            // ANALYZE: the store's row count in the metastore (Redis: the 20 demo users, estimated from a key sample)
            String numRows = result.outputs().get(scripts.size() - 2).strip();
            assertThat(numRows)
                    .as("numRows of examples.users after ANALYZE on Hive %s", version)
                    .matches("numRows\t[0-9]+");
            assertThat(Long.parseLong(numRows.substring(numRows.indexOf('\t') + 1)))
                    .as("numRows of examples.users after ANALYZE on Hive %s", version)
                    .isBetween(10L, 40L);
            // the password from the credential provider, and the columns the stores hold: what the declared tables read
            List<String> rows =
                    List.of(result.outputs().get(scripts.size() - 1).strip().split("\n"));
            assertThat(rows)
                    .as("credentials and inferred tables on Hive %s", version)
                    .hasSize(6);
            assertThat(rows.subList(0, 2)).containsExactly("secured\ta\t1", "secured\tb\t2");
            assertThat(totals(rows, "inferred_cql"))
                    .isEqualTo(totals(rows, "shapes_cql"))
                    .startsWith("60\t");
            assertThat(totals(rows, "inferred_mongo"))
                    .isEqualTo(totals(rows, "shapes_mongo"))
                    .startsWith("60\t");
            assertThat(result.describe()).doesNotContain(PASSWORD);
            // the stores were given filters: each store's tables were read with a pushed filter, as the planner logs
            String log = Files.readString(work.resolve("logs").resolve("hive.log"), UTF_8);
            assertThat(log).doesNotContain(PASSWORD);
            assertThat(PUSHED.matcher(log)
                            .results()
                            .map(match -> match.group(1))
                            .distinct())
                    .as("tables read with a pushed filter on Hive %s (logs/hive.log)", version)
                    .contains("users", "orders_cql", "orders_mongo", "shapes_cql", "shapes_mongo");
        }
    }

    /** The values of the one row that starts with {@code name}, after that first field, as {@link #sameValues}. */
    private static String totals(List<String> rows, String name) {
        List<String> matching =
                rows.stream().filter(row -> row.startsWith(name + "\t")).toList();
        assertThat(matching).as("the row of %s in %s", name, rows).hasSize(1);
        return sameValues(matching.get(0).substring(name.length() + 1)).strip();
    }

    /**
     * The rows as values rather than as one client prints them: beeline gets a TIMESTAMP column through JDBC's {@code
     * java.sql.Timestamp}, which always adds a fraction ({@code 08:00:00.0}), and HiveServer2 pads a decimal to its
     * column's scale ({@code 6520.00}) where a fetch through the Driver prints Hive's decimal as it is ({@code 6520}).
     */
    static String sameValues(String rows) {
        StringBuilder canonical = new StringBuilder();
        for (String line : rows.split("\n", -1)) {
            String[] fields = line.split("\t", -1);
            for (int i = 0; i < fields.length; i++) {
                String field = WHOLE_SECOND.matcher(fields[i]).replaceAll("$1");
                if (DECIMAL.matcher(field).matches()) {
                    field = new BigDecimal(field).stripTrailingZeros().toPlainString();
                }
                canonical.append(i == 0 ? "" : "\t").append(field);
            }
            canonical.append('\n');
        }
        return canonical.toString();
    }

    /** The JDK for the release: Hive 4.2.0's classes are Java 21 bytecode, 4.1.0 runs on this JVM's Java 17. */
    private static Path javaHome(String version) {
        if (!version.startsWith("4.2")) {
            return Path.of(System.getProperty("java.home"));
        }
        String home = System.getProperty("hivenosql.java21.home", "");
        assumeTrue(
                !home.isBlank(),
                "no Java 21 runtime named in hivenosql.java21.home (bin/hive-nosql test installs one)");
        return Path.of(home);
    }
}
