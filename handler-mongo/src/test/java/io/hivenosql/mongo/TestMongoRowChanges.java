package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
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
}
