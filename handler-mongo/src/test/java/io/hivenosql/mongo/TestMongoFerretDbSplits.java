package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.stream.IntStream;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The handler against a real MongoDB-compatible server that lacks {@code $sample} and collations: a private FerretDB
 * over PostgreSQL (the sandbox's {@link TestingMongoServer} of flavour {@link MongoFlavour#FERRETDB}, built from the Go
 * module proxy on first use). 10,000 documents with ObjectId
 * {@code _id}s and 10,000 with int {@code _id}s are planned into several splits without any {@code $sample} and without
 * naming a collation, and the connector's readers return every document exactly once.
 */
class TestMongoFerretDbSplits {
    private static final String DATABASE = "ferret_splits";
    private static final int DOCUMENTS = 10_000;
    private static final List<BsonDocument> commands = Collections.synchronizedList(new ArrayList<>());

    private static TestingMongoServer server;
    private static MongoClient client;

    @BeforeAll
    static void startServer() throws IOException {
        server = TestingMongoServer.builder().flavour(MongoFlavour.FERRETDB).build();
        client = TestingSplitReads.recordingClient(server.uri(), commands);
        List<BsonDocument> objectIds = new ArrayList<>();
        List<BsonDocument> ints = new ArrayList<>();
        List<BsonDocument> strings = new ArrayList<>();
        for (int k = 0; k < DOCUMENTS; k++) {
            objectIds.add(document(new BsonObjectId(new ObjectId()), k));
            ints.add(document(new BsonInt32(k), k));
            if (k < 500) {
                strings.add(document(new BsonString(String.format("s%05d", k)), k));
            }
        }
        collection("oids").insertMany(objectIds);
        collection("ints").insertMany(ints);
        collection("strings").insertMany(strings);
    }

    @AfterAll
    static void stopServer() throws IOException {
        if (client != null) {
            client.close();
        }
        MongoClients.closeIdle();
        MongoServerCapabilities.forget();
        if (server != null) {
            server.close();
        }
    }

    private static BsonDocument document(BsonValue id, int k) {
        return new BsonDocument("_id", id).append("k", new BsonInt32(k)).append("pad", new BsonString("x".repeat(100)));
    }

    private static MongoCollection<BsonDocument> collection(String name) {
        return client.getDatabase(DATABASE).getCollection(name, BsonDocument.class);
    }

    private static TableContext table(String collection, String idType) {
        return table(collection, idType, Map.of("mongo.split.count", "4"));
    }

    private static TableContext table(String collection, String idType, Map<String, String> splitting) {
        Map<String, String> properties = new HashMap<>(splitting);
        properties.put("mongo.uri", server.databaseUri(DATABASE, collection));
        properties.put("mongo.columns.mapping", "{\"id\": \"_id\"}");
        properties.put("mongo.objectid.columns", "");
        return TableContexts.create(
                new MongoConnector(),
                "db." + collection,
                properties,
                List.of(HiveColumn.of("id", idType), HiveColumn.of("k", "int")),
                null);
    }

    /** Plans through the listening client: the commands of planning are in {@link #commands}. */
    private static List<SplitSpec> plan(ReadRequest request) {
        MongoTable table = MongoTable.of(request.table());
        MongoCollection<BsonDocument> collection = collection(table.collection());
        MongoServerCapabilities server = MongoServerCapabilities.of(client, collection);
        commands.clear();
        return MongoSplitPlanner.plan(
                table, client, collection, MongoReads.filter(table, request, server.dialect()), 0);
    }

    private static void assertNoSampleNorCollation() {
        assertThat(commands).isNotEmpty();
        assertThat(commands).noneMatch(command -> command.toJson().contains("$sample"));
        assertThat(commands).noneMatch(command -> command.containsKey("collation"));
    }

    /** The k of every document the splits read through the connector's reader, sorted (duplicates kept). */
    private static List<Integer> read(ReadRequest request, List<SplitSpec> splits) throws IOException {
        return TestingSplitReads.readInts(request, splits, 1);
    }

    private static List<Integer> range(int from, int to) {
        return IntStream.range(from, to).boxed().toList();
    }

