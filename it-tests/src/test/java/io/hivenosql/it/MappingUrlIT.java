package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What {@code nosql.mapping.url} may name: local files only under the directories HiveServer2's own configuration
 * allows ({@code hivenosql.mapping.file.roots}, which no session can change; the stack allows the examples directory
 * and the tests' scratch directory), files the session user may read, and classpath resources that are mapping files;
 * and a file that is not a mapping is never echoed.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class MappingUrlIT {
    private static final String DB = "it_mapping_url";
    private static final String HANDLER = "STORED BY 'io.hivenosql.redis.RedisStorageHandler'";
    private static final String MAPPING =
            """
            {"columns": [{"name": "id", "type": "string", "role": "key"}, {"name": "v", "type": "int"}]}
            """;

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private Path scratch;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        scratch = stack.scratch("mapping-url");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    private String ddl(String table, String url) {
        return "CREATE EXTERNAL TABLE " + DB + "." + table + " " + HANDLER + " TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='it:murl:', 'nosql.mapping.url'='" + url + "')";
    }

    private Throwable refused(String table, String url) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        Throwable failure = catchThrowable(() -> hive.execute(ddl(table, url)));
        assertThat(failure).as("CREATE with %s must fail", url).isNotNull();
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE '" + table + "'")).isEmpty();
        return failure;
    }

    @Test
    void aLocalFileOutsideTheAllowedDirectoriesIsNotRead() throws Exception {
        Throwable passwd = refused("passwd", "file:///etc/passwd");
        assertThat(passwd)
                .hasMessageContaining("HNS-137")
                .hasMessageContaining("file:///etc/passwd")
                .hasMessageContaining("hivenosql.mapping.file.roots");
        assertThat(Stacks.of(passwd)).doesNotContain("'root'").doesNotContain("root:x");

        Path outside = Files.createDirectories(stack.workDir().resolve("not-allowed"));
        Path mapping = Files.writeString(outside.resolve("m.json"), MAPPING);
        assertThat(refused("outside", mapping.toUri().toString())).hasMessageContaining("HNS-137");
        assertThat(refused("outside_plain", mapping.toString())).hasMessageContaining("HNS-137");
        // ".." cannot climb out of an allowed directory
        String climbing = scratch.toUri() + "../../not-allowed/m.json";
        assertThat(refused("climbing", climbing)).hasMessageContaining("HNS-137");

        // a session cannot widen the allowed directories
        try (Connection session = hive.connect();
                Statement statement = session.createStatement()) {
            statement.execute("SET hivenosql.mapping.file.roots=/");
            assertThatThrownBy(() -> statement.execute(ddl("passwd_set", "file:///etc/passwd")))
                    .hasMessageContaining("HNS-137");
        }
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'passwd_set'")).isEmpty();
    }

    @Test
    void aFileThatIsNotAMappingIsNeverEchoed() throws Exception {
        Path text = Files.writeString(scratch.resolve("notes.json"), "Sup3r-secret-line\nsecond line\n");
        Throwable notJson = refused("not_json", text.toUri().toString());
        assertThat(notJson)
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("is not a JSON mapping or Avro schema")
                .hasMessageContaining("notes.json");
        assertThat(Stacks.of(notJson)).doesNotContain("Sup3r");

        Path json = Files.writeString(scratch.resolve("other.json"), "{\"Sup3r-key\": \"Sup3r-value\"}");
        Throwable otherJson = refused("other_json", json.toUri().toString());
        assertThat(otherJson).hasMessageContaining("is not a JSON mapping or Avro schema");
        assertThat(Stacks.of(otherJson)).doesNotContain("Sup3r");

        // a resource on HiveServer2's classpath that is not a .json or .avsc file
        Throwable resource = refused("resource", "classpath:log4j2.properties");
        assertThat(resource).hasMessageContaining("HNS-137").hasMessageContaining("classpath:log4j2.properties");
        assertThat(Stacks.of(resource)).doesNotContain("status");
    }

    @Test
    void aMappingTheSessionUserCannotReadIsNotUsed() throws Exception {
        Path mapping = Files.writeString(scratch.resolve("private.json"), MAPPING);
        Files.setPosixFilePermissions(mapping, PosixFilePermissions.fromString("rw-------"));
        try (Connection mallory = DriverManager.getConnection(hive.jdbcUrl(), "mallory", "");
                Statement statement = mallory.createStatement()) {
            assertThatThrownBy(() -> statement.execute(
                            ddl("private_mallory", mapping.toUri().toString())))
                    .hasMessageContaining("HNS-137")
                    .hasMessageContaining("mallory")
                    .hasMessageContaining("private.json");
        }
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'private_mallory'"))
                .isEmpty();
        // its owner (the stack's user) may use it
        hive.execute("DROP TABLE IF EXISTS " + DB + ".private_owner");
        hive.execute(ddl("private_owner", mapping.toUri().toString()));
        assertThat(Rows.describe(hive, DB + ".private_owner")).containsExactly("id|string", "v|int");
    }
}
