package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoDatabase;
import io.hivenosql.sandbox.MapMain;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * {@code bin/hive-nosql map cassandra ... --apply} end to end: a keyspace of three CQL tables (case-sensitive quoted
 * names, a UDT, collections, a varint, two names that make the same Hive name) is mapped through the handler jars the
 * way {@code bin/hive-nosql} loads them, each table created through HiveServer2 as it is written; then each Hive table
 * reads exactly what CQL wrote, and the mapping files and DDL say what was sampled and every note. A MongoDB database
 * (camelCase fields, a nested document, a sparse field, an int widened to double) is mapped the same way.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MapCommandIT {
    private static final String KEYSPACE = "it_map";
    private static final String DB = "it_map_hive";
    private static final String MONGO_DATABASE = "it_map_docs";
    private static final String MONGO_DB = "it_map_mongo";

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private Path out;
    private String output;
    private int exitCode;
    private HiveStack.Resources stack;
    private Path mongoOut;
    private String mongoOutput;
    private int mongoExitCode;

    @BeforeAll
    void mapKeyspace(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        cql = stack.cql();
        TestingCassandraServer cassandra = stack.cassandra();
        cql.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
        cql.execute("CREATE KEYSPACE " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TYPE " + KEYSPACE + ".address (street text, zip int)");
        cql.execute("CREATE TABLE " + KEYSPACE + ".\"userEvents\" (\"userId\" int, seq int, \"eventTags\" set<text>, "
                + "props map<text, int>, home frozen<address>, PRIMARY KEY ((\"userId\"), seq))");
        cql.execute("CREATE TABLE " + KEYSPACE + ".orders (id int PRIMARY KEY, items list<text>, total decimal)");
        cql.execute("CREATE TABLE " + KEYSPACE + ".\"Orders\" (k text PRIMARY KEY, big varint)");
        cql.execute("INSERT INTO " + KEYSPACE + ".\"userEvents\" (\"userId\", seq, \"eventTags\", props, home) VALUES "
                + "(7, 1, {'b', 'a'}, {'y': 2, 'x': 1}, {street: 'Main St', zip: 12345})");
        cql.execute("INSERT INTO " + KEYSPACE + ".\"userEvents\" (\"userId\", seq) VALUES (7, 2)");
        cql.execute("INSERT INTO " + KEYSPACE + ".orders (id, items, total) VALUES (1, ['x', 'y', 'x'], 12.50)");
        cql.execute("INSERT INTO " + KEYSPACE + ".\"Orders\" (k, big) VALUES ('a', 123456789012345678901234567890)");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");

        out = stack.scratch("map-command");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(bytes, true, UTF_8)) {
            exitCode = MapMain.run(
                    HiveStack.Resources.auxJars(),
                    List.of(
                            "cassandra",
                            "--hosts",
                            cassandra.contactPoint(),
                            "--local-dc",
                            cassandra.localDatacenter(),
                            "--keyspace",
                            KEYSPACE,
                            "--database",
                            DB,
                            "--out",
                            out.toString(),
                            "--apply",
                            "--jdbc-url",
                            hive.jdbcUrl(),
                            "--user",
                            hive.user()),
                    print);
        }
        output = bytes.toString(UTF_8);
        mapMongoDatabase();
    }

    /** Two collections: camelCase fields, a nested document, a sparse field and an int widened by a double. */
    private void mapMongoDatabase() throws Exception {
        try (MongoClient client = stack.mongoClient()) {
            MongoDatabase database = client.getDatabase(MONGO_DATABASE);
            database.drop();
            database.getCollection("customerOrders")
                    .insertMany(List.of(
                            new Document("_id", 1)
                                    .append("customerName", "Ana")
                                    .append("address", new Document("city", "Oslo").append("zip", 123))
                                    .append("qty", 2),
                            new Document("_id", 2)
                                    .append("customerName", "Bo")
                                    .append("qty", 2.5)
                                    .append("extra", "x")));
            database.getCollection("events").insertOne(new Document("_id", "e1").append("n", 1L));
        }
        hive.execute("DROP DATABASE IF EXISTS " + MONGO_DB + " CASCADE");
        mongoOut = stack.scratch("map-mongo");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (PrintStream print = new PrintStream(bytes, true, UTF_8)) {
            mongoExitCode = MapMain.run(
                    HiveStack.Resources.auxJars(),
                    List.of(
                            "mongo",
                            "--uri",
                            stack.mongo().uri() + "/" + MONGO_DATABASE,
                            "--database",
                            MONGO_DB,
                            "--out",
                            mongoOut.toString(),
                            "--apply",
                            "--jdbc-url",
                            hive.jdbcUrl(),
                            "--user",
                            hive.user()),
                    print);
        }
        mongoOutput = bytes.toString(UTF_8);
    }

    @AfterAll
    void dropAll() throws Exception {
        if (hive != null) {
            hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
            hive.execute("DROP DATABASE IF EXISTS " + MONGO_DB + " CASCADE");
        }
        if (stack != null) {
            try (MongoClient client = stack.mongoClient()) {
                client.getDatabase(MONGO_DATABASE).drop();
            }
        }
        if (cql != null) {
            cql.execute("DROP KEYSPACE IF EXISTS " + KEYSPACE);
            cql.close();
        }
    }

    @Test
    void createsEveryTableWithProgress() {
        assertThat(exitCode).as(output).isZero();
        assertThat(output)
                .contains("keyspace it_map: 3 objects")
                .contains("[1/3] ")
                .contains("[3/3] ")
                .contains("userEvents -> it_map_hive.userevents: 5 columns, ")
                .contains("orders -> it_map_hive.orders: 3 columns, 1 note ... created")
                .contains("Orders -> it_map_hive.orders_2: 2 columns, 2 notes ... created");
        assertThat(output.split(" \\.\\.\\. created", -1)).hasSize(4);
    }

    @Test
    void tablesReadWhatCqlWrote() throws Exception {
        assertThat(Rows.of(hive, "SELECT userid, seq, eventtags, props, home FROM " + DB + ".userevents").stream()
                        .sorted())
                .containsExactly(
                        "7|1|[\"a\",\"b\"]|{\"x\":1,\"y\":2}|{\"street\":\"Main St\",\"zip\":12345}",
                        "7|2|NULL|NULL|NULL");
        // decimal(38,18): compared as a number, not as the text JDBC pads to the scale
        assertThat(Rows.of(hive, "SELECT id, items FROM " + DB + ".orders WHERE total = 12.5"))
                .containsExactly("1|[\"x\",\"y\",\"x\"]");
        assertThat(Rows.of(hive, "SELECT k, big FROM " + DB + ".orders_2"))
                .containsExactly("a|123456789012345678901234567890");
        assertThat(Rows.describe(hive, DB + ".userevents"))
                .containsExactly(
                        "userid|int",
                        "seq|int",
                        "eventtags|array<string>",
                        "home|struct<street:string,zip:int>",
                        "props|map<string,int>");
    }

    @Test
    void writesMappingFilesAndCommentedDdl() throws Exception {
        assertThat(out.resolve("userevents.json")).exists();
        assertThat(out.resolve("orders.json")).exists();
        assertThat(Files.readString(out.resolve("userevents.json"))).contains("\"path\": \"\\\"userId\\\"\"");
        String ddl = Files.readString(out.resolve("create-tables.hql"));
        assertThat(ddl)
                .contains("CREATE DATABASE IF NOT EXISTS `it_map_hive`;")
                .contains("CREATE EXTERNAL TABLE `it_map_hive`.`userevents`")
                .contains("'cassandra.table' = '\"userEvents\"'")
                .contains("'nosql.mapping.url' = '" + out.toAbsolutePath().toUri() + "userevents.json'")
                .contains("-- sampled: ")
                .contains("-- note: Hive name orders_2: orders was taken by orders")
                .doesNotContain("password");
        assertThat(ddl.split("CREATE EXTERNAL TABLE", -1)).hasSize(4);
        assertThat(Files.readString(out.resolve("orders_2.json"))).contains("\"type\": \"decimal(38,0)\"");
    }

    @Test
    void mapsAMongoDatabaseFromASampleOfEachCollection() throws Exception {
        assertThat(mongoExitCode).as(mongoOutput).isZero();
        assertThat(mongoOutput)
                .contains("database of " + stack.mongo().uri() + "/" + MONGO_DATABASE + ": 2 objects")
                .contains("customerOrders -> it_map_mongo.customerorders: 5 columns, ")
                .contains("events -> it_map_mongo.events: 2 columns, ");
        assertThat(
                        Rows.of(
                                        hive,
                                        "SELECT id, customername, address, qty, extra FROM " + MONGO_DB
                                                + ".customerorders")
                                .stream()
                                .sorted())
                .containsExactly("1|Ana|{\"city\":\"Oslo\",\"zip\":123}|2.0|NULL", "2|Bo|NULL|2.5|x");
        assertThat(Rows.of(hive, "SELECT id, n FROM " + MONGO_DB + ".events")).containsExactly("e1|1");
        String ddl = Files.readString(mongoOut.resolve("create-tables.hql"));
        assertThat(ddl)
                .contains("'mongo.collection' = 'customerOrders'")
                .contains("STORED BY 'io.hivenosql.mongo.MongoStorageHandler'")
                .containsPattern("-- note: qty: .*double");
        assertThat(Files.readString(mongoOut.resolve("customerorders.json"))).contains("\"path\": \"customerName\"");
    }

    @Test
    void mapsRedisPrefixesFromASampleOfTheirKeys() throws Exception {
        try (Jedis jedis = stack.redis().connect()) {
            jedis.hset("it_map:user:1", Map.of("userName", "ana", "visits", "3"));
            jedis.hset("it_map:user:2", Map.of("userName", "bo", "visits", "12", "vip", "true"));
            jedis.set("it_map:session:s1", "{\"userId\": 1, \"startedAt\": \"2026-11-26T10:00:00Z\"}");
        }
        String redisDb = "it_map_redis";
        hive.execute("DROP DATABASE IF EXISTS " + redisDb + " CASCADE");
        Path redisOut = stack.scratch("map-redis");
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int exit;
        try (PrintStream print = new PrintStream(bytes, true, UTF_8)) {
            exit = MapMain.run(
                    HiveStack.Resources.auxJars(),
                    List.of(
                            "redis",
                            "--nodes",
                            stack.redis().address(),
                            "--prefix",
                            "it_map:user:",
                            "--key-columns",
                            "id",
                            "--prefix",
                            "it_map:session:",
                            "--key-columns",
                            "sid",
                            "--value-type",
                            "string",
                            "--database",
                            redisDb,
                            "--out",
                            redisOut.toString(),
                            "--apply",
                            "--jdbc-url",
                            hive.jdbcUrl(),
                            "--user",
                            hive.user()),
                    print);
        }
        String printed = bytes.toString(UTF_8);
        try {
            assertThat(exit).as(printed).isZero();
            assertThat(printed).contains("[2/2] ").contains(" ... created");
            String ddl = Files.readString(redisOut.resolve("create-tables.hql"));
            assertThat(ddl).contains("'redis.key.prefix' = 'it_map:user:'").contains("'redis.value.type' = 'string'");
            List<String> tables = Rows.of(hive, "SHOW TABLES IN " + redisDb);
            assertThat(tables).hasSize(2);
            String users =
                    tables.stream().filter(t -> t.contains("user")).findFirst().orElseThrow();
            String sessions = tables.stream()
                    .filter(t -> t.contains("session"))
                    .findFirst()
                    .orElseThrow();
            assertThat(Rows.of(hive, "SELECT id, username, visits, vip FROM " + redisDb + "." + users).stream()
                            .sorted())
                    .containsExactly("1|ana|3|NULL", "2|bo|12|true");
            assertThat(Rows.of(hive, "SELECT sid, userid, startedat FROM " + redisDb + "." + sessions))
                    .containsExactly("s1|1|2026-11-26 10:00:00.0");
        } finally {
            hive.execute("DROP DATABASE IF EXISTS " + redisDb + " CASCADE");
        }
    }
}
