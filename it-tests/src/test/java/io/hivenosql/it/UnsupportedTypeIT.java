package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.hive.HiveInstance;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A column of a type no handler reads ({@code uniontype}) is refused at CREATE TABLE by every handler and both file
 * SerDes, naming the table and the column and saying what to use instead.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnsupportedTypeIT {
    private static final String DB = "it_unsupported";

    private HiveStack.Resources stack;
    private HiveInstance hive;
    private Path dir;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        dir = stack.scratch("unsupported-type");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    /** The storage clause of each handler and file SerDe. */
    private Map<String, String> storage() {
        return Map.of(
                "redis",
                "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                        + stack.redis().address() + "', 'redis.key.prefix'='it:union:')",
                "cassandra",
                "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                        + stack.cassandra().contactPoint() + "', 'cassandra.keyspace'='" + DB + "')",
                "mongo",
                "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ('mongo.uri'='"
                        + stack.mongo().databaseUri(DB, "unions") + "')",
                "json",
                "ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe' STORED AS TEXTFILE LOCATION '"
                        + dir.resolve("json").toUri() + "'",
                "bson",
                "ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe' STORED AS INPUTFORMAT "
                        + "'io.hivenosql.mongo.BsonFileInputFormat' OUTPUTFORMAT "
                        + "'io.hivenosql.mongo.BsonFileOutputFormat' LOCATION '"
                        + dir.resolve("bson").toUri() + "'");
    }

    @Test
    void unionColumnsAreRefusedNamingTableAndColumn() throws SQLException {
        for (var entry : storage().entrySet()) {
            String table = DB + "." + entry.getKey() + "_union";
            assertThatThrownBy(() -> hive.execute("CREATE EXTERNAL TABLE " + table
                            + " (id int, choice uniontype<int,string>) " + entry.getValue()))
                    .as(entry.getKey())
                    .hasMessageContaining("HNS-114 UNSUPPORTED_TYPE")
                    .hasMessageContaining(table)
                    .hasMessageContaining("column 'choice'")
                    .hasMessageContaining("uniontype<int,string>")
                    .hasMessageContaining("union types are not supported")
                    .hasMessageContaining("declare the column as one of the union's types")
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain("cannot parse"));
            // nested in a struct: the column is named too
            assertThatThrownBy(() -> hive.execute("CREATE EXTERNAL TABLE " + table
                            + " (id int, nested struct<a:int,b:uniontype<int,string>>) " + entry.getValue()))
                    .as(entry.getKey())
                    .hasMessageContaining("HNS-114 UNSUPPORTED_TYPE")
                    .hasMessageContaining("column 'nested'");
            assertThat(Rows.of(hive, "SHOW TABLES IN " + DB + " LIKE '" + entry.getKey() + "_union'"))
                    .as("%s: nothing created", entry.getKey())
                    .isEmpty();
        }
    }
}
