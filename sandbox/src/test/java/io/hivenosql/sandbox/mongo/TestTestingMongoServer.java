package io.hivenosql.sandbox.mongo;

import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import io.hivenosql.sandbox.mongo.server.MongoServerLauncher;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real MongoDB test servers in their own JVMs (each starts in well under a second), driven by the real driver. The
 * test double always, whatever {@value MongoFlavour#VARIABLE} says (FerretDB: {@link TestTestingFerretDb}).
 */
class TestTestingMongoServer {
    @TempDir
    Path tempDir;

    @Test
    void speaksTheMongoProtocolOnAFreePortOfLocalhost() throws IOException {
        long start = System.nanoTime();
        try (TestingMongoServer server = TestingMongoServer.builder()
                .flavour(MongoFlavour.DOUBLE)
                .workDir(tempDir.resolve("mongo"))
                .build()) {
            assertThat((System.nanoTime() - start) / 1_000_000)
                    .as("start time in ms")
                    .isLessThan(10_000);
            assertThat(server.isExternal()).isFalse();
            assertThat(server.isAlive()).isTrue();
            assertThat(server.host()).isEqualTo("127.0.0.1");
            assertThat(server.port()).isPositive();
            assertThat(server.uri()).isEqualTo("mongodb://127.0.0.1:" + server.port());
            assertThat(server.databaseUri("shop", "orders"))
                    .isEqualTo("mongodb://127.0.0.1:" + server.port() + "/shop.orders");
            assertThat(ProcessHandle.of(server.pid()).orElseThrow().info().commandLine())
                    .hasValueSatisfying(
                            line -> assertThat(line).contains("io.hivenosql.sandbox.mongo.server.MongoServerLauncher"));

            try (MongoClient client = client(server.uri())) {
                MongoCollection<Document> orders = client.getDatabase("shop").getCollection("orders");
                orders.insertMany(List.of(
                        new Document("_id", 1).append("item", "pen").append("qty", 3),
                        new Document("_id", 2).append("item", "ink").append("qty", 5)));
                assertThat(orders.find(new Document("qty", new Document("$gt", 4)))
                                .into(new ArrayList<>()))
                        .extracting(document -> document.get("item"))
                        .containsExactly("ink");
                assertThat(orders.countDocuments()).isEqualTo(2);
            }
            assertThat(server.workDir()).isEqualTo(tempDir.resolve("mongo"));
            assertThat(server.logFile()).isRegularFile();
            // warn level: a connection leaves no line in the log
            assertThat(Files.readString(server.logFile()))
                    .contains("listening on 127.0.0.1:" + server.port())
                    .doesNotContain("client");
        }
        // SIGTERM: the server shut down through its hook; a given work directory keeps the log, not the port file
        assertThat(Files.readString(tempDir.resolve("mongo").resolve(TestingMongoServer.LOG_FILE)))
                .contains(MongoServerLauncher.STOPPED);
        assertThat(tempDir.resolve("mongo").resolve(TestingMongoServer.PORT_FILE))
                .doesNotExist();
    }

    @Test
    void closeStopsItsProcessAndDeletesItsTemporaryDirectory() throws Exception {
        TestingMongoServer server = startDouble();
        ProcessHandle process = ProcessHandle.of(server.pid()).orElseThrow();
        Path workDir = server.workDir();
        int port = server.port();

        server.close();

        assertThat(process.onExit().get(10, SECONDS).isAlive()).isFalse();
        assertThat(server.isAlive()).isFalse();
        assertThat(workDir).doesNotExist();
        assertThat(accepts(port)).isFalse();
        server.close(); // a second close does nothing
    }

    @Test
    void killEndsTheServerAtOnce() throws Exception {
        try (TestingMongoServer server = startDouble()) {
            assertThat(accepts(server.port())).isTrue();

            server.kill();

            assertThat(server.isAlive()).isFalse();
            assertThat(ProcessHandle.of(server.pid())).isEmpty();
            assertThat(accepts(server.port())).isFalse();
        }
    }

    @Test
    void serversAreSeparate() {
        try (TestingMongoServer first = startDouble();
                TestingMongoServer second = startDouble();
                MongoClient firstClient = client(first.uri());
                MongoClient secondClient = client(second.uri())) {
            assertThat(first.port()).isNotEqualTo(second.port());
            assertThat(first.pid()).isNotEqualTo(second.pid());
            firstClient.getDatabase("db").getCollection("c").insertOne(new Document("_id", "only-in-first"));
            assertThat(secondClient.getDatabase("db").getCollection("c").countDocuments())
                    .isZero();
            assertThat(firstClient.getDatabase("db").getCollection("c").countDocuments())
                    .isEqualTo(1);
        }
    }

    @Test
    void bindsAGivenPort() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (TestingMongoServer server = TestingMongoServer.builder()
                .flavour(MongoFlavour.DOUBLE)
                .port(port)
                .build()) {
            assertThat(server.port()).isEqualTo(port);
            assertThat(accepts(port)).isTrue();

            // the port is taken now: a second server fails with the reason from its log
            assertThatThrownBy(() -> TestingMongoServer.builder()
                            .flavour(MongoFlavour.DOUBLE)
                            .port(port)
                            .build())
                    .isInstanceOf(IllegalStateException.class)
                    .hasMessageContaining("exited with code")
                    .hasMessageContaining("during start-up")
                    .hasMessageContaining("Address already in use");
        }
    }

    @Test
    void stopsWhenTheStartingProcessIsGone() throws Exception {
        Process parent = new ProcessBuilder("sleep", "600").start();
        try (TestingMongoServer server = TestingMongoServer.builder()
                .flavour(MongoFlavour.DOUBLE)
                .parentPid(parent.pid())
                .build()) {
            ProcessHandle process = ProcessHandle.of(server.pid()).orElseThrow();

            parent.destroyForcibly().waitFor(10, SECONDS);

            process.onExit().get(30, SECONDS);
            assertThat(Files.readString(server.logFile())).contains("(pid " + parent.pid() + ") is gone; stopping");
        } finally {
            parent.destroyForcibly();
        }
    }

    @Test
    void doesNotStartWithoutTheStartingProcess() throws Exception {
        Process parent = new ProcessBuilder("true").start();
        parent.waitFor(10, SECONDS);

        assertThatThrownBy(() -> TestingMongoServer.builder()
                        .flavour(MongoFlavour.DOUBLE)
                        .parentPid(parent.pid())
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("exited with code 1 during start-up")
                .hasMessageContaining("(pid " + parent.pid() + ") is already gone; not starting");
    }

    @Test
    void stopsWhenItsStandardInputCloses() throws Exception {
        try (TestingMongoServer server = startDouble()) {
            ProcessHandle process = ProcessHandle.of(server.pid()).orElseThrow();
            Path log = server.logFile();

            // what happens to the pipe when this JVM dies, even by SIGKILL
            server.closeStdin();

            process.onExit().get(30, SECONDS);
            assertThat(Files.readString(log)).contains("standard input of this MongoDB server is closed; stopping");
        }
    }

    @Test
    void sharedServerOutlivesClose() {
        TestingMongoServer shared = TestingMongoServer.shared();
        if (shared.isExternal()) {
            assertThat(shared.uri()).startsWith("mongodb");
            return;
        }
        shared.close();
        assertThat(shared.isAlive()).isTrue();
        assertThat(TestingMongoServer.shared()).isSameAs(shared);
    }

    @Test
    void externalServerIsTheBaseOfItsUri() throws Exception {
        try (TestingMongoServer started = startDouble()) {
            TestingMongoServer external =
                    TestingMongoServer.external(started.uri() + "/shop?serverSelectionTimeoutMS=5000");

            assertThat(external.isExternal()).isTrue();
            assertThat(external.isAlive()).isTrue();
            assertThat(external.uri()).isEqualTo(started.uri() + "/?serverSelectionTimeoutMS=5000");
            assertThat(external.host()).isEqualTo("127.0.0.1");
            assertThat(external.port()).isEqualTo(started.port());
            assertThat(external.databaseUri("shop", "orders"))
                    .isEqualTo(started.uri() + "/shop.orders?serverSelectionTimeoutMS=5000");
            try (MongoClient client = client(external.uri())) {
                client.getDatabase("shop").getCollection("orders").insertOne(new Document("_id", 1));
            }
            assertThatThrownBy(external::kill)
                    .isInstanceOf(UnsupportedOperationException.class)
                    .hasMessageContaining("isExternal()")
                    .hasMessageContaining("MONGO_URI");
            assertThatThrownBy(external::pid).isInstanceOf(UnsupportedOperationException.class);

            external.close(); // stops nothing
            assertThat(started.isAlive()).isTrue();
            try (MongoClient client = client(started.uri())) {
                assertThat(client.getDatabase("shop").getCollection("orders").countDocuments())
                        .isEqualTo(1);
            }
        }
    }

    @Test
    void externalUrisKeepOptionsAndHideUsers() {
        TestingMongoServer external = TestingMongoServer.external(
                "mongodb://reader@db1.example.com:27018,db2.example.com/sales.orders?replicaSet=rs0&tls=true");

        assertThat(external.uri())
                .isEqualTo("mongodb://reader@db1.example.com:27018,db2.example.com/?replicaSet=rs0&tls=true");
        assertThat(external.host()).isEqualTo("db1.example.com");
        assertThat(external.port()).isEqualTo(27018);
        assertThat(external.toString()).doesNotContain("reader");
        assertThat(TestingMongoServer.external("mongodb+srv://cluster0.example.net")
                        .port())
                .isEqualTo(27017);
        assertThat(TestingMongoServer.external("mongodb://[::1]:27019/").host()).isEqualTo("::1");
        assertThat(TestingMongoServer.external("mongodb://[::1]:27019/").port()).isEqualTo(27019);
        assertThat(TestingMongoServer.databaseUri("mongodb://h:1", "db", "a.b")).isEqualTo("mongodb://h:1/db.a.b");
        assertThat(TestingMongoServer.databaseUri("mongodb://h:1/?w=1", "db", "c"))
                .isEqualTo("mongodb://h:1/db.c?w=1");
        assertThatThrownBy(() -> TestingMongoServer.databaseUri("mongodb://h:1", "d.b", "c"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("database");
        assertThatThrownBy(() -> TestingMongoServer.external("http://user:secret@h:1"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("mongodb://")
                .hasMessageNotContaining("secret");
        assertThatThrownBy(() -> TestingMongoServer.external("mongodb:///db"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("no host");
    }

    private static MongoClient client(String uri) {
        return MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri))
                .applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(5, TimeUnit.SECONDS))
                .build());
    }

    private static boolean accepts(int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(TestingMongoServer.HOST, port), 1_000);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static TestingMongoServer startDouble() {
        return TestingMongoServer.builder().flavour(MongoFlavour.DOUBLE).build();
    }
}
