package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A mapping file's key role is the primary key, as cassandra.primary-key says it; ttl is refused. No server. */
class TestCassandraMappingRoles {
    private static final String ORDERS =
            """
            {"columns": [{"name": "o_orderkey", "type": "bigint", "role": "key"},
                         {"name": "o_custkey", "type": "bigint"},
                         {"name": "o_comment", "type": "string"}]}""";

    @TempDir
    Path dir;

    @Test
    void oneKeyRoleIsThePrimaryKey() throws IOException {
        TableContext table = table(ORDERS, Map.of());
        assertThat(CassandraTable.of(table).primaryKey()).contains(new PrimaryKey(List.of("o_orderkey"), List.of()));
        assertThat(table.mapping().column(0).role()).isEqualTo(ColumnRole.KEY);
        // agreeing with the property
        TableContext agreed = table(ORDERS, Map.of("cassandra.primary-key", "o_orderkey"));
        assertThat(CassandraTable.of(agreed).primaryKey()).contains(new PrimaryKey(List.of("o_orderkey"), List.of()));
    }

    @Test
    void contradictionsTwoKeysWithoutThePropertyAndTtlAreRefused() {
        assertThatThrownBy(() -> table(ORDERS, Map.of("cassandra.primary-key", "((o_custkey), o_orderkey)")))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("role key to column(s) o_orderkey")
                .hasMessageContaining("cassandra.primary-key is");
        String twoKeys = ORDERS.replace(
                "\"o_custkey\", \"type\": \"bigint\"", "\"o_custkey\", \"type\": \"bigint\", \"role\": \"key\"");
        assertThatThrownBy(() -> table(twoKeys, Map.of()))
                .hasMessageContaining("partition key")
                .hasMessageContaining("cassandra.primary-key");
        assertThat(table(twoKeys, Map.of("cassandra.primary-key", "((o_custkey), o_orderkey)"))
                        .mapping()
                        .withRole(ColumnRole.KEY))
                .hasSize(2);
        String ttl = ORDERS.replace(
                "\"o_comment\", \"type\": \"string\"", "\"o_comment\", \"type\": \"int\", \"role\": \"ttl\"");
        assertThatThrownBy(() -> table(ttl, Map.of()))
                .hasMessageContaining("column 'o_comment' the role ttl")
                .hasMessageContaining("without a time to live");
    }

    private TableContext table(String mapping, Map<String, String> extra) {
        try {
            Path file = Files.writeString(dir.resolve("m" + System.nanoTime() + ".json"), mapping);
            Map<String, String> properties = new LinkedHashMap<>(extra);
            properties.put("cassandra.hosts", "127.0.0.1:1");
            properties.put("nosql.mapping.url", file.toUri().toString());
            return TableContexts.create(new CassandraConnector(), "tpch.orders", properties, List.of(), null);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
