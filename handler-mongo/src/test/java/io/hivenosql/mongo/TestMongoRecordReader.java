package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** Reads collections of the shared test server through {@link MongoRecordReader}. */
class TestMongoRecordReader {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    private static final List<HiveColumn> COLUMNS = List.of(
            HiveColumn.of("id", "string"),
            HiveColumn.of("n", "int"),
            HiveColumn.of("name", "string"),
            HiveColumn.of("city", "string"),
            HiveColumn.of("addr", "struct<city:string,zip:int>"),
            HiveColumn.of("ts", "timestamp"));
    private static final String MAPPING = "{\"id\":\"_id\",\"city\":\"address.city\",\"addr\":\"address\"}";

    @Test
    void readsEveryDocumentWithItsProjectedFields() throws IOException {
        String database = database();
        List<ObjectId> ids = insertPeople(TestingMongoServer.shared(), database, 25);
        TableContext table = table(TestingMongoServer.shared(), database, Map.of("mongo.read.batch-size", "4"));
        List<List<Object>> rows = readAll(table, List.of(0, 1, 3, 5), Set.of(), MongoScan.of(new BsonDocument()));
        assertThat(rows).hasSize(25);
        assertThat(rows.stream().filter(row -> row.get(1).equals(7)).findFirst().orElseThrow())
                .containsExactly(
                        ids.get(7).toHexString(), 7, null, "city7", null, LocalDateTime.of(2024, 1, 1, 0, 0, 7));
        assertThat(rows.stream().map(row -> row.get(1)))
                .containsExactlyInAnyOrderElementsOf(
                        IntStream.range(0, 25).boxed().toList());
    }

