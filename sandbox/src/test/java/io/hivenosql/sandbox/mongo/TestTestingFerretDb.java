package io.hivenosql.sandbox.mongo;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The real FerretDB over a private PostgreSQL cluster, driven by the real driver: some 3 s a server once FerretDB is
 * built (the first run builds it, see {@link FerretDbBinary}). Skipped, saying why, only on a machine that has neither
 * Go nor a built FerretDB, unless {@value MongoFlavour#VARIABLE} asks for FerretDB.
 */
class TestTestingFerretDb {
    @TempDir
    Path tempDir;

    @BeforeAll
    static void needsGoOrABuiltFerretDb() {
        boolean built = Files.isExecutable(FerretDbBinary.cacheRoot()
                .resolve("ferretdb")
                .resolve(FerretDbBinary.VERSION)
                .resolve("ferretdb"));
        boolean go = ExternalCommand.find("go", List.of(Path.of("/usr/local/go/bin/go"), Path.of("/usr/lib/go/bin/go")))
                .isPresent();
        assumeTrue(
                built || go || MongoFlavour.fromEnvironment() == MongoFlavour.FERRETDB,
                "no Go to build FerretDB " + FerretDbBinary.VERSION + " with, and no FerretDB built in "
                        + FerretDbBinary.cacheRoot());
    }

    @Test
    void speaksMongoOnPostgresAndStopsBothByPid() throws Exception {
        TestingMongoServer server =
                TestingMongoServer.builder().flavour(MongoFlavour.FERRETDB).build();
        Path workDir = server.workDir();
        long postgresPid = server.postgresPid().orElseThrow();
        ProcessHandle ferretDb = ProcessHandle.of(server.pid()).orElseThrow();
        ProcessHandle postgres = ProcessHandle.of(postgresPid).orElseThrow();
        try {
            assertThat(server.flavour()).contains(MongoFlavour.FERRETDB);
            assertThat(server.isExternal()).isFalse();
            assertThat(server.uri()).isEqualTo("mongodb://127.0.0.1:" + server.port());
            assertThat(ferretDb.info().commandLine()).hasValueSatisfying(line -> assertThat(line)
                    .contains("ferretdb", "--handler=postgresql", "--listen-addr=127.0.0.1:" + server.port()));
            assertThat(postgres.isAlive()).isTrue();
            assertThat(server.toString()).contains("FerretDB v1.24.2", "pid " + postgresPid);

            try (MongoClient client = client(server.uri())) {
                MongoCollection<Document> orders = client.getDatabase("shop").getCollection("orders");
                orders.insertMany(List.of(
                        new Document("_id", 1).append("item", "pen").append("qty", 3),
                        new Document("_id", 2).append("item", "ink").append("qty", 5)));
                assertThat(orders.find(new Document("qty", new Document("$gt", 4)))
                                .into(new ArrayList<>()))
                        .extracting(document -> document.get("item"))
                        .containsExactly("ink");
                Document buildInfo = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
                assertThat(buildInfo.toJson()).containsIgnoringCase("ferretdb");
            }

            // kill() is FerretDB's, the server clients talk to; its PostgreSQL keeps running until close()
            server.kill();
            assertThat(ferretDb.isAlive()).isFalse();
            assertThat(server.isAlive()).isFalse();
            assertThat(accepts(server.port())).isFalse();
            assertThat(postgres.isAlive()).isTrue();
        } finally {
            server.close();
        }
        assertThat(postgres.onExit().get(30, SECONDS).isAlive()).isFalse();
        assertThat(ProcessHandle.of(postgresPid)).isEmpty();
        assertThat(workDir).doesNotExist();
    }

    @Test
    void aGivenWorkDirKeepsTheLogsOnly() throws Exception {
        Path workDir = tempDir.resolve("ferret");
        long postgresPid;
        try (TestingMongoServer server = TestingMongoServer.builder()
                .flavour(MongoFlavour.FERRETDB)
                .workDir(workDir)
                .logLevel("info")
                .build()) {
            postgresPid = server.postgresPid().orElseThrow();
            assertThat(server.logFile()).isEqualTo(workDir.resolve(FerretDbStarter.LOG_FILE));
            try (MongoClient client = client(server.uri())) {
                client.getDatabase("db").getCollection("c").insertOne(new Document("_id", "x"));
                assertThat(client.getDatabase("db").getCollection("c").countDocuments())
                        .isEqualTo(1);
            }
        }
        // SIGTERM: FerretDB stopped, then PostgreSQL; the logs stay, the data and state go
        assertThat(ProcessHandle.of(postgresPid)).isEmpty();
        assertThat(Files.readString(workDir.resolve(FerretDbStarter.LOG_FILE))).contains("127.0.0.1");
        assertThat(workDir.resolve(FerretDbStarter.STATE_DIR)).doesNotExist();
        assertThat(workDir.resolve(FerretDbStarter.POSTGRES_DIR).resolve(PostgresCluster.DATA_DIR))
                .doesNotExist();
    }

    private static MongoClient client(String uri) {
        return MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri))
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(10, TimeUnit.SECONDS))
                .build());
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }
}
