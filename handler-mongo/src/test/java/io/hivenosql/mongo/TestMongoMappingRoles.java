package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.TableContexts;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableModel;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mapping file's roles on MongoDB collections and BSON files: key means _id; ttl is refused. */
class TestMongoMappingRoles {
    @TempDir
    Path dir;

    @Test
    void theKeyRoleBelongsToTheIdAndTtlIsRefused() throws IOException {
        String idKey =
                """
                {"columns": [{"name": "id", "type": "string", "path": "_id", "role": "key"},
                             {"name": "name", "type": "string"}]}""";
        for (TableModel connector : List.of(new MongoConnector(), new BsonTableModel())) {
            TableContext table = table(connector, idKey);
            assertThat(table.mapping().column(0).role()).isEqualTo(ColumnRole.KEY);
            assertThatThrownBy(() -> table(connector, idKey.replace("\"path\": \"_id\", ", "")))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                    .hasMessageContaining("column 'id' the role key")
                    .hasMessageContaining("a document's key is its _id");
            assertThatThrownBy(() -> table(
                            connector,
                            idKey.replace(
                                    "{\"name\": \"name\", \"type\": \"string\"}",
                                    "{\"name\": \"expires\", \"type\": \"int\", \"role\": \"ttl\"}")))
                    .hasMessageContaining("column 'expires' the role ttl")
                    .hasMessageContaining("TTL index");
        }
    }

    private TableContext table(TableModel connector, String mapping) throws IOException {
        Path file = Files.writeString(dir.resolve("m" + System.nanoTime() + ".json"), mapping);
        Map<String, String> properties = new LinkedHashMap<>();
        if (connector instanceof MongoConnector) {
            properties.put("mongo.uri", "mongodb://127.0.0.1:1/db.people");
        }
        properties.put("nosql.mapping.url", file.toUri().toString());
        return TableContexts.create(connector, "default.people", properties, List.of(), null);
    }
}
