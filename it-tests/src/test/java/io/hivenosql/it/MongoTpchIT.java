package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The TPC-H suite of {@link BaseTpchIT} on MongoDB: {@code customer} and {@code orders} in collections that Hive
 * creates (one with its key mapped to {@code _id} and written by upsert, indexes built by CREATE TABLE), the customers
 * read back too, the documents' BSON types and the indexes as MongoDB holds them, upserts by {@code _id}, the
 * optimizer's row count from {@code collStats}; and an external table over the same collection read as seven
 * {@code _id}-range splits, each document exactly once, on Tez and on MapReduce.
 */
class MongoTpchIT extends BaseTpchIT {
    private static final String DB = "it_mongo_tpch";
    /** The MongoDB database of this class's collections. */
    private static final String MONGO_DB = "it_mongo_tpch";

    private static final String HANDLER = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private long customers;

    @Override
    String database() {
        return DB;
    }

    @Override
    void dropStoreData() {
        try (MongoClient client = stack.mongoClient()) {
            client.getDatabase(MONGO_DB).drop();
        }
    }

    @Override
    void loadStore() throws Exception {
        customers = loadOrc(TpchTable.CUSTOMER, -1);
        orders = loadOrc(TpchTable.ORDERS, -1);
        assertThat(customers).isEqualTo(1500);
        assertThat(orders).isEqualTo(15_000);

        // ObjectId _ids assigned by the server; indexes built by CREATE TABLE
        createMongoTable(
                "customer", TpchTable.CUSTOMER, "'mongo.indexes'='unique c_custkey; c_nationkey, c_mktsegment:-1'", "");
        // the order key is the _id, and rows are upserted by it
        createMongoTable(
                "orders",
                TpchTable.ORDERS,
                "'mongo.indexes'='o_custkey; o_orderdate:-1', 'mongo.write.mode'='upsert'",
                "'mongo.columns.mapping'='{\"o_orderkey\":\"_id\"}'");
        hive.execute("INSERT INTO " + DB + ".customer SELECT * FROM " + DB + ".customer_orc");
        hive.execute("INSERT INTO " + DB + ".orders SELECT * FROM " + DB + ".orders_orc");
    }

    /** A managed table (Hive creates the collection of the same name); {@code serde} may add SERDEPROPERTIES. */
    private void createMongoTable(String name, TpchTable<?> table, String properties, String serde)
            throws SQLException {
        hive.execute("CREATE TABLE " + DB + "." + name + " (" + TpchFiles.hiveColumns(table) + ") " + HANDLER
                + (serde.isEmpty() ? "" : " WITH SERDEPROPERTIES (" + serde + ")") + " TBLPROPERTIES ("
                + "'mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, name) + "'"
                + (properties.isEmpty() ? "" : ", " + properties) + ")");
    }

    @Override
    void createOrdersTable(String name) throws SQLException {
        createMongoTable(name, TpchTable.ORDERS, "", "");
    }

    @Override
    List<String> storeTables() {
        try (MongoClient client = stack.mongoClient()) {
            return client.getDatabase(MONGO_DB).listCollectionNames().into(new ArrayList<>());
        }
    }

    @Override
    long storeRowCount(String name) {
        try (MongoClient client = stack.mongoClient()) {
            return client.getDatabase(MONGO_DB).getCollection(name).countDocuments();
        }
    }

    @Override
    void assertFullyInserted(String table) throws Exception {
        assertThat(Rows.of(hive, checksum(table)))
                .containsExactlyElementsOf(Rows.of(hive, checksum(DB + ".orders_orc")));
    }

    @Override
    void assertOverwritten(String table, List<String> expected) throws Exception {
        assertThat(Rows.of(hive, checksum(table)))
                .containsExactlyElementsOf(Rows.of(hive, checksum(DB + ".orders_orc") + ONLY_URGENT));
        long urgentRows = ((Number) Rows.single(hive, "SELECT count(*) FROM " + table)).longValue();
        assertThat(urgentRows).isPositive().isLessThan(orders).isEqualTo(expected.size());
        assertThat(storeRowCount("orders_urgent")).isEqualTo(urgentRows);
    }

    @Override
    void assertCopiedBack(String copy) throws Exception {
        assertThat(Rows.of(hive, checksum(copy)))
                .containsExactlyElementsOf(Rows.of(hive, checksum(DB + ".orders_orc") + ONLY_URGENT));
    }

    @Override
    void assertTruncated(String name) {
        assertThat(storeTables())
                .as("TRUNCATE empties the collection and keeps it")
                .contains(name);
        assertThat(storeRowCount(name)).isZero();
    }

