package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.util.List;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** {@link BaseMongoRowChangesTest} on the MongoDB test server; and which tables are refused, and a lost server. */
class TestMongoRowChanges extends BaseMongoRowChangesTest {
    @BeforeAll
    static void dropDatabase() {
        try (com.mongodb.client.MongoClient client = TestingMongoWriteTables.client(TestingMongoServer.shared())) {
            client.getDatabase(DATABASE).drop();
        }
    }

    @AfterAll
    static void cleanUp() {
        dropDatabase();
    }

    @Override
    TestingMongoServer server() {
        return TestingMongoServer.shared();
    }

    @Test
    void tablesThatCannotTakeRowChangesSayWhy() {
        assertThat(CONNECTOR.rowChangesRefused(people("refused").build())).isEmpty();
        TestingMongoWriteTables noId =
                TestingMongoWriteTables.table(server(), DATABASE, "refused").column("name", "string");
        assertThat(CONNECTOR.rowChangesRefused(noId.build())).hasValueSatisfying(reason -> assertThat(reason)
                .contains("no column is mapped to _id")
                .contains("mongo.columns.mapping"));
        TestingMongoWriteTables floatId = TestingMongoWriteTables.table(server(), DATABASE, "refused")
                .column("id", "float")
                .mapping("id", "_id");
        assertThat(CONNECTOR.rowChangesRefused(floatId.build())).hasValueSatisfying(reason -> assertThat(reason)
                .contains("_id column id is of type float")
                .contains("declare it string"));
        TestingMongoWriteTables part = TestingMongoWriteTables.table(server(), DATABASE, "refused")
                .column("a", "int")
                .column("b", "int")
                .mapping("a", "_id.a", "b", "_id.b");
        assertThat(CONNECTOR.rowChangesRefused(part.build()))
                .hasValueSatisfying(reason -> assertThat(reason).contains("column a is mapped to '_id.a'"));
        TestingMongoWriteTables struct = TestingMongoWriteTables.table(server(), DATABASE, "refused")
                .column("id", "struct<oid:string,bsontype:int>")
                .mapping("id", "_id")
                .property("mongo.objectid.format", "struct");
        assertThat(CONNECTOR.rowChangesRefused(struct.build()))
                .hasValueSatisfying(reason -> assertThat(reason).contains("mongo.objectid.format=string"));
        TestingMongoWriteTables overlap = TestingMongoWriteTables.table(server(), DATABASE, "refused")
                .column("id", "int")
                .column("a", "struct<b:int>")
                .column("ab", "int")
                .mapping("id", "_id", "ab", "a.b");
        assertThat(CONNECTOR.rowChangesRefused(overlap.build())).hasValueSatisfying(reason -> assertThat(reason)
                .contains("columns a (field 'a') and ab (field 'a.b')"));
    }

    @Test
    void anUnreachableServerFailsNamingTheTableAndTheKeys() {
        TableContext table = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", DATABASE, "gone")
                .column("id", "string")
                .mapping("id", "_id")
                .property("mongo.objectid.columns", "")
                .property("mongo.timeout.ms", "500")
                .build();
        assertThatThrownBy(() -> apply(CONNECTOR.openDeleter(table), keys("a", "b")))
                .hasMessageStartingWith("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining("127.0.0.1:1")
                .hasMessageContaining("table " + DATABASE + ".gone")
                .hasMessageContaining("deleting the documents of id 'a', 'b'");
    }

    private static MongoTable offline(String type, String... properties) {
        TestingMongoWriteTables table = TestingMongoWriteTables.table("mongodb://127.0.0.1:1/x.y", "x", "y")
                .column("id", type)
                .mapping("id", "_id");
        for (int i = 0; i < properties.length; i += 2) {
            table.property(properties[i], properties[i + 1]);
        }
        return MongoTable.of(table.build());
    }

    @Test
    void theLookupFilterMatchesWhatReadsAsTheKeysWithinTheInputQuery() {
        // a bigint reads int32, int64 and whole doubles: MongoDB's $in matches numbers by value
        assertThat(MongoRowChanges.filter(offline("bigint"), MongoDialect.MONGODB, List.of(7L, 8L)))
                .isEqualTo(BsonDocument.parse("{_id: {$in: [{$numberLong: '7'}, {$numberLong: '8'}]}}"));
        // an ObjectId column reads strings too
        assertThat(MongoRowChanges.filter(offline("string"), MongoDialect.MONGODB, List.of(HEX, "k*")))
                .isEqualTo(BsonDocument.parse("{_id: {$in: ['" + HEX + "', {$oid: '" + HEX + "'}, 'k*']}}"));
        MongoTable text = offline("string", "mongo.objectid.columns", "", "mongo.input.query", "{\"kind\": \"a\"}");
        BsonDocument filter =
                MongoRowChanges.filter(text, MongoDialect.MONGODB, List.of("k*", "{\"$gt\": \"\"}", "[1]"));
        assertThat(filter.getArray("$and")).hasSize(2);
        assertThat(filter.getArray("$and").get(1)).isEqualTo(BsonDocument.parse("{kind: 'a'}"));
        BsonArray alternatives = filter.getArray("$and").get(0).asDocument().getArray("$or");
        assertThat(alternatives).hasSize(3);
        assertThat(alternatives.get(0)).isEqualTo(BsonDocument.parse("{_id: {$eq: 'k*'}}"));
        // a text that may be a document's: the values whose text starts with '{', as a bounded superset
        assertThat(alternatives.get(1).asDocument().toJson())
                .contains("{\"_id\": {\"$gte\": \"{\"}}")
                .contains("{\"_id\": {\"$lt\": \"|\"}}")
                .contains("\"object\"")
                .doesNotContain("$gt\": \"\"");
        // no array is an _id: a text that starts with '[' is a string's
        assertThat(alternatives.get(2)).isEqualTo(BsonDocument.parse("{_id: '[1]'}"));
    }
}