    @Test
    void detectsFerretDbWithoutSampleNorCollation() {
        MongoServerCapabilities capabilities = MongoServerCapabilities.of(client, collection("oids"));
        assertThat(capabilities.sample()).isFalse();
        assertThat(capabilities.collation()).isFalse();
        assertThat(capabilities.server()).matches("FerretDB v1\\..* \\(MongoDB .* compatible\\)");
    }

    /**
     * FerretDB reads an {@code _id} range by scanning the whole collection: auto mode, sized by the data rather than
     * told a count, plans one split instead of ranges that would each read all of it.
     */
    @Test
    void autoPlansOneSplitWhereRangesScanTheWholeCollection() throws IOException {
        ReadRequest request = new ReadRequest(
                table("ints", "int", Map.of("mongo.split.size-mb", "1")),
                List.of(0, 1),
                Optional.empty(),
                OptionalLong.empty());
        List<SplitSpec> splits = plan(request);
        assertThat(splits).hasSize(1);
        assertNoSampleNorCollation();
        assertThat(read(request, splits)).hasSize(DOCUMENTS);
    }

    @Test
    void objectIdsAreInterpolatedAndReadOnce() throws IOException {
        ReadRequest request =
                new ReadRequest(table("oids", "string"), List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<SplitSpec> splits = plan(request);
        assertThat(splits).hasSizeGreaterThan(2);
        assertThat(splits).allMatch(split -> split.description().contains("_id"));
        assertNoSampleNorCollation();
        assertThat(read(request, splits)).isEqualTo(range(0, DOCUMENTS));
        // the connector's own path (the shared client), and the counts of a scan that reads no column
        List<SplitSpec> connectorSplits = MongoReads.planSplits(request, 0);
        assertThat(connectorSplits).hasSameSizeAs(splits);
        assertThat(read(request, connectorSplits)).isEqualTo(range(0, DOCUMENTS));
        ReadRequest count = new ReadRequest(request.table(), List.of(), Optional.empty(), OptionalLong.empty());
        long counted = 0;
        for (SplitSpec split : connectorSplits) {
            counted += MongoReads.countRecords(count, split).orElseThrow();
        }
        assertThat(counted).isEqualTo(DOCUMENTS);
    }

    @Test
    void intsAreInterpolatedAndReadOnce() throws IOException {
        ReadRequest request =
                new ReadRequest(table("ints", "bigint"), List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<SplitSpec> splits = plan(request);
        assertThat(splits).hasSizeGreaterThan(2);
        assertNoSampleNorCollation();
        assertThat(read(request, splits)).isEqualTo(range(0, DOCUMENTS));
        assertThat(read(request, MongoReads.planSplits(request, 0))).isEqualTo(range(0, DOCUMENTS));
    }

    @Test
    void boundsOfTheFilterBoundTheInterpolation() throws IOException {
        Filter between = Filter.and(
                new Filter.Compare("id", CompareOp.GE, 2_500L), new Filter.Compare("id", CompareOp.LT, 7_500L));
        ReadRequest request =
                new ReadRequest(table("ints", "bigint"), List.of(0, 1), Optional.of(between), OptionalLong.empty());
        List<SplitSpec> splits = plan(request);
        assertThat(splits).hasSize(4);
        assertThat(splits.stream().map(SplitSpec::description)).noneMatch(what -> what.contains("another type"));
        assertNoSampleNorCollation();
        assertThat(read(request, splits)).isEqualTo(range(2_500, 7_500));
    }

    @Test
    void stringIdsAreOneSplit() throws IOException {
        ReadRequest request =
                new ReadRequest(table("strings", "string"), List.of(0, 1), Optional.empty(), OptionalLong.empty());
        List<SplitSpec> splits = plan(request);
        assertThat(splits).hasSize(1);
        assertNoSampleNorCollation();
        assertThat(read(request, splits)).isEqualTo(range(0, 500));
    }

    @Test
    void truncateNamesNoCollation() throws IOException {
        collection("scratch").insertMany(List.of(document(new BsonInt32(1), 1), document(new BsonInt32(2), 2)));
        MongoSchemaChanges.truncate(table("scratch", "bigint"));
        assertThat(collection("scratch").countDocuments()).isZero();
    }
}
