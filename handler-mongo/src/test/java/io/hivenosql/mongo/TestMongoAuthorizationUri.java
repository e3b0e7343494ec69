package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.table.TableContexts;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The URI Hive's authorizer is asked about for a MongoDB table: the hosts, database and collection, without the
 * connection string's options.
 */
class TestMongoAuthorizationUri {
    private static final MongoConnector CONNECTOR = new MongoConnector();

    private static String uri(String tableName, Map<String, String> properties) {
        return CONNECTOR
                .authorizationUri(TableContexts.validate(CONNECTOR, tableName, properties))
                .orElseThrow()
                .toString();
    }

    @Test
    void namesTheHostsTheDatabaseAndTheCollection() {
        assertThat(uri(
                        "analytics.events",
                        Map.of(
                                "mongo.uri", "mongodb://Mongo-2:27018,mongo-1/shop.orders?replicaSet=rs0&tls=true",
                                "mongo.user", "hive",
                                "mongo.password.alias", "mongo.shop.password")))
                .isEqualTo("mongodb://mongo-1:27017,mongo-2:27018/shop/orders");
        // mongo.database and mongo.collection win over the URI's; the Hive names stand in for what neither gives
        assertThat(uri(
                        "analytics.events",
                        Map.of("mongo.uri", "mongodb://mongo-1/shop.orders", "mongo.collection", "returns")))
                .isEqualTo("mongodb://mongo-1:27017/shop/returns");
        assertThat(uri("analytics.events", Map.of("mongo.uri", "mongodb://mongo-1")))
                .isEqualTo("mongodb://mongo-1:27017/analytics/events");
    }
}
