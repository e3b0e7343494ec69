package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.math.BigDecimal;
import java.sql.SQLException;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.bson.Document;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Tables created with no column list take their columns from the store (issue 21), through HiveServer2: DESCRIBE and
 * SHOW CREATE TABLE show them, the SHOW CREATE TABLE text recreates the same table, the rows equal what the store's
 * own client wrote (camelCase names included), and the schema drift rules hold.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SchemaInferenceIT {
    private static final String DB = "it_infer";
    private static final String CASSANDRA = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";

    private static final String MONGO = "STORED BY 'io.hivenosql.mongo.MongoStorageHandler'";

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private TestingCassandraServer cassandra;
    private HiveStack.Resources stack;

    @BeforeAll
    void createDatabase(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        cassandra = stack.cassandra();
        cql = stack.cql();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TYPE " + DB + ".point (x double, \"yPos\" double)");
        cql.execute("CREATE TABLE " + DB + ".\"userEvents\" (\"userId\" text, day date, seq int, \"eventType\" text, "
                + "amount decimal, counts map<text, int>, tags set<text>, at frozen<point>, "
                + "PRIMARY KEY ((\"userId\", day), seq))");
        cql.execute("INSERT INTO " + DB + ".\"userEvents\" (\"userId\", day, seq, \"eventType\", amount, counts, tags, "
                + "at) VALUES ('u1', '2026-11-01', 1, 'click', 12.50, {'a': 1}, {'x', 'y'}, {x: 1.5, \"yPos\": -2})");
        cql.execute("INSERT INTO " + DB + ".\"userEvents\" (\"userId\", day, seq, \"eventType\") "
                + "VALUES ('u1', '2026-11-01', 2, 'view')");
        cql.execute("INSERT INTO " + DB + ".\"userEvents\" (\"userId\", day, seq, amount) "
                + "VALUES ('u2', '2026-11-02', 1, -0.001)");
    }

    private String cassandraTable(String hiveName, String cqlTable) {
        return "CREATE EXTERNAL TABLE " + DB + "." + hiveName + " " + CASSANDRA + " TBLPROPERTIES ('cassandra.hosts'='"
                + cassandra.contactPoint() + "', 'cassandra.local-dc'='" + cassandra.localDatacenter()
                + "', 'cassandra.table'='" + cqlTable + "')";
    }

    @Test
    void aCassandraTableWithNoColumnListTakesTheCqlColumns() throws Exception {
        hive.execute(cassandraTable("events", "\"userEvents\""));

        assertThat(Rows.describe(hive, DB + ".events"))
                .containsExactly(
                        "userid|string",
                        "day|date",
                        "seq|int",
                        "amount|decimal(38,18)",
                        "at|struct<x:double,ypos:double>",
                        "counts|map<string,int>",
                        "eventtype|string",
                        "tags|array<string>");
        assertThat(Rows.of(
                                hive,
                                "SELECT userid, day, seq, eventtype, amount, counts['a'], tags, at.ypos FROM " + DB
                                        + ".events")
                        .stream()
                        .sorted()
                        .toList())
                .containsExactly(
                        "u1|2026-11-01|1|click|12.500000000000000000|1|[\"x\",\"y\"]|-2.0",
                        "u1|2026-11-01|2|view|NULL|NULL|NULL|NULL",
                        "u2|2026-11-02|1|NULL|-0.001000000000000000|NULL|NULL|NULL");
        // the partition key reaches the store as a key, as on a declared table
        assertThat(Rows.of(hive, "SELECT seq FROM " + DB + ".events WHERE userid = 'u2' AND day = DATE '2026-11-02'"))
                .containsExactly("1");

        String shown = showCreateTable(DB + ".events");
        assertThat(shown)
                .contains("`userid` string", "`eventtype` string")
                // as SHOW CREATE TABLE escapes property values: backslashes doubled, ';' as '\;'
                .contains("'cassandra.columns.mapping'='{\"userid\":\"\\\\\"userId\\\\\"\",\"eventtype\":"
                        + "\"\\\\\"eventType\\\\\"\"}'")
                .containsPattern("'nosql.schema.inferred'='[0-9T:Z-]+: the CQL schema of it_infer.\"userEvents\" "
                        + "\\(8 columns\\\\; primary key \\(\\(userid, day\\), seq\\)\\)'")
                .contains("'nosql.schema.notes'='column amount: a CQL decimal");
        // what SHOW CREATE TABLE prints recreates the same table, with no inference
        hive.execute(renamed(shown, "events", "events_again"));
        assertThat(Rows.describe(hive, DB + ".events_again")).isEqualTo(Rows.describe(hive, DB + ".events"));
        assertThat(sorted("SELECT * FROM " + DB + ".events_again"))
                .isEqualTo(sorted("SELECT * FROM " + DB + ".events"));
    }

    @Test
    void cqlColumnsAddedLaterAreNotSeenUntilRemappedAndADroppedOneFailsTheQueryNamingIt() throws Exception {
        cql.execute("CREATE TABLE " + DB + ".drift (id int PRIMARY KEY, name text, note text)");
        cql.execute("INSERT INTO " + DB + ".drift (id, name, note) VALUES (1, 'one', 'first')");
        hive.execute(cassandraTable("drift", "drift"));

        cql.execute("ALTER TABLE " + DB + ".drift ADD added int");
        cql.execute("UPDATE " + DB + ".drift SET added = 7 WHERE id = 1");
        assertThat(Rows.describe(hive, DB + ".drift")).containsExactly("id|int", "name|string", "note|string");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".drift")).containsExactly("1|one|first");

        // re-mapped: the external table dropped (the CQL table stays) and created again
        hive.execute("DROP TABLE " + DB + ".drift");
        hive.execute(cassandraTable("drift", "drift"));
        assertThat(Rows.of(hive, "SELECT id, added FROM " + DB + ".drift")).containsExactly("1|7");

        cql.execute("ALTER TABLE " + DB + ".drift DROP note");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + DB + ".drift"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("note");
    }

    @Test
    void aMissingCqlTableFailsTheCreateNamingWhatExists() {
        assertThatThrownBy(() -> hive.execute(cassandraTable("missing", "\"userEvent\"")))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("userEvent")
                .hasMessageContaining("userEvents");
    }

    @Test
    void aMongoCollectionWithNoColumnListTakesTheSampledFields() throws Exception {
        MongoDatabase database = stack.mongoClient().getDatabase(DB);
        MongoCollection<Document> people = database.getCollection("people");
        people.drop();
        // as an application writes them: camelCase, nested documents, ints and doubles in one field, sparse fields
        people.insertMany(List.of(
                new Document("_id", new ObjectId("6560a1b2c3d4e5f601234567"))
                        .append("fullName", "Ada Lovelace")
                        .append("code", 7)
                        .append("yearOfBirth", 1815)
                        .append("score", 9)
                        .append("address", new Document("city", "London").append("postCode", "W1"))
                        .append("tags", List.of("math", "poetry")),
                new Document("_id", new ObjectId("6560a1b2c3d4e5f601234568"))
                        .append("fullName", "Grace Hopper")
                        .append("code", "A7")
                        .append("yearOfBirth", 1906)
                        .append("score", 9.5)
                        .append("address", new Document("city", "Arlington"))
                        .append("lastLogin", new Date(1_700_000_000_000L)),
                new Document("_id", new ObjectId("6560a1b2c3d4e5f601234569"))
                        .append("fullName", "Edsger Dijkstra")
                        // FerretDB holds no Decimal128 (StorableBson): a double there
                        .append(
                                "balance",
                                StorableBson.isFerretDb(stack.mongo())
                                        ? (Object) 1234.56
                                        : new Decimal128(new BigDecimal("1234.56")))));
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people " + MONGO + " TBLPROPERTIES ('mongo.uri'='"
                + stack.mongo().databaseUri(DB, "people") + "')");

        // first-seen order, and $sample returns the documents in any order: only _id is always first
        List<String> columns = Rows.describe(hive, DB + ".people");
        assertThat(columns.get(0)).isEqualTo("id|string");
        assertThat(columns.subList(1, columns.size()))
                .containsExactlyInAnyOrder(
                        "fullname|string",
                        "yearofbirth|int",
                        "score|double",
                        "address|struct<city:string,postcode:string>",
                        "tags|array<string>",
                        "lastlogin|timestamp",
                        StorableBson.isFerretDb(stack.mongo()) ? "balance|double" : "balance|decimal(38,2)",
                        "code|string");
        // an int and a string in one field: a string column holding each value's JSON text
        assertThat(sorted("SELECT fullname, code FROM " + DB + ".people"))
                .containsExactly("Ada Lovelace|7", "Edsger Dijkstra|NULL", "Grace Hopper|A7");
        assertThat(sorted("SELECT id, fullname, yearofbirth, score, address.city, address.postcode, tags, lastlogin, "
                        + "balance FROM " + DB + ".people"))
                .containsExactly(
                        "6560a1b2c3d4e5f601234567|Ada Lovelace|1815|9.0|London|W1|[\"math\",\"poetry\"]|NULL|NULL",
                        "6560a1b2c3d4e5f601234568|Grace Hopper|1906|9.5|Arlington|NULL|NULL|2023-11-14 22:13:20.0|NULL",
                        "6560a1b2c3d4e5f601234569|Edsger Dijkstra|NULL|NULL|NULL|NULL|NULL|NULL|1234.56");
        String shown = showCreateTable(DB + ".people");
        assertThat(shown)
                .contains("'mongo.columns.mapping'='{\"id\":\"_id\"", "\"fullname\":\"fullName\"")
                .containsPattern("'nosql.schema.inferred'='[0-9T:Z-]+: 3 of about 3 documents")
                .contains("'nosql.schema.notes'='")
                .contains("score")
                // address.postCode: whole structs are fetched, so that a query of address.postcode alone reads it
                .contains("'mongo.read.prune-nested'='false'");
        hive.execute(renamed(shown, "people", "people_again"));
        assertThat(sorted("SELECT * FROM " + DB + ".people_again"))
                .isEqualTo(sorted("SELECT * FROM " + DB + ".people"));

        // a field added later is not a column until the table is created again
        people.insertOne(new Document("fullName", "Alan Turing").append("nickName", "Prof"));
        assertThat(Rows.describe(hive, DB + ".people")).doesNotContain("nickname|string");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".people")).isEqualTo(4L);
    }

    @Test
    void aRedisPrefixWithNoColumnListTakesTheSampledHashFields() throws Exception {
        try (Jedis jedis = stack.redis().connect()) {
            // as an application writes them: camelCase fields, numbers, dates, a sparse field
            jedis.hset(
                    "it_infer:user:17",
                    Map.of(
                            "userName",
                            "ada",
                            "visits",
                            "12",
                            "balance",
                            "10.50",
                            "joined",
                            "2024-02-29",
                            "vip",
                            "true"));
            jedis.hset(
                    "it_infer:user:18",
                    Map.of("userName", "grace", "visits", "3000000000", "balance", "0.25", "joined", "2023-01-01"));
            jedis.hset(
                    "it_infer:user:19",
                    Map.of(
                            "userName",
                            "edsger",
                            "visits",
                            "7",
                            "balance",
                            "-3.00",
                            "joined",
                            "1930-05-11",
                            "nickName",
                            "EWD"));
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".users STORED BY 'io.hivenosql.redis.RedisStorageHandler' "
                + "TBLPROPERTIES ('redis.nodes'='" + stack.redis().address()
                + "', 'redis.key.prefix'='it_infer:user:', "
                + "'redis.key.column'='userid')");

        List<String> columns = Rows.describe(hive, DB + ".users");
        assertThat(columns.get(0)).isEqualTo("userid|int");
        assertThat(columns.subList(1, columns.size()))
                .containsExactlyInAnyOrder(
                        "username|string",
                        "visits|bigint",
                        "balance|decimal(38,2)",
                        "joined|date",
                        "vip|boolean",
                        "nickname|string");
        assertThat(sorted("SELECT userid, username, visits, balance, joined, vip, nickname FROM " + DB + ".users"))
                .containsExactly(
                        "17|ada|12|10.50|2024-02-29|true|NULL",
                        "18|grace|3000000000|0.25|2023-01-01|NULL|NULL",
                        "19|edsger|7|-3.00|1930-05-11|NULL|EWD");
        assertThat(showCreateTable(DB + ".users"))
                .contains("\"username\":\"userName\"", "\"nickname\":\"nickName\"")
                .containsPattern("'nosql.schema.inferred'='[0-9T:Z-]+: 3 of 3 hash keys");
    }

    private String showCreateTable(String table) throws SQLException {
        return hive.query("SHOW CREATE TABLE " + table).stream()
                .map(row -> String.valueOf(row.get(0)))
                .collect(Collectors.joining("\n"));
    }

    /** A SHOW CREATE TABLE text of {@code table} that creates {@code name}: Hive 3.1 quotes `db.t`, 4.x `db`.`t`. */
    private static String renamed(String shown, String table, String name) {
        return shown.replace("`" + DB + "`.`" + table + "`", "`" + DB + "`.`" + name + "`")
                .replace("`" + DB + "." + table + "`", "`" + DB + "." + name + "`");
    }

    private List<String> sorted(String sql) throws SQLException {
        return Rows.of(hive, sql).stream().sorted().toList();
    }
}
