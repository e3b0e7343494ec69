package io.hivenosql.sandbox.mongo.server;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.event.CommandListener;
import de.bwaldvogel.mongo.MongoServer;
import java.util.concurrent.TimeUnit;

/**
 * The server the launcher runs ({@link MongoServerLauncher#backend()}), in this JVM on a free port of 127.0.0.1, and a
 * real driver's client of it; {@link #close} stops both.
 */
final class TestingDouble implements AutoCloseable {
    final CursorBatchesBackend backend;
    final MongoClient client;
    private final MongoServer server;

    private TestingDouble(CursorBatchesBackend backend, MongoServer server, MongoClient client) {
        this.backend = backend;
        this.server = server;
        this.client = client;
    }

    /** A started server and its client, which tells {@code listener} of every command. */
    static TestingDouble start(CommandListener listener) {
        CursorBatchesBackend backend = (CursorBatchesBackend) MongoServerLauncher.backend();
        MongoServer server = new MongoServer(backend);
        server.bind(MongoServerLauncher.HOST, 0); // a free port
        try {
            MongoClient client = MongoClients.create(MongoClientSettings.builder()
                    .applyConnectionString(new ConnectionString(
                            "mongodb://127.0.0.1:" + server.getLocalAddress().getPort()))
                    .applyToSocketSettings(socket -> socket.readTimeout(60, TimeUnit.SECONDS))
                    .addCommandListener(listener)
                    .build());
            return new TestingDouble(backend, server, client);
        } catch (RuntimeException e) {
            server.shutdownNow();
            throw e;
        }
    }

    /** A started server and its client. */
    static TestingDouble start() {
        return start(new CommandListener() {});
    }

    @Override
    public void close() {
        try {
            client.close();
        } finally {
            server.shutdownNow();
        }
    }
}
