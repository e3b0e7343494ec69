package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.documents;
import static io.hivenosql.mongo.TestingMongoWriteTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.List;
import org.bson.BsonDocument;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dialect rules against a real FerretDB 1.x over PostgreSQL ({@link TestingFerretDb}; skipped where neither can be
 * found): every pushed filter of every column type and operator runs there without error and matches what Hive
 * selects (exactly, or a superset where the translator says so), and values FerretDB cannot store fail a write with a
 * message that names them, before anything is sent that would drop the connection.
 */
class TestMongoFerretDbPushdown {
    private static final String DATABASE = "dialect_ferretdb";

    private static TestingFerretDb server;
    private static MongoClient client;

    @BeforeAll
    static void startServer() throws IOException {
        assumeTrue(
                TestingFerretDb.available(), () -> TestingFerretDb.unavailable().orElse(""));
        server = TestingFerretDb.start();
        client = com.mongodb.client.MongoClients.create(server.uri());
    }

    @AfterAll
    static void stopServer() throws IOException {
        if (client != null) {
            client.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void buildInfoSaysFerretDbOne() {
        MongoDialect dialect = MongoDialect.of(client, DATABASE);
        assertThat(dialect.server()).startsWith("FerretDB v1.");
        assertThat(dialect.missing()).isEqualTo(MongoDialect.FERRETDB_1.missing());
    }

    @Test
    void everyPushedFilterRunsAndMatchesWhatHiveSelects() {
        MongoCollection<BsonDocument> collection =
                client.getDatabase(DATABASE).getCollection("pushdown", BsonDocument.class);
        TestMongoPushdown.assertPushdown(collection, MongoDialect.of(client, DATABASE));
    }

    @Test
    void aDecimalFailsTheWriteNamingColumnAndValue() {
        TableContext table = table("decimals", "dec", "decimal(5,2)");
        assertThatThrownBy(() -> write(table, List.<Object[]>of(new Object[] {1, new BigDecimal("1.25")})))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("table " + DATABASE + ".decimals, column dec, row with _id 1")
                .hasMessageContaining("1.25")
                .hasMessageContaining("cannot store decimal128")
                .hasMessageContaining("FerretDB v1.")
                .hasMessageContaining("declare the column double");
        assertThat(collection("decimals").countDocuments()).isZero();
    }

    @Test
    void nanAndInfinitiesFailTheWriteAndTheConnectionStays() throws IOException {
        for (double value : new double[] {Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY}) {
            TableContext table = table("doubles", "x", "double");
            assertThatThrownBy(() -> write(table, List.<Object[]>of(new Object[] {1, 1.5}, new Object[] {2, value})))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("column x, row with _id 2")
                    .hasMessageContaining("cannot write " + value)
                    .hasMessageContaining("cannot store " + (Double.isNaN(value) ? "NaN" : "infinite doubles"));
            // the batch was not sent: not even its good row
            assertThat(collection("doubles").countDocuments()).isZero();
        }
        write(table("doubles", "x", "double"), List.<Object[]>of(new Object[] {3, -0.0}, new Object[] {4, 2.5}));
        // FerretDB stores -0.0 as 0.0
        assertThat(documents(collection("doubles")))
                .extracting(document -> document.getDouble("x").getValue())
                .containsExactly(0.0, 2.5);
        assertThat(1 / documents(collection("doubles")).get(0).getDouble("x").getValue())
                .isPositive();
    }

    private static TableContext table(String collection, String column, String type) {
        return TestingMongoWriteTables.table(server.uri(DATABASE, collection), DATABASE, collection)
                .column("id", "int")
                .column(column, type)
                .mapping("id", "_id", column, column)
                .build();
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return TestingMongoWriteTables.collection(client, DATABASE, name);
    }
}
