package io.hivenosql.mongo;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * {@link BaseMongoRowChangesTest} on FerretDB 1.x over PostgreSQL (a real server with real storage, which holds fewer
 * BSON values and takes few updates a command): the lookups, deletes and updates of DELETE, UPDATE and MERGE run there.
 */
class TestMongoFerretDbRowChanges extends BaseMongoRowChangesTest {
    private static TestingMongoServer server;

    @BeforeAll
    static void startServer() throws IOException {
        server = TestingMongoServer.builder().flavour(MongoFlavour.FERRETDB).build();
    }

    @AfterAll
    static void stopServer() throws IOException {
        if (server != null) {
            server.close();
        }
    }

    @Override
    TestingMongoServer server() {
        return server;
    }
}