    @Override
    String statisticsQuery() {
        return "SELECT c_mktsegment, count(*) FROM " + DB + ".customer GROUP BY c_mktsegment";
    }

    @Override
    void assertEstimatedRows(long rows, String plan) {
        // collStats counts exactly
        assertThat(rows).as(plan).isEqualTo(customers);
    }

    @Override
    void assertExternalTableOverADroppedOne() throws Exception {
        // an external table over what is gone reads as empty until written (CREATE warns, naming it: MongoBadInputIT)
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".orders_gone (" + TpchFiles.hiveColumns(TpchTable.ORDERS) + ") "
                + HANDLER + " TBLPROPERTIES ('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "orders_dropped")
                + "')");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".orders_gone"))
                .isEqualTo(0L);
        hive.execute("DROP TABLE " + DB + ".orders_gone");
        assertThat(storeTables()).doesNotContain("orders_dropped");
        // a managed table over a collection that exists is refused: its DROP would delete data Hive does not own
        assertThatThrownBy(() -> createMongoTable("orders_again", TpchTable.ORDERS, "'mongo.collection'='orders'", ""))
                .hasMessageContaining("HNS-141")
                .hasMessageContaining(MONGO_DB + ".orders");
    }

    @Test
    void customerReadBackRowByRowEqualsTheOrcSource() throws Exception {
        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".customer_orc ORDER BY c_custkey");
        assertThat(expected).hasSize((int) customers);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".customer ORDER BY c_custkey"))
                .containsExactlyElementsOf(expected);
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".customer"))
                .isEqualTo(customers);
    }

    @Test
    void theCollectionsHoldTypedDocumentsAndTheDeclaredIndexes() {
        try (MongoClient client = stack.mongoClient()) {
            MongoDatabase database = client.getDatabase(MONGO_DB);
            assertThat(database.getCollection("customer").countDocuments()).isEqualTo(customers);
            assertThat(database.getCollection("orders").countDocuments()).isEqualTo(orders);

            BsonDocument order = database.getCollection("orders", BsonDocument.class)
                    .find(Filters.eq("_id", 1L))
                    .first();
            assertThat(order).isNotNull();
            List<String> fields = List.of(
                    "_id",
                    "o_custkey",
                    "o_orderstatus",
                    "o_totalprice",
                    "o_orderdate",
                    "o_orderpriority",
                    "o_clerk",
                    "o_shippriority",
                    "o_comment");
            boolean ferretDb = StorableBson.isFerretDb(stack.mongo());
            if (ferretDb) {
                // FerretDB 1.24 gave these copied documents back with their fields sorted by name after _id (the
                // handler reads fields by name, so the order does not matter to it; docs/mongodb.md, FerretDB)
                assertThat(order.keySet()).first().isEqualTo("_id");
                assertThat(order.keySet()).containsExactlyInAnyOrderElementsOf(fields);
            } else {
                assertThat(order.keySet()).containsExactlyElementsOf(fields);
            }
            assertThat(order.get("_id").getBsonType()).isEqualTo(BsonType.INT64);
            assertThat(order.get("o_custkey").getBsonType()).isEqualTo(BsonType.INT64);
            // FerretDB holds no decimal128: a decimal is the double that reads back as it (docs/mongodb.md, FerretDB)
            assertThat(order.get("o_totalprice").getBsonType())
                    .isEqualTo(ferretDb ? BsonType.DOUBLE : BsonType.DECIMAL128);
            assertThat(order.get("o_orderdate").getBsonType()).isEqualTo(BsonType.DATE_TIME);
            assertThat(order.get("o_shippriority").getBsonType()).isEqualTo(BsonType.INT32);
            assertThat(order.get("o_comment").getBsonType()).isEqualTo(BsonType.STRING);

            BsonDocument customer = database.getCollection("customer", BsonDocument.class)
                    .find(Filters.eq("c_custkey", 1L))
                    .first();
            assertThat(customer).isNotNull();
            assertThat(customer.get("_id").getBsonType()).isEqualTo(BsonType.OBJECT_ID);
            assertThat(customer.get("c_acctbal").getBsonType())
                    .isEqualTo(ferretDb ? BsonType.DOUBLE : BsonType.DECIMAL128);

            assertThat(indexKeys(database, "customer"))
                    .containsExactlyInAnyOrder(
                            "{\"_id\": 1}", "{\"c_custkey\": 1}", "{\"c_nationkey\": 1, \"c_mktsegment\": -1}");
            assertThat(indexKeys(database, "orders"))
                    .containsExactlyInAnyOrder("{\"_id\": 1}", "{\"o_custkey\": 1}", "{\"o_orderdate\": -1}");
            assertThat(database.getCollection("customer").listIndexes().into(new ArrayList<>()).stream()
                            .filter(index -> index.get("key", Document.class).containsKey("c_custkey"))
                            .map(index -> index.getBoolean("unique", false)))
                    .containsExactly(true);
        }
    }

    private static List<String> indexKeys(MongoDatabase database, String collection) {
        return database.getCollection(collection).listIndexes().into(new ArrayList<>()).stream()
                .map(index -> index.get("key", Document.class).toJson())
                .toList();
    }

    @Test
    void upsertByIdUpdatesTheDocumentsInsteadOfAddingAny() throws Exception {
        createMongoTable(
                "orders_upserted",
                TpchTable.ORDERS,
                "'mongo.write.mode'='upsert'",
                "'mongo.columns.mapping'='{\"o_orderkey\":\"_id\"}'");
        String upserted = DB + ".orders_upserted";
        hive.execute("INSERT INTO " + upserted + " SELECT * FROM " + DB + ".orders_orc WHERE o_orderkey <= 1000");
        // the same keys again, with another comment and a NULL clerk: the comment changes, the clerk stays
        hive.execute("INSERT INTO " + upserted + " SELECT o_orderkey, o_custkey, o_orderstatus, o_totalprice, "
                + "o_orderdate, o_orderpriority, cast(NULL AS string), o_shippriority, concat('upserted ', o_comment) "
                + "FROM " + DB + ".orders_orc WHERE o_orderkey <= 500");
        String expectedRows = "SELECT o_orderkey, o_clerk, CASE WHEN o_orderkey <= 500 THEN concat('upserted ', "
                + "o_comment) ELSE o_comment END FROM " + DB
                + ".orders_orc WHERE o_orderkey <= 1000 ORDER BY o_orderkey";
        List<String> expected = Rows.of(hive, expectedRows);
        assertThat(expected).hasSizeBetween(200, 300);
        assertThat(Rows.of(hive, "SELECT o_orderkey, o_clerk, o_comment FROM " + upserted + " ORDER BY o_orderkey"))
                .containsExactlyElementsOf(expected);
    }

    private static List<String> rows(Statement statement, String sql) throws SQLException {
        try (ResultSet resultSet = statement.executeQuery(sql)) {
            return Rows.of(resultSet);
        }
    }

    /**
     * An external table over the managed tables' collections, read as 7 {@code _id} ranges (plus the split of other
     * {@code _id} types, empty here): int64 {@code _id}s (orders) and ObjectIds (customer), on Tez and on MapReduce.
     */
    @ParameterizedTest
    @ValueSource(strings = {"tez", "mr"})
    void sevenSplitsReadEveryDocumentExactlyOnce(String engine) throws Exception {
        String orders = DB + ".orders_split_" + engine;
        String customer = DB + ".customer_split_" + engine;
        hive.execute("CREATE EXTERNAL TABLE " + orders + " (" + TpchFiles.hiveColumns(TpchTable.ORDERS) + ") "
                + HANDLER + " WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"o_orderkey\":\"_id\"}') "
                + "TBLPROPERTIES ('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "orders") + "', "
                + "'mongo.split.count'='7')");
        hive.execute("CREATE EXTERNAL TABLE " + customer + " (" + TpchFiles.hiveColumns(TpchTable.CUSTOMER) + ") "
                + HANDLER + " TBLPROPERTIES ('mongo.uri'='" + stack.mongo().databaseUri(MONGO_DB, "customer")
                + "', 'mongo.split.count'='7')");
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            statement.execute("SET hive.execution.engine=" + engine);
            // a job, not a fetch task, so that the splits are read by tasks
            statement.execute("SET hive.fetch.task.conversion=none");
            assertThat(rows(statement, "SELECT * FROM " + orders + " ORDER BY o_orderkey"))
                    .containsExactlyElementsOf(
                            Rows.of(hive, "SELECT * FROM " + DB + ".orders_orc ORDER BY o_orderkey"));
            assertThat(rows(statement, checksum(orders)))
                    .containsExactlyElementsOf(Rows.of(hive, checksum(DB + ".orders_orc")));
            assertThat(rows(statement, "SELECT * FROM " + customer + " ORDER BY c_custkey"))
                    .containsExactlyElementsOf(
                            Rows.of(hive, "SELECT * FROM " + DB + ".customer_orc ORDER BY c_custkey"));
            assertThat(rows(statement, "SELECT count(*), count(DISTINCT c_custkey), sum(c_acctbal) FROM " + customer))
                    .containsExactlyElementsOf(Rows.of(
                            hive,
                            "SELECT count(*), count(DISTINCT c_custkey), sum(c_acctbal) FROM " + DB + ".customer_orc"));
        }
    }
}
