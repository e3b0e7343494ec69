package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.table.TableContexts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The URI Hive's authorizer is asked about for a Cassandra table: its contact points, keyspace and CQL table. */
class TestCassandraAuthorizationUri {
    private static final CassandraConnector CONNECTOR = new CassandraConnector();

    private static String uri(String tableName, Map<String, String> properties) {
        return CONNECTOR
                .authorizationUri(TableContexts.validate(CONNECTOR, tableName, properties))
                .orElseThrow()
                .toString();
    }

    @Test
    void namesTheHostsTheKeyspaceAndTheTable() {
        assertThat(uri(
                        "analytics.events",
                        Map.of(
                                "cassandra.hosts", "cass-2,cass-1:9142",
                                "cassandra.keyspace", "shop",
                                "cassandra.table", "\"OrderLines\"",
                                "cassandra.user", "hive",
                                "cassandra.password.alias", "cassandra.shop.password")))
                .isEqualTo("cassandra://cass-1:9142,cass-2:9042/shop/OrderLines");
        // the keyspace and table default to the Hive database and table
        assertThat(uri("analytics.events", Map.of("cassandra.hosts", "cass-1")))
                .isEqualTo("cassandra://cass-1:9042/analytics/events");
    }
}
