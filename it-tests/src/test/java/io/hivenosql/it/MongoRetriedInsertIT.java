package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.hive.EmbeddedHiveInstance;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A task attempt of an INSERT that fails after some of its rows reached MongoDB is run again by Tez; in
 * {@code mongo.write.mode=insert} the table then holds every row exactly once: without an {@code _id} column (where the
 * retry used to insert its rows a second time) and with one (where the retry used to fail the query on a duplicate
 * {@code _id}). A query whose every attempt fails leaves no row in the table. Neither leaves a staging collection.
 *
 * <p>The failure comes from {@link FailingAttemptUdf}, a temporary function that throws in the first attempt after 20
 * rows; with {@code mongo.write.batch-size=5} three or four batches of that attempt have reached the server by then.
 * The function runs in the tasks of Tez's local mode, in this JVM, so the test checks that a second attempt really ran.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MongoRetriedInsertIT {
    private static final String DB = "it_mongo_retry";
    private static final String MONGO_DB = "it_mongo_retry";
    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";
    private static final int ROWS = 60;
    private static final String STAGE_PREFIX = "__hivenosql_stage";

    private HiveStack.Resources stack;
    private HiveInstance hive;

    @BeforeAll
    void createSource(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        this.hive = stack.hive();
        assumeTrue(
                hive instanceof EmbeddedHiveInstance,
                "the failing function is a class of this test JVM, which only the embedded HiveServer2 can load");
        try (MongoClient client = stack.mongoClient()) {
            MongoDatabase database = client.getDatabase(MONGO_DB);
            database.drop();
            List<Document> documents = new ArrayList<>();
            for (int i = 1; i <= ROWS; i++) {
                documents.add(new Document("_id", (long) i).append("v", (long) i));
            }
            database.getCollection("src").insertMany(documents);
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".src (id bigint, v bigint) " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + uri("src") + "')");
        hive.execute("CREATE TEMPORARY FUNCTION fail_attempt AS '" + FailingAttemptUdf.class.getName() + "'");
    }

    /**
     * Tez, row by row: a vectorized map would pass all 60 rows through the function in one batch, which fails before
     * any row reaches the writer.
     */
    @BeforeEach
    void tezRowByRow() throws SQLException {
        hive.execute("SET hive.execution.engine=tez");
        hive.execute("SET hive.vectorized.execution.enabled=false");
        FailingAttemptUdf.reset();
    }

    @AfterEach
    void vectorized() throws SQLException {
        hive.execute("SET hive.vectorized.execution.enabled=true");
    }

    private String uri(String collection) {
        return stack.mongo().databaseUri(MONGO_DB, collection);
    }

    private void createTarget(String table, String columns, String mapping) throws SQLException {
        createTarget(table, columns, mapping, "");
    }

    private void createTarget(String table, String columns, String mapping, String properties) throws SQLException {
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + " (" + columns + ") " + HANDLER
                + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='" + mapping + "') TBLPROPERTIES ('mongo.uri'='"
                + uri(table) + "', 'mongo.write.batch-size'='5'" + properties + ")");
    }

    /** The control: without staging the retry inserts its rows again, so the first attempt's rows did reach MongoDB. */
    @Test
    void withStagingOffTheRetryRepeatsTheRowsTheFailedAttemptWrote() throws Exception {
        createTarget("direct", "v bigint", "{}", ", 'mongo.write.staging'='false'");

        hive.execute("INSERT INTO " + DB + ".direct SELECT fail_attempt(v, 20, 1) FROM " + DB + ".src");

        assertThat(FailingAttemptUdf.attemptsSeen()).as("a second attempt ran").isGreaterThanOrEqualTo(2);
        List<Long> values = values("direct");
        assertThat(values).hasSizeBetween(ROWS + 1, ROWS + 20);
        assertThat(values.stream().distinct().count()).isEqualTo(ROWS);
    }

    @Test
    void retriedAttemptWithoutIdColumnInsertsEveryRowOnce() throws Exception {
        createTarget("plain", "v bigint", "{}");

        hive.execute("INSERT INTO " + DB + ".plain SELECT fail_attempt(v, 20, 1) FROM " + DB + ".src");

        assertThat(FailingAttemptUdf.attemptsSeen()).as("a second attempt ran").isGreaterThanOrEqualTo(2);
        assertThat(values("plain")).hasSize(ROWS).doesNotHaveDuplicates();
        assertThat(hive.query("SELECT count(*), count(DISTINCT v) FROM " + DB + ".plain"))
                .containsExactly(List.of((long) ROWS, (long) ROWS));
        assertNoStagingLeft();
    }

    @Test
    void retriedAttemptWithIdColumnSucceedsWithEveryRowOnce() throws Exception {
        createTarget("keyed", "id bigint, v bigint", "{\"id\":\"_id\"}");

        hive.execute("INSERT INTO " + DB + ".keyed SELECT id, fail_attempt(v, 20, 1) FROM " + DB + ".src");

        assertThat(FailingAttemptUdf.attemptsSeen()).as("a second attempt ran").isGreaterThanOrEqualTo(2);
        assertThat(values("keyed")).hasSize(ROWS).doesNotHaveDuplicates();
        assertThat(hive.query("SELECT count(*), sum(v) FROM " + DB + ".keyed WHERE id = v"))
                .containsExactly(List.of((long) ROWS, (long) ROWS * (ROWS + 1) / 2));
        assertNoStagingLeft();
    }

    @Test
    void queryWhoseEveryAttemptFailsLeavesNoRow() throws Exception {
        createTarget("doomed", "v bigint", "{}");

        assertThatThrownBy(() -> hive.execute(
                        "INSERT INTO " + DB + ".doomed SELECT fail_attempt(v, 20, 100) FROM " + DB + ".src"))
                .isInstanceOf(SQLException.class);

        assertThat(FailingAttemptUdf.attemptsSeen()).as("Tez retried the task").isGreaterThanOrEqualTo(2);
        assertThat(values("doomed")).isEmpty();
        assertNoStagingLeft();
    }

    private List<Long> values(String collection) {
        List<Long> values = new ArrayList<>();
        try (MongoClient client = stack.mongoClient()) {
            for (Document document :
                    client.getDatabase(MONGO_DB).getCollection(collection).find()) {
                values.add(document.getLong("v"));
            }
        }
        return values;
    }

    private void assertNoStagingLeft() {
        try (MongoClient client = stack.mongoClient()) {
            List<String> names =
                    client.getDatabase(MONGO_DB).listCollectionNames().into(new ArrayList<>());
            assertThat(names).noneMatch(name -> name.startsWith(STAGE_PREFIX + "."));
        }
    }
}
