package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DocumentCodec;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * Dates and timestamps outside Hive's range (years 1 to 9999), written by each store's own client, are bad records
 * under {@code nosql.bad-record.policy} in every reader (Redis, Cassandra, MongoDB, BSON files): {@code fail} names
 * table, key, column and value (instead of Hive's late {@code Failed to evaluate TIMESTAMP_TYPE}), {@code null} reads
 * NULL, {@code skip} drops the row; the edges 0001-01-01 and 9999-12-31 23:59:59.999 still read exactly and are
 * written unchanged; pushed comparisons never return a row whose value reads as NULL.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TemporalRangeIT {
    private static final String DB = "it_temporal";
    private static final List<String> POLICIES = List.of("fail", "null", "skip");

    /** Rows 1 and 2 are Hive's edges, 3 and 4 outside its range, 5 ordinary. */
    private static final Map<Integer, LocalDate> DATES = Map.of(
            1, LocalDate.of(1, 1, 1),
            2, LocalDate.of(9999, 12, 31),
            3, LocalDate.of(0, 6, 15),
            4, LocalDate.of(1_701_533, 1, 31),
            5, LocalDate.of(2024, 1, 31));

    private static final Map<Integer, LocalDateTime> TIMESTAMPS = Map.of(
            1, LocalDateTime.of(1, 1, 1, 0, 0),
            2, LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000),
            3, LocalDateTime.of(0, 6, 15, 12, 0),
            4, LocalDateTime.of(10_000, 1, 1, 0, 0),
            5, LocalDateTime.of(2024, 1, 31, 10, 11, 12));

    /** What every store reads under the null policy: the values outside the range are NULL. */
    private static final List<String> READ_AS_NULL = List.of(
            "1|0001-01-01|0001-01-01 00:00:00",
            "2|9999-12-31|9999-12-31 23:59:59.999",
            "3|NULL|NULL",
            "4|NULL|NULL",
            "5|2024-01-31|2024-01-31 10:11:12");

    private static final List<String> SKIPPED = List.of(
            "1|0001-01-01|0001-01-01 00:00:00",
            "2|9999-12-31|9999-12-31 23:59:59.999",
            "5|2024-01-31|2024-01-31 10:11:12");

    private static final String SELECT = "SELECT id, CAST(d AS STRING), CAST(ts AS STRING) FROM ";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private MongoClient mongo;
    private Path bsonDir;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);

        // Redis: the text redis-cli (or any client) would store
        try (Jedis jedis = new Jedis(stack.redis().host(), stack.redis().port())) {
            for (String key : jedis.keys("it:tr:*")) {
                jedis.del(key);
            }
            jedis.hset("it:tr:1", Map.of("d", "0001-01-01", "ts", "0001-01-01T00:00:00"));
            jedis.hset("it:tr:2", Map.of("d", "9999-12-31", "ts", "9999-12-31T23:59:59.999"));
            jedis.hset("it:tr:3", Map.of("d", "0000-06-15", "ts", "0000-06-15T12:00:00"));
            jedis.hset("it:tr:4", Map.of("d", "+1701533-01-31", "ts", "+10000-01-01T00:00:00"));
            jedis.hset("it:tr:5", Map.of("d", "2024-01-31", "ts", "2024-01-31T10:11:12"));
        }

        // Cassandra: a date as its raw day number (unsigned, 2^31 is the epoch), a timestamp as epoch milliseconds
        cql = stack.cql();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".events (id int PRIMARY KEY, d date, ts timestamp)");
        cql.execute("CREATE TABLE " + DB + ".written (id int PRIMARY KEY, d date, ts timestamp)");
        for (int id = 1; id <= 5; id++) {
            cql.execute("INSERT INTO " + DB + ".events (id, d, ts) VALUES (" + id + ", '"
                    + (DATES.get(id).toEpochDay() + (1L << 31)) + "', " + millis(TIMESTAMPS.get(id)) + ")");
        }

        // MongoDB and a BSON file: BSON dates (epoch milliseconds) written by the Java driver and org.bson
        mongo = stack.mongoClient();
        mongo.getDatabase(DB).drop();
        MongoCollection<Document> events = mongo.getDatabase(DB).getCollection("events");
        List<Document> documents = new ArrayList<>();
        for (int id = 1; id <= 5; id++) {
            documents.add(new Document("_id", id)
                    .append("d", new Date(DATES.get(id).toEpochDay() * 86_400_000L))
                    .append("ts", new Date(millis(TIMESTAMPS.get(id)))));
        }
        events.insertMany(documents);
        mongo.getDatabase(DB).createCollection("written");
        bsonDir = stack.scratch("temporal-bson");
        writeDump(bsonDir.resolve("events.bson"), documents);

        for (String policy : POLICIES) {
            String properties = "'nosql.bad-record.policy'='" + policy + "'";
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_" + policy + " (id int, d date, ts timestamp) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + stack.redis().address() + "', 'redis.key.prefix'='it:tr:', " + properties + ")");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".cassandra_" + policy + " (id int, d date, ts timestamp) "
                    + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                    + stack.cassandra().contactPoint() + "', 'cassandra.keyspace'='" + DB + "', "
                    + "'cassandra.table'='events', 'cassandra.allow-filtering'='true', " + properties + ")");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".mongo_" + policy + " (id int, d date, ts timestamp) "
                    + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES "
                    + "('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                    + stack.mongo().databaseUri(DB, "events") + "', " + properties + ")");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".bson_" + policy + " (id int, d date, ts timestamp) "
                    + bsonFormat(properties) + " LOCATION '" + bsonDir.toUri() + "'");
        }
    }

    @AfterAll
    void close() throws Exception {
        if (cql != null) {
            cql.close();
        }
        if (mongo != null) {
            mongo.close();
        }
    }

    private static String bsonFormat(String properties) {
        return "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' WITH SERDEPROPERTIES "
                + "('mongo.columns.mapping'='{\"id\":\"_id\"}', " + properties + ") "
                + "STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat' "
                + "OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat'";
    }

    private static long millis(LocalDateTime value) {
        return value.toInstant(ZoneOffset.UTC).toEpochMilli();
    }

    private List<String> rows(String table, String where) throws SQLException {
        return Rows.of(hive, SELECT + DB + "." + table + " " + where + " ORDER BY id");
    }

    @Test
    void redisFailNamesTableKeyColumnAndValue() {
        assertThatThrownBy(() -> hive.query("SELECT id, d FROM " + DB + ".redis_fail WHERE id = 4"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".redis_fail")
                .hasStackTraceContaining("key 'it:tr:4'")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("+1701533-01-31")
                .hasStackTraceContaining("0001-01-01")
                .hasStackTraceContaining("nosql.bad-record.policy");
        // the timestamp used to reach the JDBC client, which failed with "Failed to evaluate TIMESTAMP_TYPE [...]"
        assertThatThrownBy(() -> hive.query("SELECT ts FROM " + DB + ".redis_fail WHERE id = 4"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("column 'ts'")
                .hasStackTraceContaining("+10000-01-01T00:00")
                .satisfies(e -> assertThat(stackTrace(e)).doesNotContain("Failed to evaluate"));
        assertThatThrownBy(() -> hive.query("SELECT ts FROM " + DB + ".redis_fail WHERE id = 3"))
                .hasStackTraceContaining("key 'it:tr:3'")
                .hasStackTraceContaining("0000-06-15T12:00");
    }

    @Test
    void cassandraFailNamesTableKeyColumnAndValue() {
        assertThatThrownBy(() -> hive.query("SELECT id, d FROM " + DB + ".cassandra_fail WHERE id = 4"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".cassandra_fail")
                .hasStackTraceContaining("key 'id=4'")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("+1701533-01-31");
        assertThatThrownBy(() -> hive.query("SELECT ts FROM " + DB + ".cassandra_fail WHERE id = 3"))
                .hasStackTraceContaining("key 'id=3'")
                .hasStackTraceContaining("column 'ts'")
                .hasStackTraceContaining("0000-06-15T12:00")
                .satisfies(e -> assertThat(stackTrace(e)).doesNotContain("Failed to evaluate"));
    }

    @Test
    void mongoFailNamesTableKeyColumnAndValue() {
        assertThatThrownBy(() -> hive.query("SELECT id, d FROM " + DB + ".mongo_fail WHERE id = 4"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".mongo_fail")
                .hasStackTraceContaining("key '4'")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("+1701533-01-31");
        assertThatThrownBy(() -> hive.query("SELECT ts FROM " + DB + ".mongo_fail WHERE id = 4"))
                .hasStackTraceContaining("column 'ts'")
                .hasStackTraceContaining("+10000-01-01T00:00")
                .satisfies(e -> assertThat(stackTrace(e)).doesNotContain("Failed to evaluate"));
    }

    @Test
    void bsonFileFailNamesTableFileOffsetColumnAndValue() {
        // the file's third document (_id 3) is the first bad one
        assertThatThrownBy(() -> hive.query("SELECT id, d FROM " + DB + ".bson_fail"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".bson_fail")
                .hasStackTraceContaining("key '3 at byte offset")
                .hasStackTraceContaining("events.bson")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("0000-06-15");
    }

    @Test
    void nullPolicyReadsOutOfRangeValuesAsNullAndTheEdgesExactly() throws Exception {
        for (String store : List.of("redis", "cassandra", "mongo", "bson")) {
            assertThat(rows(store + "_null", "")).as(store).containsExactlyElementsOf(READ_AS_NULL);
        }
    }

    @Test
    void skipPolicyDropsTheRows() throws Exception {
        for (String store : List.of("redis", "cassandra", "mongo", "bson")) {
            assertThat(rows(store + "_skip", "")).as(store).containsExactlyElementsOf(SKIPPED);
        }
    }

    @Test
    void pushedComparisonsNeverReturnAValueThatReadsAsNull() throws Exception {
        // MongoDB and Cassandra (with ALLOW FILTERING) take these comparisons as filters: a stored year 10000 or
        // 1701533 is "greater", a year 0 "smaller", but reads as NULL, which no comparison matches in Hive
        for (String store : List.of("redis", "cassandra", "mongo", "bson")) {
            String table = store + "_null";
            assertThat(Rows.of(hive, "SELECT id FROM " + DB + "." + table + " WHERE d > DATE '9000-01-01'"))
                    .as(store)
                    .containsExactly("2");
            assertThat(Rows.of(
                            hive,
                            "SELECT id FROM " + DB + "." + table + " WHERE ts >= TIMESTAMP '9999-12-31 23:59:59.999'"))
                    .as(store)
                    .containsExactly("2");
            assertThat(Rows.of(hive, "SELECT id FROM " + DB + "." + table + " WHERE d < DATE '0002-01-01'"))
                    .as(store)
                    .containsExactly("1");
            assertThat(Rows.of(hive, "SELECT id FROM " + DB + "." + table + " WHERE ts IS NULL ORDER BY id"))
                    .as(store)
                    .containsExactly("3", "4");
            assertThat(Rows.of(hive, "SELECT id FROM " + DB + "." + table + " WHERE d IS NOT NULL ORDER BY id"))
                    .as(store)
                    .containsExactly("1", "2", "5");
        }
        assertThat(Rows.of(hive, "SELECT id FROM " + DB + ".mongo_skip WHERE ts > TIMESTAMP '9000-01-01 00:00:00'"))
                .containsExactly("2");
    }

    @Test
    void writersKeepTheEdgesExactly() throws Exception {
        String values = "VALUES (1, DATE '0001-01-01', TIMESTAMP '0001-01-01 00:00:00'), "
                + "(2, DATE '9999-12-31', TIMESTAMP '9999-12-31 23:59:59.999')";
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_w (id int, d date, ts timestamp) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='it:trw:')");
        hive.execute("INSERT INTO " + DB + ".redis_w " + values);
        try (Jedis jedis = new Jedis(stack.redis().host(), stack.redis().port())) {
            assertThat(jedis.hgetAll("it:trw:1")).isEqualTo(Map.of("d", "0001-01-01", "ts", "0001-01-01T00:00:00"));
            assertThat(jedis.hgetAll("it:trw:2")).isEqualTo(Map.of("d", "9999-12-31", "ts", "9999-12-31T23:59:59.999"));
        }

        hive.execute("CREATE EXTERNAL TABLE " + DB + ".cassandra_w (id int, d date, ts timestamp) "
                + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                + stack.cassandra().contactPoint() + "', 'cassandra.keyspace'='" + DB
                + "', 'cassandra.table'='written')");
        hive.execute("INSERT INTO " + DB + ".cassandra_w " + values);
        assertThat(cql.rows("SELECT id, d, ts FROM " + DB + ".written").stream()
                        .map(row -> row.get(0) + "|" + row.get(1) + "|" + row.get(2))
                        .sorted())
                .containsExactly("1|0001-01-01|0001-01-01T00:00:00Z", "2|9999-12-31|9999-12-31T23:59:59.999Z");

        hive.execute("CREATE EXTERNAL TABLE " + DB + ".mongo_w (id int, d date, ts timestamp) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' WITH SERDEPROPERTIES "
                + "('mongo.columns.mapping'='{\"id\":\"_id\"}') TBLPROPERTIES ('mongo.uri'='"
                + stack.mongo().databaseUri(DB, "written") + "')");
        hive.execute("INSERT INTO " + DB + ".mongo_w " + values);
        List<String> written = new ArrayList<>();
        for (Document document : mongo.getDatabase(DB).getCollection("written").find()) {
            written.add(document.get("_id") + "|" + document.getDate("d").getTime() + "|"
                    + document.getDate("ts").getTime());
        }
        assertThat(written)
                .containsExactlyInAnyOrder(
                        "1|" + millis(TIMESTAMPS.get(1)) + "|" + millis(TIMESTAMPS.get(1)),
                        "2|" + DATES.get(2).toEpochDay() * 86_400_000L + "|" + millis(TIMESTAMPS.get(2)));

        Path out = stack.scratch("temporal-bson-written");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".bson_w (id int, d date, ts timestamp) "
                + bsonFormat("'nosql.bad-record.policy'='fail'") + " LOCATION '" + out.toUri() + "'");
        hive.execute("INSERT INTO " + DB + ".bson_w " + values);
        List<String> dumped = new ArrayList<>();
        for (Path file : dataFiles(out)) {
            for (BsonDocument document : readDump(file)) {
                dumped.add(document.get("_id").asInt32().getValue() + "|"
                        + document.getDateTime("d").getValue() + "|"
                        + document.getDateTime("ts").getValue());
            }
        }
        assertThat(dumped).containsExactlyInAnyOrderElementsOf(written);

        for (String store : List.of("redis", "cassandra", "mongo", "bson")) {
            assertThat(rows(store + "_w", "")).as(store).containsExactly(SKIPPED.get(0), SKIPPED.get(1));
        }
    }

    @Test
    void aHiveValueBeyondTheRangeIsNotWritten() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_beyond (id int, d date, ts timestamp) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='it:trb:')");
        // Hive computes a year 10000 without complaint; stored, it could not be read back
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".redis_beyond "
                        + "SELECT 1, date_add(DATE '9999-12-31', 1), TIMESTAMP '2024-01-01 00:00:00'"))
                .hasStackTraceContaining(DB + ".redis_beyond")
                .hasStackTraceContaining("column 'd'")
                .hasStackTraceContaining("+10000-01-01");
        try (Jedis jedis = new Jedis(stack.redis().host(), stack.redis().port())) {
            assertThat(jedis.keys("it:trb:*")).isEmpty();
        }
    }

    private static void writeDump(Path file, List<Document> documents) throws IOException {
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
            for (Document document : documents) {
                ByteBuffer bytes = new RawBsonDocument(document, new DocumentCodec())
                        .getByteBuffer()
                        .asNIO();
                byte[] copy = new byte[bytes.remaining()];
                bytes.get(copy);
                out.write(copy);
            }
        }
    }

    private static List<BsonDocument> readDump(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        List<BsonDocument> documents = new ArrayList<>();
        int offset = 0;
        while (offset < bytes.length) {
            int length = ByteBuffer.wrap(bytes, offset, 4)
                    .order(ByteOrder.LITTLE_ENDIAN)
                    .getInt();
            documents.add(new RawBsonDocument(bytes, offset, length).decode(new BsonDocumentCodec()));
            offset += length;
        }
        return documents;
    }

    private static List<Path> dataFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
        }
    }

    private static String stackTrace(Throwable e) {
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }
}
