package io.hivenosql.sandbox.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.nio.file.Path;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test server's handshake is that of the MongoDB 5.0 it reports: {@code hello} is answered, and the wire version
 * is 5.0's, 13. mongo-java-server alone answers wire version 8 and no {@code hello}, which current clients refuse
 * (pymongo 4.14 and later require wire version 9, MongoDB 4.4).
 */
class TestMongoServerHandshake {
    @TempDir
    Path tempDir;

    @Test
    void answersHelloWithTheWireVersionOfMongoDb50() {
        try (TestingMongoServer server = TestingMongoServer.builder()
                        .flavour(MongoFlavour.DOUBLE)
                        .workDir(tempDir.resolve("mongo"))
                        .build();
                MongoClient client = MongoClients.create(server.uri())) {
            Document hello = client.getDatabase("admin").runCommand(new Document("hello", 1));
            assertThat(hello.getBoolean("isWritablePrimary")).isTrue();
            assertThat(hello).doesNotContainKey("ismaster");
            assertThat(hello.getInteger("maxWireVersion")).isEqualTo(13);

            Document isMaster = client.getDatabase("admin").runCommand(new Document("isMaster", 1));
            assertThat(isMaster.getBoolean("ismaster")).isTrue();
            assertThat(isMaster.getInteger("maxWireVersion")).isEqualTo(13);

            Document buildInfo = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
            assertThat(buildInfo.getString("version")).startsWith("5.0");

            // and the driver, which now sees a 5.0 server, still reads and writes through it
            client.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1).append("qty", 3));
            assertThat(client.getDatabase("shop").getCollection("orders").countDocuments())
                    .isEqualTo(1);
        }
    }
}
