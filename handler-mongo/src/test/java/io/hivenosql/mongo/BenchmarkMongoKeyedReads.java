package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Indexes;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;

/**
 * What a keyed read costs against a scan, per document, on the MongoDB test server (mongo-java-server, in-process),
 * through the connector's reader (not a test: a main, run by hand, whose figures {@link MongoKeyedReadLimit}
 * documents). A lineitem-like collection of {@value #ORDERS} orders of 4 documents (a bigint {@code _id}, an index on
 * the order key) is read whole, with lists of every 100th, 20th and 5th order key ({@code $in} on the indexed field),
 * and with the {@code _id}s of those orders' documents ({@code order * 8 + line}; {@code $in} on {@code _id}), each
 * timed as the best of several rounds after a warm-up.
 *
 * <p>Run: {@code mvn -o -q test-compile -pl handler-mongo -am}, then {@code java -cp <test classpath>
 * io.hivenosql.mongo.BenchmarkMongoKeyedReads}.
 */
public final class BenchmarkMongoKeyedReads {
    private static final int ORDERS = 50_000;
    private static final int LINES = 4;
    private static final int ROUNDS = 5;

    private BenchmarkMongoKeyedReads() {}

    public static void main(String[] args) throws IOException {
        TestingMongoServer server = TestingMongoServer.shared();
        try (MongoClient client = com.mongodb.client.MongoClients.create(server.uri())) {
            MongoCollection<BsonDocument> lines =
                    client.getDatabase("keyedbench").getCollection("lines", BsonDocument.class);
            lines.drop();
            List<BsonDocument> batch = new ArrayList<>();
            for (long order = 1; order <= ORDERS; order++) {
                for (int line = 1; line <= LINES; line++) {
                    batch.add(new BsonDocument("_id", new BsonInt64(order * 8 + line))
                            .append("k", new BsonInt64(order))
                            .append("n", new BsonInt32(line))
                            .append("q", new BsonInt64(order * line % 50))
                            .append("c", new BsonString("comment of order " + order + " line " + line))
                            .append("f", new BsonString("N"))
                            .append("s", new BsonString("O")));
                }
                if (batch.size() >= 10_000) {
                    lines.insertMany(batch);
                    batch.clear();
                }
            }
            if (!batch.isEmpty()) {
                lines.insertMany(batch);
            }
            lines.createIndex(Indexes.ascending("k"));
        }
        TableContext table = TableContexts.create(
                new MongoConnector(),
                "bench.lines",
                Map.of(
                        "mongo.uri",
                        server.databaseUri("keyedbench", "lines"),
                        "mongo.columns.mapping",
                        "{\"id\":\"_id\"}",
                        "mongo.objectid.columns",
                        ""),
                List.of(
                        HiveColumn.of("id", "bigint"),
                        HiveColumn.of("k", "bigint"),
                        HiveColumn.of("n", "int"),
                        HiveColumn.of("q", "bigint"),
                        HiveColumn.of("c", "string"),
                        HiveColumn.of("f", "string"),
                        HiveColumn.of("s", "string")),
                null);
        long rows = (long) ORDERS * LINES;
        List<Integer> all = List.of(0, 1, 2, 3, 4, 5, 6);
        double scan = nanos(new ReadRequest(table, all, Optional.empty(), OptionalLong.empty())) / rows;
        for (int every : new int[] {100, 20, 5}) {
            List<Object> keys = new ArrayList<>();
            List<Object> ids = new ArrayList<>();
            for (long order = 1; order <= ORDERS; order += every) {
                keys.add(order);
                for (int line = 1; line <= LINES; line++) {
                    ids.add(order * 8 + line);
                }
            }
            report(rows, scan, "k", keys, nanos(keyed(table, all, "k", keys)), LINES);
            report(rows, scan, "_id", ids, nanos(keyed(table, all, "id", ids)), 1);
        }
    }

    private static ReadRequest keyed(TableContext table, List<Integer> projection, String column, List<Object> keys) {
        return new ReadRequest(table, projection, Optional.of(new Filter.In(column, keys)), OptionalLong.empty());
    }

    private static void report(long rows, double scan, String field, List<Object> keys, double keyed, int perKey) {
        System.out.printf(
                "rows %d: scan %.0f ns/row, %.1f ms; %d keys of %s (%d rows): %.1f ms, %.0f ns/key, %.2f scanned "
                        + "rows/key%n",
                rows,
                scan,
                scan * rows / 1e6,
                keys.size(),
                field,
                keys.size() * perKey,
                keyed / 1e6,
                keyed / keys.size(),
                keyed / keys.size() / scan);
    }

    /** The best of {@value #ROUNDS} reads of every split (Hive's hint 1), in nanoseconds. */
    private static double nanos(ReadRequest request) throws IOException {
        long best = Long.MAX_VALUE;
        MongoConnector connector = new MongoConnector();
        for (int round = 0; round < ROUNDS + 1; round++) {
            long start = System.nanoTime();
            long read = 0;
            for (SplitSpec split : connector.planSplits(request, 1)) {
                try (RecordSource source = connector.openReader(request, split)) {
                    while (source.next()) {
                        for (int column : request.projection()) {
                            source.get(column);
                        }
                        read++;
                    }
                }
            }
            if (read == 0) {
                throw new IllegalStateException("read no row");
            }
            if (round > 0) {
                best = Math.min(best, System.nanoTime() - start);
            }
        }
        return best;
    }
}
