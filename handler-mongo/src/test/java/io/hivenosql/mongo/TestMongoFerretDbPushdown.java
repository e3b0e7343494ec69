package io.hivenosql.mongo;

import static io.hivenosql.mongo.TestingMongoWriteTables.CONNECTOR;
import static io.hivenosql.mongo.TestingMongoWriteTables.documents;
import static io.hivenosql.mongo.TestingMongoWriteTables.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;
import org.bson.BsonType;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The dialect rules against a real FerretDB 1.x over PostgreSQL (the sandbox's {@link TestingMongoServer} of flavour
 * {@link MongoFlavour#FERRETDB}, built on first use): every pushed filter of every column type and operator runs there without error and matches what Hive
 * selects (exactly, or a superset where the translator says so), and values FerretDB cannot store fail a write with a
 * message that names them, before anything is sent that would drop the connection.
 */
class TestMongoFerretDbPushdown {
    private static final String DATABASE = "dialect_ferretdb";

    private static TestingMongoServer server;
    private static MongoClient client;

    @BeforeAll
    static void startServer() throws IOException {
        server = TestingMongoServer.builder().flavour(MongoFlavour.FERRETDB).build();
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

    /**
     * Through the connector as Hive reads: the pushdown decision, the split planning and the reader all take the
     * server's dialect (the reader from its split), so the string filter names no NaN or decimal and the decimal
     * bounds are doubles; the rows are those Hive selects (the decimal comparison is a superset, marked inexact).
     */
    @Test
    void theConnectorReadsWithFiltersForFerretDb() throws IOException {
        MongoCollection<BsonDocument> collection = collection("people");
        collection.insertMany(List.of(
                BsonDocument.parse("{_id: 1, name: 'Ada', price: 1.25}"),
                BsonDocument.parse("{_id: 2, name: 'Edsger', price: 1.004}"),
                BsonDocument.parse("{_id: 3, name: {first: 'Grace'}, price: 1.0}"),
                BsonDocument.parse("{_id: 4, name: 7, price: 2}")));
        TableContext table = TestingMongoWriteTables.table(server.databaseUri(DATABASE, "people"), DATABASE, "people")
                .column("id", "int")
                .column("name", "string")
                .column("price", "decimal(5,2)")
                .mapping("id", "_id", "name", "name", "price", "price")
                .build();
        FilterCapabilities capabilities = CONNECTOR.filterCapabilities(table);
        Filter name = new Filter.Compare("name", CompareOp.GE, "E");
        Filter price = new Filter.Compare("price", CompareOp.EQ, new BigDecimal("1.00"));
        assertThat(capabilities.canPush(name)).isTrue();
        assertThat(capabilities.exact(name)).isTrue();
        assertThat(capabilities.canPush(price)).isTrue();
        assertThat(capabilities.exact(price)).isFalse();
        assertThat(ids(table, name)).containsExactly(2, 3);
        // 1.004 reads as 1.00: matched by the superset and selected by Hive
        assertThat(ids(table, price)).contains(2, 3).doesNotContain(1, 4);
    }

    private static List<Integer> ids(TableContext table, Filter filter) throws IOException {
        ReadRequest request = new ReadRequest(table, List.of(0, 1, 2), Optional.of(filter), OptionalLong.empty());
        List<Integer> ids = new ArrayList<>();
        for (SplitSpec split : CONNECTOR.planSplits(request, 0)) {
            assertThat(MongoSplit.fromBytes(split.payload()).dialect().full()).isFalse();
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    ids.add(((Number) source.get(0)).intValue());
                }
            }
        }
        Collections.sort(ids);
        return ids;
    }

    /**
     * A decimal is written as the double whose shortest text is the same number (every decimal of up to 15
     * significant digits has one), which the reader turns back into exactly that decimal; one with more digits fails the
     * write, naming it, rather than being rounded.
     */
    @Test
    void aDecimalIsWrittenAsTheDoubleThatReadsBackAsItOrFailsNamingIt() throws IOException {
        TableContext money = table("money", "amount", "decimal(15,2)");
        List<BigDecimal> amounts = List.of(
                new BigDecimal("1.25"),
                new BigDecimal("0.07"),
                new BigDecimal("-9999999999999.99"),
                new BigDecimal("1234567890123.45"),
                new BigDecimal("0.00"));
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < amounts.size(); i++) {
            rows.add(new Object[] {i, amounts.get(i)});
        }
        write(money, rows);
        assertThat(documents(collection("money")))
                .extracting(document -> document.get("amount").getBsonType())
                .containsOnly(BsonType.DOUBLE);
        ReadRequest request = new ReadRequest(money, List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<BigDecimal> read = new ArrayList<>();
        for (SplitSpec split : CONNECTOR.planSplits(request, 0)) {
            try (RecordSource source = CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    read.add((BigDecimal) source.get(1));
                }
            }
        }
        assertThat(read).usingElementComparator(BigDecimal::compareTo).containsExactlyInAnyOrderElementsOf(amounts);

        TableContext precise = table("decimals", "dec", "decimal(38,20)");
        assertThatThrownBy(() ->
                        write(precise, List.<Object[]>of(new Object[] {1, new BigDecimal("1.23456789012345678901")})))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-121 BAD_RECORD")
                .hasMessageContaining("table " + DATABASE + ".decimals, column dec, row with _id 1")
                .hasMessageContaining("1.23456789012345678901")
                .hasMessageContaining("cannot store decimal128")
                .hasMessageContaining("FerretDB v1.")
                .hasMessageContaining("no double has exactly its digits")
                .hasMessageContaining("declare the column string");
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
        return TestingMongoWriteTables.table(server.databaseUri(DATABASE, collection), DATABASE, collection)
                .column("id", "int")
                .column(column, type)
                .mapping("id", "_id", column, column)
                .build();
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return TestingMongoWriteTables.collection(client, DATABASE, name);
    }
}
