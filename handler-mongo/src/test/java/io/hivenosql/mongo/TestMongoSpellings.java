package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/** {@link MongoSpellings} against the shared test server: which spellings a collection's first documents use. */
class TestMongoSpellings {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final List<HiveColumn> COLUMNS = List.of(
            HiveColumn.of("id", "string"),
            HiveColumn.of("publicationyear", "int"),
            HiveColumn.of("studentid", "string"),
            HiveColumn.of("paymenttype", "string"),
            HiveColumn.of("city", "string"),
            HiveColumn.of("title", "string"));

    @Test
    void oneSpellingBecomesThePathSeveralAreAllFetchedNoneKeepsTheMapping() {
        String database = "mspell" + COUNTER.incrementAndGet();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            documents.add(new Document("_id", i)
                    .append("publicationYear", 1990 + i)
                    .append("studentID", "S" + i)
                    .append(i % 2 == 0 ? "paymentType" : "PaymentType", "card")
                    .append("Address", new Document("City", "Oslo")));
        }
        insert(database, documents);
        TableContext resolved = MongoSpellings.resolve(table(database, Map.of()));
        assertThat(resolved.mapping().column(0).storedPaths()).containsExactly("_id");
        assertThat(resolved.mapping().column(1))
                .extracting(ColumnMapping::path, ColumnMapping::storedPaths)
                .containsExactly("publicationYear", List.of("publicationYear"));
        assertThat(resolved.mapping().column(2).path()).isEqualTo("studentID");
        assertThat(resolved.mapping().column(3))
                .extracting(ColumnMapping::path, ColumnMapping::storedPaths)
                .containsExactly("paymenttype", List.of("PaymentType", "paymentType"));
        assertThat(resolved.mapping().column(4).path()).isEqualTo("Address.City");
        assertThat(resolved.mapping().column(5))
                .extracting(ColumnMapping::path, ColumnMapping::storedPaths)
                .containsExactly("title", List.of("title"));
        // a resolved table is not sampled again
        assertThat(MongoSpellings.resolve(resolved)).isSameAs(resolved);

        // the single spelling is what a pushed filter tests; a column spelt in several ways is not pushed
        MongoPredicateTranslator translator =
                MongoPredicateTranslator.of(MongoTable.of(resolved), MongoDialect.MONGODB);
        assertThat(translator
                        .toBson(new Filter.Compare("publicationyear", CompareOp.GT, 1995))
                        .toJson())
                .contains("\"publicationYear\"");
        assertThat(translator.canPush(new Filter.Compare("paymenttype", CompareOp.EQ, "card")))
                .isFalse();
    }

    @Test
    void theInputQueryChoosesTheSampledDocuments() {
        String database = "mspell" + COUNTER.incrementAndGet();
        insert(
                database,
                List.of(
                        new Document("_id", 1).append("kind", "a").append("TITLE", "x"),
                        new Document("_id", 2).append("kind", "b").append("Title", "y")));
        TableContext resolved =
                MongoSpellings.resolve(table(database, Map.of("mongo.input.query", "{\"kind\":\"b\"}")));
        assertThat(resolved.mapping().column(5).path()).isEqualTo("Title");
        // an empty collection: every column keeps its mapped path, read exactly
        TableContext empty = MongoSpellings.resolve(table("mspell" + COUNTER.incrementAndGet(), Map.of()));
        assertThat(empty.mapping().columns())
                .allSatisfy(column -> assertThat(column.storedPaths()).containsExactly(column.path()));
    }

    private static void insert(String database, List<Document> documents) {
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            client.getDatabase(database).getCollection("books").insertMany(documents);
        }
    }

    private static TableContext table(String database, Map<String, String> extra) {
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("mongo.uri", TestingMongoServer.shared().databaseUri(database, "books"));
        properties.put("mongo.columns.mapping", "{\"id\":\"_id\",\"city\":\"address.city\"}");
        return TableContexts.create(new MongoConnector(), "db.books", properties, COLUMNS, null);
    }
}
