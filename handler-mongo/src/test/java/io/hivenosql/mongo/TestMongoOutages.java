package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TaskAttempt;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A MongoDB server killed under a reader: Tez runs the failed task again up to 3 times, and each retry must wait only
 * for what is left of {@code mongo.timeout.ms} since the server was lost, not the whole timeout again.
 */
class TestMongoOutages {
    private static final int TIMEOUT_MS = 4_000;
    private static final List<HiveColumn> COLUMNS = List.of(HiveColumn.of("id", "int"), HiveColumn.of("v", "int"));

    @Test
    void retriedAttemptsWaitOnlyForTheRestOfTheTimeoutAndAServerThatCameBackIsFound() throws Exception {
        TestingMongoServer server = TestingMongoServer.builder().build();
        int port = server.port();
        TableContext first;
        try {
            try (MongoClient client = com.mongodb.client.MongoClients.create(server.uri())) {
                List<Document> documents = new ArrayList<>();
                for (int i = 0; i < 50; i++) {
                    documents.add(new Document("_id", i).append("v", 1));
                }
                client.getDatabase("outage").getCollection("t").insertMany(documents);
            }
            first = table(server.databaseUri("outage", "t"), new TaskAttempt(0, 4));
            assertThat(MongoClients.selectionWaitMillis(first)).isEqualTo(TIMEOUT_MS);
            try (MongoRecordReader reader = open(first)) {
                assertThat(reader.next()).isTrue();
                server.kill();
                // one document a batch: the next getMore finds the connection reset
                assertThatThrownBy(() -> {
                            while (reader.next()) {
                                // read on until the lost server fails the scan
                            }
                        })
                        .hasMessageContaining("HNS-201")
                        .hasMessageContaining("127.0.0.1:" + port);
            }
            long lost = System.nanoTime();
            // the retries, one after the other as Tez runs them: each waits for what is left of the timeout
            for (int attempt = 1; attempt <= 3; attempt++) {
                TableContext retry = table(server.databaseUri("outage", "t"), new TaskAttempt(attempt, 4));
                long start = System.nanoTime();
                assertThatThrownBy(() -> open(retry).close())
                        .hasMessageContaining("HNS-201")
                        .hasMessageContaining("retried task attempts wait only for the rest of the timeout");
                long tookMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                if (attempt > 1) {
                    // the timeout has run out since the loss: the minimum wait (1 s), not another 4 s
                    assertThat(tookMillis).as("attempt %s took", attempt).isLessThan(2_500);
                }
            }
            long totalMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - lost);
            // about one timeout plus the two minimum waits; without the outage memory it is three timeouts (12 s)
            assertThat(totalMillis).isLessThan(TIMEOUT_MS + 2 * 1_000 + 2_000);
        } finally {
            server.close();
        }

        // the server is back on the same port: the next task finds it, and connecting to it ends the outage
        TestingMongoServer back = TestingMongoServer.builder().port(port).build();
        try {
            TableContext again = table(back.databaseUri("outage", "t"), new TaskAttempt(0, 4));
            try (MongoRecordReader reader = open(again)) {
                assertThat(reader.next()).isFalse(); // a new, empty server
            }
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            while (MongoClients.selectionWaitMillis(again) != TIMEOUT_MS) {
                assertThat(System.nanoTime()).as("the outage never ended").isLessThan(deadline);
                Thread.sleep(20);
            }
        } finally {
            back.close();
        }
    }

    @Test
    void aRetryInANewJvmSharesTheTimeoutAmongTheRemainingAttempts() {
        // no outage known for this address (nothing listens there): attempt 1 of 4 waits a third of 3 s
        TableContext retry = table("mongodb://127.0.0.1:2/outage.t", new TaskAttempt(1, 4));
        assertThat(MongoClients.selectionWaitMillis(retry)).isEqualTo(1_000);
        assertThat(MongoClients.settings(
                                MongoTable.of(retry), Optional.empty(), OptionalLong.of(1_000), Optional.empty())
                        .getClusterSettings()
                        .getServerSelectionTimeout(TimeUnit.MILLISECONDS))
                .isEqualTo(1_000);
        TableContext firstAttempt = table("mongodb://127.0.0.1:2/outage.t", new TaskAttempt(0, 4));
        assertThat(MongoClients.selectionWaitMillis(firstAttempt)).isEqualTo(3_000);
        // the URI's serverSelectionTimeoutMS is the timeout when mongo.timeout.ms is not set
        Map<String, String> noTimeout = new LinkedHashMap<>();
        noTimeout.put("mongo.uri", "mongodb://127.0.0.1:2/outage.t?serverSelectionTimeoutMS=9000");
        noTimeout.put("mongo.columns.mapping", "{\"id\":\"_id\"}");
        TableContext fromUri = TableContexts.create(new MongoConnector(), "db.t", noTimeout, COLUMNS, null);
        TableContext uriRetry = withAttempt(fromUri, new TaskAttempt(1, 4));
        assertThat(MongoClients.selectionWaitMillis(uriRetry)).isEqualTo(3_000);
    }

    private static TableContext table(String uri, TaskAttempt attempt) {
        Map<String, String> properties = new LinkedHashMap<>();
        properties.put("mongo.uri", uri);
        properties.put("mongo.columns.mapping", "{\"id\":\"_id\"}");
        properties.put("mongo.timeout.ms", Integer.toString(uri.contains(":2/") ? 3_000 : TIMEOUT_MS));
        properties.put("mongo.read.batch-size", "1");
        TableContext context = TableContexts.create(new MongoConnector(), "db.t", properties, COLUMNS, null);
        return withAttempt(context, attempt);
    }

    private static TableContext withAttempt(TableContext context, TaskAttempt attempt) {
        return new TableContext(context.handle(), context.secrets(), attempt);
    }

    private static MongoRecordReader open(TableContext context) throws IOException {
        MongoTable table = MongoTable.of(context);
        ReadRequest request = new ReadRequest(context, List.of(0, 1), Optional.empty(), OptionalLong.empty(), Set.of());
        return MongoRecordReader.open(
                table, MongoClients.acquire(context), request, MongoScan.of(new BsonDocument()), "split 1 of 1");
    }
}
