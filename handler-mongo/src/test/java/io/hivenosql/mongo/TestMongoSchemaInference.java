package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.Binary;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/**
 * {@link MongoSchemaInference} against the shared test server, with documents the Java driver wrote: the columns and
 * notes it infers, what it says it sampled, and that the reader path (stored spellings sampled as a query plans them,
 * then {@link BsonRowDecoder}) converts every sampled document's values into the inferred types.
 */
class TestMongoSchemaInference {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final long BEYOND_2_53 = (1L << 53) + 1;

    @Test
    void inferTheColumnsOfDocumentsTheDriverWrote() {
        String database = database();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Document document = new Document("_id", new ObjectId())
                    .append("userId", "u" + i)
                    .append("publicationYear", 1990 + i)
                    .append("price", i % 2 == 0 ? (Object) i : (Object) (i + 0.25))
                    .append("viewCount", (long) i * 1_000_000_000_000L)
                    .append("amount", i == 0 ? (Object) 7 : (Object) new Decimal128(new BigDecimal("12.345")))
                    .append("exactOrNot", i == 0 ? (Object) BEYOND_2_53 : (Object) 0.5)
                    .append("createdAt", new Date(1_700_000_000_000L + i * 1000L))
                    .append("payload", new Binary(new byte[] {(byte) i, 1, 2}))
                    .append("address", new Document("City", "Oslo").append("zipCode", 100 + i))
                    .append("tags", List.of("a", "b" + i))
                    .append("scores", List.of(1, 2L, 2.5))
                    .append("events", List.of(new Document("kind", "view").append("at", new Date(0))))
                    .append("active", i % 3 == 0)
                    .append("legacy", i % 2 == 0 ? (Object) ("v" + i) : (Object) new Document("v", i))
                    .append("nothing", null)
                    .append("empty", List.of());
            if (i == 4) {
                document.append("nickname", "late");
            }
            documents.add(document);
        }
        insert(database, documents);

        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                new SampleBudget(100, Duration.ofSeconds(30)));

        assertThat(schema.mapping().names())
                .containsExactly(
                        "id",
                        "userid",
                        "publicationyear",
                        "price",
                        "viewcount",
                        "amount",
                        "exactornot",
                        "createdat",
                        "payload",
                        "address",
                        "tags",
                        "scores",
                        "events",
                        "active",
                        "legacy",
                        "nothing",
                        "empty",
                        "nickname");
        assertThat(types(schema))
                .containsExactly(
                        "string",
                        "string",
                        "int",
                        "double",
                        "bigint",
                        "decimal(38,3)",
                        "decimal(38,1)",
                        "timestamp",
                        "binary",
                        "struct<city:string,zipcode:int>",
                        "array<string>",
                        "array<double>",
                        "array<struct<kind:string,at:timestamp>>",
                        "boolean",
                        "string",
                        "string",
                        "array<string>",
                        "string");
        assertThat(schema.mapping().columns())
                .extracting(ColumnMapping::path)
                .contains("_id", "userId", "publicationYear", "address", "createdAt");
        assertThat(schema.mapping().column(0).role()).isEqualTo(ColumnRole.KEY);
        assertThat(schema.notes())
                .contains(
                        "price: int and double seen, reads as double",
                        "amount: int and decimal seen, reads as decimal(38,3)",
                        "scores[]: int and bigint and double seen, reads as double",
                        "legacy: document, string seen, reads as string (each value's JSON text)",
                        "nothing: only nulls seen, reads as string",
                        "empty: only empty arrays (or null elements) seen, reads as array<string>")
                .anyMatch(note -> note.startsWith("exactornot: bigint and double seen, reads as decimal(38,1)"));
        assertThat(schema.sampled())
                .matches("6 of about 6 documents in " + database + "\\.things \\(\\$sample\\) in .* s");

        Map<String, List<Object>> read = readAll(database, schema.mapping(), Map.of());
        assertThat(read.get("userid")).containsExactly("u0", "u1", "u2", "u3", "u4", "u5");
        assertThat(read.get("address").get(1)).isEqualTo(List.of("Oslo", 101));
        assertThat(read.get("amount").get(0)).isEqualTo(new BigDecimal("7.000"));
        assertThat(read.get("exactornot").get(0)).isEqualTo(new BigDecimal(BEYOND_2_53 + ".0"));
        assertThat(read.get("createdat").get(2)).isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 22));
        assertThat(read.get("legacy").get(1)).isEqualTo("{\"v\": 1}");
        assertThat(read.get("nickname")).containsExactly(null, null, null, null, "late", null);
        assertThat(read.get("id").get(0))
                .isEqualTo(documents.get(0).getObjectId("_id").toHexString());
    }

    @Test
    void mixedScalarsAreAStringColumnThatReadsEveryValueAsItsJsonText() {
        String database = database();
        insert(
                database,
                List.of(new Document("_id", 1).append("code", "A7"), new Document("_id", 2).append("code", 7)));
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                SampleBudget.defaults());
        assertThat(types(schema)).containsExactly("int", "string");
        assertThat(schema.notes()).containsExactly("code: int, string seen, reads as string (each value's JSON text)");
        // a string column reads a number as its JSON text, as it reads documents
        assertThat(readAll(database, schema.mapping(), Map.of()).get("code")).containsExactly("A7", "7");
    }

    @Test
    void nestedFieldsSpeltWithCapitalsTurnOffNestedPruning() {
        String database = database();
        insert(
                database,
                List.of(
                        new Document("_id", 1).append("address", new Document("postCode", "W1").append("city", "L")),
                        new Document("_id", 2).append("lines", List.of(new Document("skuId", "s1")))));
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                SampleBudget.defaults());
        assertThat(schema.properties()).containsExactly(Map.entry("mongo.read.prune-nested", "false"));
        assertThat(schema.notes())
                .contains("nested fields spelt with capitals (address.postCode, lines[].skuId): "
                        + "mongo.read.prune-nested=false fetches whole struct columns, which read them whatever "
                        + "their case");

        String lower = database();
        insert(lower, List.of(new Document("_id", 1).append("address", new Document("postcode", "W1"))));
        assertThat(MongoSchemaInference.infer(
                                "db.things",
                                config(lower, Map.of()),
                                SecretResolver.NONE,
                                TableFiles.LOCAL,
                                SampleBudget.defaults())
                        .properties())
                .isEmpty();
    }

    @Test
    void namesThatDifferOnlyInCaseEachGetAColumnAndReadTheirOwnField() {
        String database = database();
        insert(
                database,
                List.of(
                        new Document("_id", 1).append("userId", "camel").append("userid", "lower"),
                        new Document("_id", 2).append("userId", "only camel")));
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                SampleBudget.defaults());
        assertThat(schema.mapping().names()).containsExactly("id", "userid", "userid_2");
        Map<String, List<Object>> read = readAll(database, schema.mapping(), Map.of());
        assertThat(read.get("userid")).containsExactly("camel", "only camel");
        // as the note says: a document with one spelling shows it in both columns
        assertThat(read.get("userid_2")).containsExactly("lower", "only camel");
        assertThat(schema.notes()).anyMatch(note -> note.startsWith("userid_2: fields 'userId' and 'userid' differ"));
    }

    @Test
    void theIdTakesTheConfiguredObjectIdForm() {
        String database = database();
        ObjectId id = new ObjectId();
        insert(database, List.of(new Document("_id", id).append("n", 1)));
        Map<String, String> struct = Map.of("mongo.objectid.format", "struct", "mongo.objectid.columns", "n");
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things", config(database, struct), SecretResolver.NONE, TableFiles.LOCAL, SampleBudget.defaults());
        assertThat(types(schema)).containsExactly("struct<oid:string,bsontype:int>", "int");
        Map<String, List<Object>> read = readAll(database, schema.mapping(), Map.of("mongo.objectid.format", "struct"));
        assertThat(read.get("id")).containsExactly(List.of(id.toHexString(), 8));

        String strings = database();
        insert(strings, List.of(new Document("_id", "k1"), new Document("_id", new ObjectId())));
        InferredSchema mixed = MongoSchemaInference.infer(
                "db.things", config(strings, Map.of()), SecretResolver.NONE, TableFiles.LOCAL, SampleBudget.defaults());
        assertThat(types(mixed)).containsExactly("string");
        assertThat(mixed.notes())
                .containsExactly("id: _id holds object_id, string values: set mongo.objectid.columns='' so that writes "
                        + "keep them as they are (else a string _id is written as an ObjectId)");
    }

    @Test
    void withoutSampleTheFirstDocumentsInIdOrderAreRead() {
        String database = database();
        insert(
                database,
                List.of(
                        new Document("_id", 3).append("late", 1),
                        new Document("_id", 1).append("a", 1),
                        new Document("_id", 2).append("b", 1)));
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                new SampleBudget(2, Duration.ofSeconds(30)),
                MongoSchemaInference.Sampling.FIRST,
                System::nanoTime);
        assertThat(schema.mapping().names()).containsExactly("id", "a", "b");
        assertThat(schema.sampled())
                .startsWith("2 of about 3 documents in " + database + ".things (the first documents in _id order)");
    }

    @Test
    void samplingStopsAtTheTimeBudgetAndHonoursTheInputQuery() {
        String database = database();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            documents.add(new Document("_id", i).append("f" + i, i).append("keep", i < 4));
        }
        insert(database, documents);
        AtomicLong now = new AtomicLong();
        InferredSchema schema = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of()),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                new SampleBudget(100, Duration.ofSeconds(2)),
                MongoSchemaInference.Sampling.FIRST,
                () -> now.getAndAdd(1_000_000_000L));
        // the clock reads 0 at the start, then one second later at each document: the second reaches the limit
        assertThat(schema.mapping().names()).containsExactly("id", "f0", "keep", "f1");
        assertThat(schema.sampled()).startsWith("2 of about 5 documents").endsWith("stopped at the time limit of 2 s");

        InferredSchema filtered = MongoSchemaInference.infer(
                "db.things",
                config(database, Map.of("mongo.input.query", "{\"keep\": false}")),
                SecretResolver.NONE,
                TableFiles.LOCAL,
                SampleBudget.defaults());
        assertThat(filtered.mapping().names()).containsExactly("id", "f4", "keep");
        assertThat(filtered.sampled()).startsWith("1 document in " + database + ".things ($sample)");
    }

    @Test
    void anEmptyCollectionGivesNoColumns() {
        assertThatThrownBy(() -> MongoSchemaInference.infer(
                        "db.things",
                        config(database(), Map.of()),
                        SecretResolver.NONE,
                        TableFiles.LOCAL,
                        SampleBudget.defaults()))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("table db.things: 0 of about 0 documents in ")
                .hasMessageContaining("gave no column (nothing to sample)");
    }

    @Test
    void theConnectorInfers() throws Exception {
        String database = database();
        insert(database, List.of(new Document("_id", 1).append("x", "y")));
        InferredSchema schema = new MongoConnector()
                .inferSchema(
                        "db.things",
                        config(database, Map.of()),
                        SecretResolver.NONE,
                        TableFiles.LOCAL,
                        SampleBudget.defaults());
        assertThat(schema.mapping().names()).containsExactly("id", "x");
    }

    private static String database() {
        return "minfer" + COUNTER.incrementAndGet();
    }

    private static void insert(String database, List<Document> documents) {
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            client.getDatabase(database).getCollection("things").insertMany(documents);
        }
    }

    private static TableConfig config(String database, Map<String, String> extra) {
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("mongo.uri", TestingMongoServer.shared().databaseUri(database, "things"));
        return TableContexts.validate(new MongoConnector(), "db.things", properties);
    }

    private static List<String> types(InferredSchema schema) {
        return schema.mapping().columns().stream().map(c -> c.type().typeName()).toList();
    }

    /**
     * Every document of the collection in {@code _id} order, read as a query reads it: the stored spellings sampled
     * ({@link MongoSpellings}), then each column decoded into its type ({@link BsonRowDecoder}); any bad record throws.
     */
    private static Map<String, List<Object>> readAll(
            String database, TableMapping mapping, Map<String, String> properties) {
        TableConfig config = config(database, properties);
        TableContext planned = MongoSpellings.resolve(
                new TableContext(new MongoConnector().bind(config, mapping), SecretResolver.NONE));
        BsonRowDecoder decoder = new BsonRowDecoder(MongoTable.of(planned).layout());
        Map<String, List<Object>> columns = new LinkedHashMap<>();
        mapping.names().forEach(name -> columns.put(name, new ArrayList<>()));
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            MongoCollection<BsonDocument> collection =
                    client.getDatabase(database).getCollection("things", BsonDocument.class);
            for (BsonDocument document : collection.find().sort(new BsonDocument("_id", new org.bson.BsonInt32(1)))) {
                decoder.reset(document);
                for (int i = 0; i < mapping.size(); i++) {
                    columns.get(mapping.column(i).name()).add(decoder.get(i));
                }
            }
        }
        return columns;
    }
}
