package io.hivenosql.sandbox.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** One in-process HiveServer2 (Tez local mode) for the whole class: Hive allows one per JVM. */
class TestLocalHiveServer {
    @TempDir
    static Path workDir;

    private static EmbeddedHiveInstance hive;

    @BeforeAll
    static void startServer() throws Exception {
        Path handlerJar = TestingAuxJar.build(workDir.resolve("aux"));
        hive = EmbeddedHiveInstance.start(
                LocalHiveServer.builder(workDir.resolve("hive")).auxJar(handlerJar));
        hive.execute("CREATE TABLE people (id INT, name STRING) STORED AS TEXTFILE");
        hive.execute("INSERT INTO people VALUES (1, 'ada'), (2, 'bob'), (3, 'cy')");
    }

    @AfterAll
    static void stopServer() {
        if (hive != null) {
            hive.close();
        }
    }

    @Test
    void servesJdbcOnLoopback() throws Exception {
        LocalHiveServer server = hive.server();
        assertThat(server.jdbcUrl()).isEqualTo("jdbc:hive2://127.0.0.1:" + server.port() + "/default");
        assertThat(server.engine()).isEqualTo(HiveEngine.TEZ);
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement();
                ResultSet rows = statement.executeQuery("SELECT name FROM people WHERE id >= 2 ORDER BY name")) {
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("bob");
            assertThat(rows.next()).isTrue();
            assertThat(rows.getString(1)).isEqualTo("cy");
            assertThat(rows.next()).isFalse();
        }
    }

    @Test
    void runsTezJobs() throws Exception {
        // count(*) with statistics disabled is a real job (a Tez DAG in local mode)
        assertThat(hive.query("SELECT count(*) FROM people")).containsExactly(List.of(3L));
        assertThat(hive.query("SET hive.execution.engine")).containsExactly(List.of("hive.execution.engine=tez"));
    }

    @Test
    void keepsEverythingUnderTheWorkDir() throws Exception {
        Path work = hive.server().workDir();
        assertThat(work.resolve("metastore_db")).isDirectory();
        assertThat(work.resolve("conf/hive-site.xml")).isRegularFile();
        // Hive 4's metastore turns a plain managed table into an external one under the external warehouse
        String location = hive.query("DESCRIBE FORMATTED people").stream()
                .filter(row -> String.valueOf(row.get(0)).startsWith("Location:"))
                .map(row -> String.valueOf(row.get(1)).trim())
                .findFirst()
                .orElseThrow();
        assertThat(location).startsWith("file:");
        Path tableDir = Path.of(URI.create(location));
        assertThat(tableDir).startsWith(work).isDirectory();
    }

    @Test
    void reportsFailedStatementsWithHiveMessage() {
        assertThatThrownBy(() -> hive.query("SELECT * FROM no_such_table"))
                .isInstanceOf(HiveStatementException.class)
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Table not found 'no_such_table'")
                .hasMessageContaining("statement: SELECT * FROM no_such_table");
    }

    @Test
    void refusesSecondServerInSameJvm() {
        LocalHiveServer second = LocalHiveServer.builder()
                .workDir(workDir.resolve("second"))
                .engine(HiveEngine.MR)
                .build();
        assertThat(second.isRunning()).isFalse();
        assertThatThrownBy(second::jdbcUrl).hasMessageContaining("is not started");
        assertThatThrownBy(second::start)
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("already running");
        assertThat(hive.server().isRunning()).isTrue();
        assertThat(hive.server().instance()).isSameAs(hive);
    }

    @Test
    void beelineStopsAtFirstFailingStatement() throws Exception {
        BeelineRunner.Result result = beeline()
                .runScript(
                        """
                CREATE TABLE beeline_first (x INT);
                SELECT * FROM beeline_missing_table;
                CREATE TABLE beeline_third (x INT);
                """);

        assertThat(result.exitCode()).as(result.describe()).isEqualTo(2);
        assertThat(result.stderr()).contains("beeline_missing_table");
        assertThat(hive.query("SHOW TABLES LIKE 'beeline_first'")).containsExactly(List.of("beeline_first"));
        assertThat(hive.query("SHOW TABLES LIKE 'beeline_third'")).isEmpty();
    }

    @Test
    void beelineSubstitutesHiveVariables() throws Exception {
        Path script = workDir.resolve("variables.hql");
        Files.writeString(
                script,
                """
                -- a comment line
                SELECT name
                FROM ${table_name}
                WHERE id = ${hivevar:wanted_id};
                SELECT count(*) FROM ${table_name};
                """);
        BeelineRunner.Result result = BeelineRunner.builder(hive.jdbcUrl())
                .variable("table_name", "people")
                .variable("wanted_id", "2")
                .timeout(Duration.ofMinutes(2))
                .build()
                .runFile(script);

        assertThat(result.exitCode()).as(result.describe()).isZero();
        assertThat(result.stdoutLines()).containsExactly("bob", "3");
    }

    @Test
    void auxJarHandlerWorksInTezTasksOfEverySession() throws Exception {
        Path lines = Files.createDirectories(workDir.resolve("lines"));
        Files.writeString(lines.resolve("part-0.txt"), "delta\nalpha\ncharlie\nbravo\n");
        hive.execute("CREATE EXTERNAL TABLE lines (line STRING) STORED BY '" + TestingAuxJar.HANDLER_CLASS
                + "' LOCATION '" + lines.toUri() + "'");

        // each beeline run is a new Hive session; count(*) is a Tez job whose task must load the handler's split class
        for (int session = 1; session <= 3; session++) {
            BeelineRunner.Result result = beeline().runScript("SELECT count(*), min(line), max(line) FROM lines;");

            assertThat(result.exitCode())
                    .as("session %s: %s", session, result.describe())
                    .isZero();
            assertThat(result.stdoutLines()).containsExactly("4\talpha\tdelta");
        }
    }

    private static BeelineRunner beeline() {
        return BeelineRunner.builder(hive.jdbcUrl())
                .timeout(Duration.ofMinutes(2))
                .build();
    }
}
