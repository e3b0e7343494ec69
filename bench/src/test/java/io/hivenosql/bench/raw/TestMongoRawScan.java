package io.hivenosql.bench.raw;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class TestMongoRawScan {
    private static final int ROWS = 2_500;

    @Test
    void readsEveryDocumentOfTheCollectionOnEveryScanOfOneClient() {
        TestingMongoServer server = TestingMongoServer.shared();
        try (MongoClient client = MongoClients.create(server.uri())) {
            List<Document> documents = new ArrayList<>();
            for (int i = 0; i < ROWS; i++) {
                documents.add(new Document("l_orderkey", (long) i).append("l_comment", "line " + i));
            }
            client.getDatabase("raw_scan").getCollection("lineitem").drop();
            client.getDatabase("raw_scan").getCollection("lineitem").insertMany(documents);
            client.getDatabase("raw_scan").getCollection("orders").insertOne(new Document("o_orderkey", 1L));
        }
        try (MongoRawScan scan = MongoRawScan.open(server.uri(), "raw_scan", "lineitem")) {
            assertThat(scan.scan()).isEqualTo(ROWS);
            assertThat(scan.scan()).isEqualTo(ROWS);
        }
    }

    @Test
    void openingConnectsSoThatAnUnreachableServerFailsBeforeTheClockStarts() {
        assertThatThrownBy(() -> MongoRawScan.open(
                        "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=500", "raw_scan", "lineitem"))
                .hasMessageContaining("127.0.0.1:1");
    }
}
