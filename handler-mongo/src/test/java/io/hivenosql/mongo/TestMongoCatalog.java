package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link MongoConnector#listObjects}: the collections of the URI's database, sorted, each with {@code mongo.collection}
 * naming it over the scope's properties; a scope that names no database is refused before any server is asked.
 */
class TestMongoCatalog {
    private static final String DATABASE = "catalog";

    private static MongoClient client;

    @BeforeAll
    static void createCollections() {
        client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri());
        client.getDatabase(DATABASE).drop();
        client.getDatabase(DATABASE).getCollection("userEvents").insertOne(new Document("a", 1));
        client.getDatabase(DATABASE).getCollection("orders").insertOne(new Document("b", 2));
        client.getDatabase(DATABASE).createCollection("empty");
    }

    @AfterAll
    static void dropDatabase() {
        client.getDatabase(DATABASE).drop();
        client.close();
        MongoClients.closeIdle();
    }

    private static TableConfig scope(Map<String, String> properties) {
        return TableContexts.validate(new MongoConnector(), "database of test", properties);
    }

    @Test
    void listsTheCollectionsOfTheDatabase() {
        String uri = TestingMongoServer.shared().uri() + "/" + DATABASE;
        var objects = new MongoConnector()
                .listObjects(scope(Map.of("mongo.uri", uri, "mongo.read.batch-size", "10")), SecretResolver.NONE);
        assertThat(objects)
                .extracting(StoreObject::name)
                .containsExactly("empty", "orders", "userEvents")
                .noneMatch(name -> name.startsWith("system."));
        assertThat(objects.get(2).properties())
                .containsExactlyInAnyOrderEntriesOf(
                        Map.of("mongo.uri", uri, "mongo.read.batch-size", "10", "mongo.collection", "userEvents"));
    }

    @Test
    void theDatabaseMustBeNamed() {
        TableConfig scope =
                scope(Map.of("mongo.uri", TestingMongoServer.shared().uri()));
        assertThatThrownBy(() -> new MongoConnector().listObjects(scope, SecretResolver.NONE))
                .hasMessageContaining("name the database whose collections to list, in mongo.uri "
                        + "(mongodb://host:27017/shop) or mongo.database");
    }
}
