package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The MongoDB handler on Hive on Tez over YARN ({@link YarnStack}), in both deployments: the handler jar on HDFS in
 * {@code hive.aux.jars.path} (a), and {@code ADD JAR hdfs://...} in a session of a HiveServer2 that has no handler jar
 * anywhere (b). CREATE TABLE (Hive creates the collection), INSERT, INSERT OVERWRITE, an {@code _id} filter pushed to
 * the server, a join with an ORC table on HDFS and collStats reaching EXPLAIN, with every task in a YARN container that
 * got the handler jar only as a resource Hive shipped.
 *
 * <p>The test server counts no reads, so the pushed filter is proven twice: the Tez AM (which plans the splits) logs
 * it, and the collection holds a document whose balance is not a number, which fails any query that reads it
 * ({@code nosql.bad-record.policy=fail}): only a filter the server applies keeps it from the tasks.
 */
@ExtendWith(YarnStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoYarnIT {
    private static final Logger log = LoggerFactory.getLogger(MongoYarnIT.class);
    /** The Hive database and the MongoDB database. */
    private static final String DB = "it_yarn_mongo";

    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
            + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}')";
    private static final String JAR = "handler-mongo-.*-hive\\.jar";
    private static final int ROWS = 200;
    private static final int POISON_ID = 100_000;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;
    private final ContainerLogs containerLogs;
    private MongoClient client;

    MongoYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
        this.containerLogs = yarn.containerLogs();
    }

    @BeforeAll
    void dropDatabase() {
        client = yarn.stores().mongoClient();
        client.getDatabase(DB).drop();
    }

    @AfterAll
    void close() {
        if (client != null) {
            client.close();
        }
    }

    private String tableProperties(String collection) {
        return "TBLPROPERTIES ('mongo.uri'='" + yarn.stores().mongo().databaseUri(DB, collection) + "')";
    }

    private MongoCollection<Document> collection(String name) {
        return client.getDatabase(DB).getCollection(name);
    }

    /** A document no query may read: its balance is not a number. */
    private void poison(String collection) {
        collection(collection)
                .insertOne(
                        new Document("_id", POISON_ID).append("owner", "poison").append("balance", "not a number"));
    }

    @Test
    void createInsertOverwritePushedFilterJoinAndStatisticsRunInContainersWithTheShippedJar() throws Exception {
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String accounts = DB + ".accounts";
        hive.execute("CREATE TABLE " + accounts + " (id int, owner string, balance bigint) " + HANDLER + " "
                + tableProperties("accounts"));
        assertThat(client.getDatabase(DB).listCollectionNames().into(new ArrayList<>()))
                .as("the collection Hive created")
                .contains("accounts");
        String regions = DB + ".regions";
        try {
            hive.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            YarnChecks.createOrcRegions(hive, regions, ROWS);
            hive.execute("INSERT INTO " + accounts + " SELECT id, concat('owner-', cast(id AS string)), id * 100 FROM "
                    + YarnChecks.ids(ROWS));
            assertThat(collection("accounts").countDocuments()).isEqualTo(ROWS);

            // the _id filter is pushed while the scan joins the ORC table: the poisoned document is never read
            poison("accounts");
            assertThat(hive.query("SELECT a.owner, a.balance, r.region FROM " + accounts + " a JOIN " + regions
                            + " r ON a.id = r.id WHERE a.id = 42"))
                    .containsExactly(List.of("owner-42", 4200L, "region-0"));
            List<ContainerLogs.Attempt> select = containerLogs.attemptsSince(before);
            assertPushedFilterLogged(select, DB + ".accounts", 42);

            hive.execute("INSERT OVERWRITE TABLE " + accounts + " SELECT id, concat('new-', cast(id AS string)), id "
                    + "FROM " + YarnChecks.ids(ROWS / 2));
            assertThat(collection("accounts").countDocuments())
                    .as("documents after INSERT OVERWRITE")
                    .isEqualTo(ROWS / 2);
            assertThat(collection("accounts").countDocuments(Filters.regex("owner", "^new-")))
                    .as("documents INSERT OVERWRITE wrote: no other is left, the poisoned one neither")
                    .isEqualTo(ROWS / 2);

            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            Set<ContainerLogs.Container> containers =
                    YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERTs, SELECT and join", JAR);
            log.info(
                    "deployment (a): {} task attempt(s) in containers {}",
                    attempts.size(),
                    YarnChecks.containerIds(containers));
        } finally {
            hive.execute("RESET");
        }

        // collStats counts exactly
        String select = "SELECT owner, count(*) FROM " + accounts + " GROUP BY owner";
        assertThat(YarnChecks.scanRows(YarnChecks.explain(hive, select)))
                .as("rows in the plan")
                .isEqualTo(ROWS / 2);
        log.info("deployment (a) vectorization: {}", YarnChecks.assertScanReadsBatches(hive, select));
    }

    /**
     * Deployment (b): a HiveServer2 with no handler jar on its classpath nor in hive.aux.jars.path; the session adds
     * the jar from HDFS. CREATE TABLE (Hive creates the collection), INSERT, a pushed {@code _id} filter and DROP
     * (Hive drops the collection) work, and the containers got the jar from the session.
     */
    @Test
    void aSessionOfAPlainHiveServerAddsTheJarFromHdfsAndRunsEveryStatement() throws Exception {
        YarnChecks.assertPlainHiveServerHasNoHandler(yarn);
        String table = "mongo_addjar";
        try (RemoteHiveInstance session = yarn.plainSession(List.of("ADD JAR " + yarn.hdfsJar("handler-mongo")))) {
            session.execute("CREATE TABLE " + table + " (id int, owner string, balance bigint) " + HANDLER + " "
                    + tableProperties(table));
            session.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            session.execute("INSERT INTO " + table + " SELECT id, concat('owner-', cast(id AS string)), id FROM "
                    + YarnChecks.ids(50));
            assertThat(collection(table).countDocuments()).isEqualTo(50);
            poison(table);
            assertThat(session.query("SELECT owner FROM " + table + " WHERE id = 7"))
                    .containsExactly(List.of("owner-7"));
            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            assertPushedFilterLogged(attempts, "default." + table, 7);
            YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERT and the SELECT", JAR);
            log.info(
                    "deployment (b) vectorization: {}",
                    YarnChecks.assertScanReadsRows(
                            session,
                            "SELECT owner, count(*) FROM " + table + " GROUP BY owner",
                            "io.hivenosql.mongo.MongoInputFormat"));
            session.execute("DROP TABLE " + table);
        }
        assertThat(client.getDatabase(DB).listCollectionNames().into(new ArrayList<>()))
                .as("collections after DROP of a managed table")
                .doesNotContain(table);
    }

    /**
     * The Tez AM of the attempts' application planned the splits and logged the filter it pushed (in its syslog or a
     * per-DAG syslog_dag_* file): {@code table <table>: pushed filter {"_id": <id>}}.
     */
    private void assertPushedFilterLogged(List<ContainerLogs.Attempt> attempts, String table, int id)
            throws IOException {
        assertThat(attempts).as("task attempts").isNotEmpty();
        ContainerLogs.Container am = containerLogs
                .applicationMaster(attempts.get(attempts.size() - 1).container().applicationId())
                .orElseThrow();
        StringBuilder logs = new StringBuilder();
        try (Stream<Path> files = Files.list(am.logDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("syslog"))
                    .sorted()
                    .toList()) {
                logs.append(new String(Files.readAllBytes(file), StandardCharsets.UTF_8));
            }
        }
        assertThat(logs.toString())
                .as("the logs of the Tez AM in %s", am.logDir())
                .containsPattern(Pattern.quote("table " + table + ": pushed filter {") + "[^\\n]*\"_id\"[^\\n]*\\b" + id
                        + "\\b");
    }
}
