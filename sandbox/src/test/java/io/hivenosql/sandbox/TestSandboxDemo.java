package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code SandboxMain demo} end to end, with MapReduce local mode: the whole stack starts (in this test's own JVM: one
 * HiveServer2 per JVM; Redis, a Cassandra node and a MongoDB server in their own processes), the scripts run through
 * real beeline in name order with the store addresses as variables, the run stops at the first failing script, and the
 * stack stops and removes its state file.
 */
class TestSandboxDemo {
    @TempDir
    Path tempDir;

    @Test
    void runsExamplesInOrderAndStopsAtTheFirstFailure() throws Exception {
        Path examples = Files.createDirectories(tempDir.resolve("examples"));
        Files.createDirectories(examples.resolve("a"));
        Files.createDirectories(examples.resolve("b"));
        Files.writeString(
                examples.resolve("a/01-variables.hql"),
                """
                SELECT '${redis_nodes}' AS redis_nodes, '${examples_dir}' AS examples_dir,
                  '${cassandra_hosts}' AS cassandra_hosts, '${cassandra_local_dc}' AS cassandra_local_dc,
                  '${mongo_uri}/shop.orders' AS mongo_table_uri;
                """);
        Files.writeString(
                examples.resolve("a/02-mapreduce.hql"),
                """
                CREATE TABLE numbers (n INT) STORED AS TEXTFILE;
                INSERT INTO numbers VALUES (1), (2), (3), (4);
                SELECT count(*) AS how_many, sum(n) AS total FROM numbers WHERE n > 1;
                """);
        Files.writeString(
                examples.resolve("b/01-broken.hql"),
                """
                SELECT * FROM table_that_does_not_exist;
                """);
        Files.writeString(
                examples.resolve("b/02-never.hql"), """
                SELECT 'never printed';
                """);
        Files.writeString(examples.resolve("a/README.md"), "not a script");
        Path work = tempDir.resolve("work");
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        int code = SandboxMain.run(
                List.of("demo", "--work", work.toString(), "--engine", "mr", "--examples", examples.toString()),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                System.err);

        String output = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(output).isEqualTo(SandboxMain.EXAMPLE_FAILED);
        Matcher redis = Pattern.compile("redis_nodes: (127\\.0\\.0\\.1:\\d+)").matcher(output);
        assertThat(redis.find()).as(output).isTrue();
        Matcher cassandra =
                Pattern.compile("cassandra_hosts: (127\\.0\\.0\\.1:\\d+)").matcher(output);
        assertThat(cassandra.find()).as(output).isTrue();
        Matcher mongo = Pattern.compile("mongo_uri: (mongodb://\\S+)").matcher(output);
        assertThat(mongo.find()).as(output).isTrue();
        assertThat(output)
                .contains("loaded 20 demo users into Redis")
                .contains("running 4 example(s)")
                .contains("==== a/01-variables.hql ====")
                .contains("| " + redis.group(1) + " ")
                .contains("| " + examples + " ")
                .contains("| " + cassandra.group(1) + " ")
                .contains("cassandra_local_dc: datacenter1")
                .contains("| datacenter1 ")
                .contains("| " + mongo.group(1) + "/shop.orders ")
                .contains("---- a/01-variables.hql ok")
                .contains("==== a/02-mapreduce.hql ====")
                .containsPattern("\\|\\s+3\\s+\\|\\s+9\\s+\\|")
                .contains("==== b/01-broken.hql ====")
                .contains("---- b/01-broken.hql FAILED: beeline exited 2")
                .contains("table_that_does_not_exist")
                .doesNotContain("b/02-never.hql")
                .doesNotContain("never printed")
                .contains("an example failed");
        assertThat(StackState.file(work)).doesNotExist();
        assertThat(work.resolve("hive/metastore_db")).isDirectory();
        // the stack stopped its Cassandra node (SIGTERM: a drain) and removed its data, keeping the log
        assertThat(Files.readString(work.resolve("cassandra/cassandra.log"))).contains("Cassandra shutdown complete");
        assertThat(work.resolve("cassandra/data")).doesNotExist();
        if (TestingMongoServer.environmentUri().isEmpty()) {
            // the stack stopped its MongoDB server (SIGTERM) and removed its port file, keeping the log
            assertThat(mongo.group(1)).matches("mongodb://127\\.0\\.0\\.1:\\d+");
            assertThat(Files.readString(work.resolve("mongo/mongo.log"))).contains("mongo-java-server stopped");
            assertThat(work.resolve("mongo/mongo.port")).doesNotExist();
        }
    }
}