    @Test
    void fetchesOnlyTheProjectionFromTheServer() throws IOException {
        String database = database();
        insertPeople(TestingMongoServer.shared(), database, 3);
        TableContext table = table(TestingMongoServer.shared(), database, Map.of());
        // addr reads only address.zip: the server leaves address.city out
        List<Object> row = readAll(table, List.of(1, 4), Set.of("addr.zip"), MongoScan.of(BsonDocument.parse("{n: 1}")))
                .get(0);
        assertThat(row).containsExactly(null, 1, null, null, Arrays.asList(null, 10001), null);
        // _id is always fetched, also when no column reads it, so that messages name the document
        try (MongoRecordReader reader = open(table, List.of(1), Set.of(), MongoScan.of(new BsonDocument()))) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.key()).hasSize(24).matches("[0-9a-f]{24}");
        }
        try (MongoRecordReader reader = open(table, List.of(0), Set.of(), MongoScan.of(new BsonDocument()))) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.key()).hasSize(24).isEqualTo(reader.get(0));
        }
        // a row count reads _id only
        try (MongoRecordReader reader = open(table, List.of(), Set.of(), MongoScan.of(new BsonDocument()))) {
            int count = 0;
            while (reader.next()) {
                count++;
            }
            assertThat(count).isEqualTo(3);
        }
    }

    @Test
    void prunedSubFieldsMatchCaseSensitivelyUnlessPruningIsOff() throws IOException {
        String database = database();
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            client.getDatabase(database)
                    .getCollection("people")
                    .insertOne(
                            new Document("_id", "p1").append("address", new Document("City", "Oslo").append("Zip", 5)));
        }
        Map<String, String> stringIds = Map.of("mongo.objectid.columns", "");
        // pruned to address.zip: MongoDB projects field names as written, so Zip is not fetched
        TableContext pruned = table(TestingMongoServer.shared(), database, stringIds);
        Object prunedAddress = readAll(pruned, List.of(4), Set.of("addr.zip"), MongoScan.of(new BsonDocument()))
                .get(0)
                .get(4);
        assertThat(prunedAddress).isIn(null, Arrays.asList(null, null));
        // not pruned: the whole sub-document, whose fields match the struct's case-insensitively
        Map<String, String> whole = new LinkedHashMap<>(stringIds);
        whole.put("mongo.read.prune-nested", "false");
        TableContext unpruned = table(TestingMongoServer.shared(), database, whole);
        assertThat(readAll(unpruned, List.of(4), Set.of("addr.zip"), MongoScan.of(new BsonDocument()))
                        .get(0)
                        .get(4))
                .isEqualTo(Arrays.asList("Oslo", 5));
    }

    @Test
    void timeoutsBoundServerSelectionAndConnectingOnlyAndYieldToTheUri() {
        // the default: server selection and connecting, never socket reads (a selective scan may wait long)
        MongoTable plain = MongoTable.of(table("mongodb://127.0.0.1:1/db.people", Map.of()));
        com.mongodb.MongoClientSettings settings = MongoClients.settings(plain, Optional.empty());
        assertThat(settings.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(30_000);
        assertThat(settings.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(30_000);
        assertThat(settings.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS))
                .isZero();
        // the URI's options win over the property's default; its socketTimeoutMS is kept
        String uri = "mongodb://127.0.0.1:1/db.people?serverSelectionTimeoutMS=1234&connectTimeoutMS=2345"
                + "&socketTimeoutMS=3456";
        settings = MongoClients.settings(MongoTable.of(table(uri, Map.of())), Optional.empty());
        assertThat(settings.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(1234);
        assertThat(settings.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(2345);
        assertThat(settings.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(3456);
        // a property the table sets wins over the URI
        settings =
                MongoClients.settings(MongoTable.of(table(uri, Map.of("mongo.timeout.ms", "500"))), Optional.empty());
        assertThat(settings.getClusterSettings().getServerSelectionTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(500);
        assertThat(settings.getSocketSettings().getConnectTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(500);
        assertThat(settings.getSocketSettings().getReadTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(3456);
    }

    @Test
    void filterAndLimit() throws IOException {
        String database = database();
        insertPeople(TestingMongoServer.shared(), database, 20);
        TableContext table = table(TestingMongoServer.shared(), database, Map.of("mongo.read.batch-size", "2"));
        BsonDocument filter = BsonDocument.parse("{n: {$gte: 10}}");
        assertThat(readAll(table, List.of(1), Set.of(), MongoScan.of(filter))).hasSize(10);
        MongoScan limited =
                new MongoScan(filter, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.of(3));
        List<List<Object>> rows = readAll(table, List.of(1), Set.of(), limited);
        assertThat(rows).hasSize(3);
        assertThat(rows).allSatisfy(row -> assertThat((Integer) row.get(1)).isGreaterThanOrEqualTo(10));
        MongoScan none =
                new MongoScan(filter, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.of(0));
        assertThat(readAll(table, List.of(1), Set.of(), none)).isEmpty();
    }

    @Test
    void conversionFailuresNameTheField() throws IOException {
        String database = database();
        try (MongoClient client = com.mongodb.client.MongoClients.create(
                TestingMongoServer.shared().uri())) {
            client.getDatabase(database)
                    .getCollection("people")
                    .insertOne(
                            new Document("_id", "user-1").append("n", "seven").append("name", "x"));
        }
        TableContext table = table(TestingMongoServer.shared(), database, Map.of("mongo.objectid.columns", ""));
        try (MongoRecordReader reader = open(table, List.of(0, 1, 2), Set.of(), MongoScan.of(new BsonDocument()))) {
            assertThat(reader.next()).isTrue();
            assertThat(reader.key()).isEqualTo("user-1");
            assertThat(reader.get(0)).isEqualTo("user-1");
            assertThatThrownBy(() -> reader.get(1))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessage("cannot read 'seven' as int: field n is a BSON string; int reads int32, int64, and "
                            + "whole double or decimal128 values (strings are not parsed)");
            assertThat(reader.get(2)).isEqualTo("x");
            assertThat(reader.next()).isFalse();
        }
    }

    @Test
    void closedReaderStopsAsACancelledQuery() throws IOException {
        String database = database();
        insertPeople(TestingMongoServer.shared(), database, 5);
        TableContext table = table(TestingMongoServer.shared(), database, Map.of("mongo.read.batch-size", "1"));
        MongoRecordReader reader = open(table, List.of(1), Set.of(), MongoScan.of(new BsonDocument()));
        assertThat(reader.next()).isTrue();
        reader.close();
        reader.close();
        // HiveServer2 closes the reader of a cancelled fetch from another thread: the next read ends the query
        assertThatThrownBy(reader::next)
                .isInstanceOf(InterruptedIOException.class)
                .hasMessageContaining("HNS-142 QUERY_CANCELLED")
                .hasMessageContaining("the reader was closed");
    }

    @Test
    void unreachableServerFailsTheOpenNamingTheSplit() {
        TableContext table =
                table("mongodb://127.0.0.1:" + freePort() + "/db.people", Map.of("mongo.timeout.ms", "300"));
        assertThatThrownBy(() -> open(table, List.of(1), Set.of(), MongoScan.of(new BsonDocument())))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining("split 1 of 1")
                .hasMessageContaining("mongo.timeout.ms=300");
    }

    @Test
    void serverStoppedMidScanIsAClearError() throws IOException {
        assumeFalse(TestingMongoServer.shared().isExternal(), "kills its server");
        try (TestingMongoServer server = TestingMongoServer.start()) {
            String database = database();
            insertPeople(server, database, 50);
            TableContext table =
                    table(server, database, Map.of("mongo.read.batch-size", "5", "mongo.timeout.ms", "1000"));
            try (MongoRecordReader reader = open(table, List.of(1), Set.of(), MongoScan.of(new BsonDocument()))) {
                for (int i = 0; i < 5; i++) {
                    assertThat(reader.next()).isTrue();
                }
                server.kill();
                assertThatThrownBy(() -> {
                            while (reader.next()) {
                                reader.get(1);
                            }
                        })
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                        .hasMessageContaining("reading split 1 of 1 (after ")
                        .hasMessageContaining("db.t");
            }
        }
    }

    private static String database() {
        return "mcodec" + COUNTER.incrementAndGet();
    }

    private static List<ObjectId> insertPeople(TestingMongoServer server, String database, int count) {
        List<ObjectId> ids = new ArrayList<>();
        List<Document> documents = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            ObjectId id = new ObjectId();
            ids.add(id);
            documents.add(new Document("_id", id)
                    .append("n", i)
                    .append("address", new Document("city", "city" + i).append("zip", 10000 + i))
                    .append(
                            "ts",
                            new java.util.Date(LocalDateTime.of(2024, 1, 1, 0, 0, i % 60)
                                    .toInstant(java.time.ZoneOffset.UTC)
                                    .toEpochMilli())));
        }
        try (MongoClient client = com.mongodb.client.MongoClients.create(server.uri())) {
            MongoCollection<Document> collection = client.getDatabase(database).getCollection("people");
            collection.insertMany(documents);
        }
        return ids;
    }

    private static TableContext table(TestingMongoServer server, String database, Map<String, String> extra) {
        return table(server.databaseUri(database, "people"), extra);
    }

    private static TableContext table(String uri, Map<String, String> extra) {
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("mongo.uri", uri);
        properties.put("mongo.columns.mapping", MAPPING);
        return TableContexts.create(new MongoConnector(), "db.t", properties, COLUMNS, null);
    }

    private static MongoRecordReader open(
            TableContext context, List<Integer> projection, Set<String> nestedPaths, MongoScan scan)
            throws IOException {
        MongoTable table = MongoTable.of(context);
        ReadRequest request = new ReadRequest(context, projection, Optional.empty(), OptionalLong.empty(), nestedPaths);
        return MongoRecordReader.open(table, MongoClients.acquire(context), request, scan, "split 1 of 1");
    }

    /** Every row, with NULL for the columns that are not projected. */
    private static List<List<Object>> readAll(
            TableContext context, List<Integer> projection, Set<String> nestedPaths, MongoScan scan)
            throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (MongoRecordReader reader = open(context, projection, nestedPaths, scan)) {
            while (reader.next()) {
                Object[] row = new Object[COLUMNS.size()];
                for (int column : projection) {
                    row[column] = reader.get(column);
                }
                rows.add(Arrays.asList(row));
            }
        }
        return rows;
    }

    private static int freePort() {
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
