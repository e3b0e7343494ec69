package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.hive.RemoteHiveInstance;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The JSON SerDe (serde-json) and the BSON file SerDe (handler-mongo) on Hive on Tez over YARN ({@link YarnStack}),
 * with their tables on the cluster's HDFS, in both deployments: the jars on HDFS in {@code hive.aux.jars.path} (a), and
 * {@code ADD JAR hdfs://...} in a session of a HiveServer2 that has no jar of this project anywhere (b). CREATE, INSERT,
 * INSERT OVERWRITE (checked in the files on HDFS), a join of both with an ORC table and the statistics INSERT gathers
 * reaching EXPLAIN, with every task in a YARN container that got the jars only as resources Hive shipped. Files have no
 * pushdown.
 */
@ExtendWith(YarnStack.class)
class FileSerDesYarnIT {
    private static final Logger log = LoggerFactory.getLogger(FileSerDesYarnIT.class);
    private static final String DB = "it_yarn_files";
    private static final String DIR = "/it/yarn/files";
    private static final String COLUMNS = "(id int, owner string, balance bigint)";
    private static final String JSON_FORMAT = "ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe' STORED AS TEXTFILE";
    private static final String BSON_FORMAT = "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' WITH SERDEPROPERTIES "
            + "('mongo.columns.mapping'='{\"id\":\"_id\"}') STORED AS INPUTFORMAT "
            + "'io.hivenosql.mongo.BsonFileInputFormat' OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat'";
    private static final String JSON_JAR = "serde-json-.*-hive\\.jar";
    private static final String BSON_JAR = "handler-mongo-.*-hive\\.jar";
    private static final int ROWS = 200;

    private final YarnStack.Resources yarn;
    private final RemoteHiveInstance hive;
    private final ContainerLogs containerLogs;

    FileSerDesYarnIT(YarnStack.Resources yarn) {
        this.yarn = yarn;
        this.hive = yarn.hive();
        this.containerLogs = yarn.containerLogs();
    }

    private String location(String name) {
        return " LOCATION '" + yarn.state().hdfsUri() + DIR + "/" + name + "'";
    }

    @Test
    void createInsertOverwriteJoinAndStatisticsRunInContainersWithTheShippedJars() throws Exception {
        try (FileSystem hdfs = yarn.hdfs()) {
            hdfs.delete(new Path(DIR), true);
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String json = DB + ".accounts_json";
        String bson = DB + ".accounts_bson";
        String regions = DB + ".regions";
        hive.execute("CREATE EXTERNAL TABLE " + json + " " + COLUMNS + " " + JSON_FORMAT + location("json"));
        hive.execute("CREATE EXTERNAL TABLE " + bson + " " + COLUMNS + " " + BSON_FORMAT + location("bson"));
        hive.execute("DROP TABLE IF EXISTS " + regions);
        hive.execute("CREATE TABLE " + regions + " (id int, region string) STORED AS ORC");
        try {
            hive.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            // one DAG writes all three tables
            hive.execute("FROM " + YarnChecks.ids(ROWS) + " INSERT INTO " + json
                    + " SELECT id, concat('owner-', cast(id AS string)), id * 100 INSERT INTO " + bson
                    + " SELECT id, concat('owner-', cast(id AS string)), id * 100 INSERT INTO " + regions
                    + " SELECT id, concat('region-', cast(id % 3 AS string))");
            assertThat(jsonOwners("json")).hasSize(ROWS).contains("owner-0", "owner-199");
            assertThat(bsonOwners("bson")).hasSize(ROWS).contains("owner-0", "owner-199");

            // both SerDes read in one DAG, joined with the ORC table
            List<List<Object>> expected = new ArrayList<>();
            for (int region = 0; region < 3; region++) {
                long rows = 0;
                long balance = 0;
                for (int id = region; id < ROWS; id += 3) {
                    rows++;
                    balance += id * 100L;
                }
                expected.add(List.of("region-" + region, rows, balance, balance));
            }
            assertThat(hive.query("SELECT r.region, count(*), sum(j.balance), sum(b.balance) FROM " + json + " j JOIN "
                            + bson + " b ON j.id = b.id AND j.owner = b.owner JOIN " + regions
                            + " r ON r.id = j.id GROUP BY r.region ORDER BY r.region"))
                    .containsExactlyElementsOf(expected);

            // the statistics of what it writes reach the metastore, and from there EXPLAIN
            hive.execute("SET hive.stats.autogather=true");
            hive.execute("FROM " + YarnChecks.ids(ROWS / 2) + " INSERT OVERWRITE TABLE " + json
                    + " SELECT id, concat('new-', cast(id AS string)), id INSERT OVERWRITE TABLE " + bson
                    + " SELECT id, concat('new-', cast(id AS string)), id");
            assertThat(jsonOwners("json")).hasSize(ROWS / 2).allMatch(owner -> owner.startsWith("new-"));
            assertThat(bsonOwners("bson")).hasSize(ROWS / 2).allMatch(owner -> owner.startsWith("new-"));

            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            Set<ContainerLogs.Container> containers =
                    YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERTs and the join", JSON_JAR);
            YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERTs and the join", BSON_JAR);
            log.info(
                    "deployment (a): {} task attempt(s) in containers {}",
                    attempts.size(),
                    YarnChecks.containerIds(containers));
        } finally {
            hive.execute("RESET");
        }
        for (String table : List.of(json, bson)) {
            String select = "SELECT owner, count(*) FROM " + table + " GROUP BY owner";
            assertThat(YarnChecks.scanRows(YarnChecks.explain(hive, select)))
                    .as("rows of %s in the plan", table)
                    .isEqualTo(ROWS / 2);
            log.info("deployment (a) vectorization of {}: {}", table, YarnChecks.assertScanVectorized(hive, select));
        }
    }

    /**
     * Deployment (b): a HiveServer2 with no jar of this project on its classpath nor in hive.aux.jars.path; the session
     * adds serde-json's and handler-mongo's jars from HDFS. CREATE, INSERT, SELECT and DROP of a JSON and a BSON table
     * work, and the containers got both jars from the session.
     */
    @Test
    void aSessionOfAPlainHiveServerAddsTheJarsFromHdfsAndRunsEveryStatement() throws Exception {
        YarnChecks.assertPlainHiveServerHasNoHandler(yarn);
        try (FileSystem hdfs = yarn.hdfs()) {
            hdfs.delete(new Path(DIR + "/addjar"), true);
        }
        List<String> addJars =
                List.of("ADD JAR " + yarn.hdfsJar("serde-json"), "ADD JAR " + yarn.hdfsJar("handler-mongo"));
        try (RemoteHiveInstance session = yarn.plainSession(addJars)) {
            session.execute(
                    "CREATE EXTERNAL TABLE files_addjar_json " + COLUMNS + " " + JSON_FORMAT + location("addjar/json"));
            session.execute(
                    "CREATE EXTERNAL TABLE files_addjar_bson " + COLUMNS + " " + BSON_FORMAT + location("addjar/bson"));
            session.execute("SET hive.fetch.task.conversion=none");
            Set<String> before = containerLogs.attemptIds();
            session.execute("FROM " + YarnChecks.ids(50) + " INSERT INTO files_addjar_json SELECT id, "
                    + "concat('owner-', cast(id AS string)), id INSERT INTO files_addjar_bson SELECT id, "
                    + "concat('owner-', cast(id AS string)), id");
            assertThat(jsonOwners("addjar/json")).hasSize(50);
            assertThat(bsonOwners("addjar/bson")).hasSize(50);
            assertThat(session.query("SELECT j.owner, b.balance FROM files_addjar_json j JOIN files_addjar_bson b "
                            + "ON j.id = b.id WHERE j.id = 7"))
                    .containsExactly(List.of("owner-7", 7L));
            List<ContainerLogs.Attempt> attempts = containerLogs.attemptsSince(before);
            YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERT and the SELECT", JSON_JAR);
            YarnChecks.assertRanShippedInContainers(yarn, attempts, "the INSERT and the SELECT", BSON_JAR);
            // Hive's TextInputFormat vectorizes either way; the BSON input format from ADD JAR does not
            String json = "SELECT owner, count(*) FROM files_addjar_json GROUP BY owner";
            log.info("deployment (b) vectorization of JSON: {}", YarnChecks.assertScanVectorized(session, json));
            String bson = "SELECT owner, count(*) FROM files_addjar_bson GROUP BY owner";
            log.info(
                    "deployment (b) vectorization of BSON: {}",
                    YarnChecks.assertScanNotVectorized(session, bson, "io.hivenosql.mongo.BsonFileInputFormat"));
            session.execute("DROP TABLE files_addjar_json");
            session.execute("DROP TABLE files_addjar_bson");
        }
        assertThat(jsonOwners("addjar/json"))
                .as("files after DROP of an external table")
                .hasSize(50);
    }

    /** The owner of each JSON line in the data files under {@code DIR/name}. */
    private List<String> jsonOwners(String name) throws IOException {
        List<String> owners = new ArrayList<>();
        for (byte[] file : dataFiles(name)) {
            for (String line : new String(file, StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank()) {
                    owners.add(BsonDocument.parse(line).getString("owner").getValue());
                }
            }
        }
        return owners;
    }

    /** The owner of each BSON document in the data files under {@code DIR/name}. */
    private List<String> bsonOwners(String name) throws IOException {
        List<String> owners = new ArrayList<>();
        for (byte[] file : dataFiles(name)) {
            int offset = 0;
            while (offset < file.length) {
                int length = ByteBuffer.wrap(file, offset, 4)
                        .order(ByteOrder.LITTLE_ENDIAN)
                        .getInt();
                owners.add(new RawBsonDocument(file, offset, length)
                        .getString("owner")
                        .getValue());
                offset += length;
            }
        }
        return owners;
    }

    /** The contents of the data files Hive wrote under {@code DIR/name} (hidden and marker files left out). */
    private List<byte[]> dataFiles(String name) throws IOException {
        List<byte[]> contents = new ArrayList<>();
        try (FileSystem hdfs = yarn.hdfs()) {
            for (FileStatus status : hdfs.listStatus(new Path(DIR + "/" + name))) {
                String file = status.getPath().getName();
                if (status.isFile() && !file.startsWith("_") && !file.startsWith(".")) {
                    try (InputStream in = hdfs.open(status.getPath())) {
                        ByteArrayOutputStream out = new ByteArrayOutputStream();
                        in.transferTo(out);
                        contents.add(out.toByteArray());
                    }
                }
            }
        }
        return contents;
    }
}
