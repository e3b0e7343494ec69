package io.hivenosql.it;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.BufferedOutputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.bson.BsonBinary;
import org.bson.Document;
import org.bson.RawBsonDocument;
import org.bson.codecs.DocumentCodec;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/**
 * String values that are not valid UTF-8 (Redis bytes written with Jedis's byte API; a BSON file by another tool) are
 * bad records under {@code nosql.bad-record.policy}, never text with U+FFFD in place of the bytes: {@code fail} names
 * table, key, column and the bytes, {@code null} reads NULL, {@code skip} drops the row; an INSERT ... SELECT from such
 * a table fails instead of writing altered bytes; binary columns still read their exact bytes, and valid text (a real
 * U+FFFD among it) reads unchanged.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class InvalidUtf8IT {
    private static final String DB = "it_utf8";
    private static final List<String> POLICIES = List.of("fail", "null", "skip");
    /** Valid text with an accent and a stored U+FFFD. */
    private static final String VALID = "ok \u00fc \ufffd";

    private static final byte[] BINARY = {(byte) 0xff, (byte) 0xfe, 0x00, (byte) 0xe9};

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private Path bsonDir;

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);

        try (Jedis jedis = new Jedis(stack.redis().host(), stack.redis().port())) {
            for (String pattern : List.of("it:u8*", "it:u8copy:*")) {
                for (String key : jedis.keys(pattern)) {
                    jedis.del(key);
                }
            }
            String binary = Base64.getEncoder().encodeToString(BINARY);
            hash(jedis, "it:u8:1".getBytes(UTF_8), Map.of("name", "plain".getBytes(UTF_8), "bin", binary.getBytes()));
            // Latin-1 é, as a client that does not encode UTF-8 writes it
            hash(jedis, "it:u8:2".getBytes(UTF_8), Map.of("name", "caf\u00e9".getBytes(ISO_8859_1)));
            hash(jedis, "it:u8:3".getBytes(UTF_8), Map.of("name", VALID.getBytes(UTF_8)));
            // an overlong encoding of '/': well-formed to a lenient decoder, not UTF-8
            hash(jedis, "it:u8:4".getBytes(UTF_8), Map.of("name", bytes(0x61, 0xc0, 0xaf, 0x62)));
            // the key itself: the key column is a string
            hash(jedis, concat("it:u8:".getBytes(UTF_8), bytes(0xff)), Map.of("name", "bad key".getBytes(UTF_8)));

            // JSON in Redis strings
            jedis.set("it:u8j:1".getBytes(UTF_8), "{\"name\":\"plain\"}".getBytes(UTF_8));
            jedis.set("it:u8j:2".getBytes(UTF_8), concat("{\"name\":\"caf".getBytes(UTF_8), bytes(0xe9, '"', '}')));
            // a CESU-8 surrogate pair (what a Java modified-UTF-8 writer produces for U+1F600)
            jedis.set(
                    "it:u8j:3".getBytes(UTF_8),
                    concat("{\"name\":\"".getBytes(UTF_8), bytes(0xed, 0xa0, 0xbd, 0xed, 0xb8, 0x80, '"', '}')));
        }

        bsonDir = stack.scratch("utf8-bson");
        List<byte[]> documents = new ArrayList<>();
        documents.add(document(new Document("_id", 1).append("name", "plain").append("bin", new BsonBinary(BINARY))));
        documents.add(patched(new Document("_id", 2).append("name", "cafX"), "cafX", "caf\u00e9".getBytes(ISO_8859_1)));
        documents.add(document(new Document("_id", 3).append("name", VALID)));
        documents.add(patched(new Document("_id", 4).append("name", "aXXb"), "aXXb", bytes(0x61, 0xc0, 0xaf, 0x62)));
        // a sub-document read by a string column as JSON text, with a bad string inside
        documents.add(patched(
                new Document("_id", 5).append("name", "sub").append("sub", new Document("k", "cafX")),
                "cafX",
                "caf\u00e9".getBytes(ISO_8859_1)));
        try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(bsonDir.resolve("names.bson")))) {
            for (byte[] document : documents) {
                out.write(document);
            }
        }

        for (String policy : POLICIES) {
            String properties = "'nosql.bad-record.policy'='" + policy + "'";
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_" + policy + " (id string, name string, bin binary) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + stack.redis().address() + "', 'redis.key.prefix'='it:u8:', " + properties + ")");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".json_" + policy + " (id int, name string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + stack.redis().address() + "', 'redis.key.prefix'='it:u8j:', 'redis.value.type'='string', "
                    + properties + ")");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".bson_" + policy
                    + " (id int, name string, bin binary, sub string) " + bsonFormat(properties) + " LOCATION '"
                    + bsonDir.toUri() + "'");
        }
    }

    private static String bsonFormat(String properties) {
        return "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' WITH SERDEPROPERTIES "
                + "('mongo.columns.mapping'='{\"id\":\"_id\"}', " + properties + ") "
                + "STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat' "
                + "OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat'";
    }

    private static void hash(Jedis jedis, byte[] key, Map<String, byte[]> fields) {
        for (var field : fields.entrySet()) {
            jedis.hset(key, field.getKey().getBytes(UTF_8), field.getValue());
        }
    }

    private static byte[] bytes(int... values) {
        byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = (byte) values[i];
        }
        return result;
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] result = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, result, first.length, second.length);
        return result;
    }

    private static byte[] document(Document document) {
        ByteBuffer buffer = new RawBsonDocument(document, new DocumentCodec())
                .getByteBuffer()
                .asNIO();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    /** The document's bytes with the UTF-8 of a placeholder string replaced by raw bytes of the same length. */
    private static byte[] patched(Document document, String placeholder, byte[] raw) {
        byte[] bytes = document(document);
        byte[] target = placeholder.getBytes(UTF_8);
        assertThat(raw).hasSameSizeAs(target);
        for (int i = 0; i + target.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + target.length, target, 0, target.length)) {
                System.arraycopy(raw, 0, bytes, i, raw.length);
                return bytes;
            }
        }
        throw new AssertionError("placeholder " + placeholder + " not found");
    }

    private List<String> rows(String sql) throws SQLException {
        return Rows.of(hive, sql);
    }

    @Test
    void redisFailNamesTableKeyColumnAndBytes() {
        assertThatThrownBy(() -> hive.query("SELECT name FROM " + DB + ".redis_fail WHERE id = '2'"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".redis_fail")
                .hasStackTraceContaining("key 'it:u8:2'")
                .hasStackTraceContaining("column 'name'")
                .hasStackTraceContaining("caf\\xE9")
                .hasStackTraceContaining("UTF-8");
        assertThatThrownBy(() -> hive.query("SELECT name FROM " + DB + ".redis_fail WHERE id = '4'"))
                .hasStackTraceContaining("a\\xC0\\xAFb");
        // the key column of a key that is not UTF-8
        assertThatThrownBy(() -> hive.query("SELECT id FROM " + DB + ".redis_fail"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("key 'it:u8:\\xFF'")
                .hasStackTraceContaining("column 'id'");
        assertThatThrownBy(() -> hive.query("SELECT name FROM " + DB + ".json_fail WHERE id = 2"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("key 'it:u8j:2'")
                .hasStackTraceContaining("\\xE9")
                .hasStackTraceContaining("UTF-8");
    }

    @Test
    void redisNullAndSkipPolicies() throws Exception {
        // Hive 4 sorts NULL last
        assertThat(rows("SELECT id, name, hex(bin) FROM " + DB + ".redis_null ORDER BY name, id"))
                .containsExactly(
                        "NULL|bad key|NULL", "3|" + VALID + "|NULL", "1|plain|FFFE00E9", "2|NULL|NULL", "4|NULL|NULL");
        assertThat(rows("SELECT id, name, hex(bin) FROM " + DB + ".redis_skip ORDER BY id"))
                .containsExactly("1|plain|FFFE00E9", "3|" + VALID + "|NULL");
        assertThat(rows("SELECT id, name FROM " + DB + ".json_null ORDER BY id"))
                .containsExactly("1|plain", "2|NULL", "3|NULL");
        assertThat(rows("SELECT id, name FROM " + DB + ".json_skip ORDER BY id"))
                .containsExactly("1|plain");
    }

    @Test
    void bsonFileFailNamesTableFileColumnAndBytes() {
        assertThatThrownBy(() -> hive.query("SELECT id, name FROM " + DB + ".bson_fail"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(DB + ".bson_fail")
                .hasStackTraceContaining("key '2 at byte offset")
                .hasStackTraceContaining("names.bson")
                .hasStackTraceContaining("column 'name'")
                .hasStackTraceContaining("caf\\xE9")
                .hasStackTraceContaining("UTF-8");
        assertThatThrownBy(() -> hive.query("SELECT id, sub FROM " + DB + ".bson_fail"))
                .hasStackTraceContaining("key '5 at byte offset")
                .hasStackTraceContaining("column 'sub'")
                .hasStackTraceContaining("\\xE9");
    }

    @Test
    void bsonFileNullAndSkipPolicies() throws Exception {
        assertThat(rows("SELECT id, name, hex(bin), sub FROM " + DB + ".bson_null ORDER BY id"))
                .containsExactly(
                        "1|plain|FFFE00E9|NULL",
                        "2|NULL|NULL|NULL",
                        "3|" + VALID + "|NULL|NULL",
                        "4|NULL|NULL|NULL",
                        "5|sub|NULL|NULL");
        assertThat(rows("SELECT id, name, hex(bin) FROM " + DB + ".bson_skip ORDER BY id"))
                .containsExactly("1|plain|FFFE00E9", "3|" + VALID + "|NULL", "5|sub|NULL");
        assertThat(rows("SELECT id, sub FROM " + DB + ".bson_skip ORDER BY id"))
                .containsExactly("1|NULL", "2|NULL", "3|NULL", "4|NULL");
    }

    @Test
    void insertSelectFailsInsteadOfWritingAlteredBytes() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".redis_copy (id string, name string, bin binary) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='it:u8copy:')");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".redis_copy SELECT * FROM " + DB
                        + ".redis_fail WHERE id IN ('1', '2', '3')"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("caf\\xE9");
        try (Jedis jedis = new Jedis(stack.redis().host(), stack.redis().port())) {
            byte[] replacement = "\ufffd".getBytes(UTF_8);
            for (String key : jedis.keys("it:u8copy:*")) {
                byte[] name = jedis.hget(key.getBytes(UTF_8), "name".getBytes(UTF_8));
                if (name != null && !Arrays.equals(name, VALID.getBytes(UTF_8))) {
                    assertThat(HexFormat.of().formatHex(name))
                            .as("key %s", key)
                            .doesNotContain(HexFormat.of().formatHex(replacement));
                }
            }
        }

        Path out = stack.scratch("utf8-bson-copy");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".bson_copy (id int, name string, bin binary, sub string) "
                + bsonFormat("'nosql.bad-record.policy'='fail'") + " LOCATION '" + out.toUri() + "'");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".bson_copy SELECT * FROM " + DB + ".bson_fail"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("caf\\xE9");
        try (Stream<Path> files = Files.walk(out)) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                assertThat(HexFormat.of().formatHex(Files.readAllBytes(file)))
                        .as("%s", file)
                        .doesNotContain("efbfbd");
            }
        }
    }
}
