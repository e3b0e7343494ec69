package io.hivenosql.bench;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.concurrent.TimeUnit.SECONDS;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMongoTargetServers {
    @Test
    void ferretDbIsNamedByReleaseAndPostgresMajorVersionNeverAsMongod() {
        assertThat(MongoTargetServers.ferretDbDescription("v1.24.2", "PostgreSQL 15.14 (Debian 15.14-0+deb12u1)"))
                .isEqualTo("FerretDB 1.24 on PostgreSQL 15, a MongoDB-compatible server, not mongod");
        assertThat(MongoTargetServers.ferretDbDescription("2.0", "PostgreSQL"))
                .isEqualTo("FerretDB 2.0 on PostgreSQL, a MongoDB-compatible server, not mongod");
        assertThat(MongoTargetServers.TEST_DOUBLE)
                .startsWith("the in-memory test double")
                .endsWith("not mongod");
    }

    @Test
    void startsFerretDbForItsTargetAndStopsItAndItsPostgresByPid(@TempDir Path dir) throws Exception {
        assumeTrue(
                ferretDbBuilt() || onPath("go"),
                "no Go to build FerretDB " + TestingMongoServer.FERRETDB_VERSION + " with, and none built");
        assumeTrue(
                !MongoTargetServers.stackRunsFerretDb(List.of(Target.MONGO, Target.MONGO_FERRETDB)),
                "HIVE_NOSQL_MONGO=ferretdb: mongo-ferretdb shares the stack's FerretDB and starts none");
        ByteArrayOutputStream said = new ByteArrayOutputStream();
        TestingMongoServer ferretDb;
        ProcessHandle server;
        ProcessHandle postgres;
        try (MongoTargetServers servers = MongoTargetServers.start(
                List.of(Target.HDFS_ORC, Target.MONGO, Target.MONGO_FERRETDB),
                dir.resolve("ferretdb"),
                new PrintStream(said, true, UTF_8))) {
            // its own server, whatever the stack's (the test double here) is
            ferretDb = servers.ferretDb(null);
            assertThat(ferretDb.flavour()).contains(MongoFlavour.FERRETDB);
            assertThat(ferretDb.workDir()).isEqualTo(dir.resolve("ferretdb"));
            assertThat(MongoTargetServers.describe(ferretDb))
                    .matches("FerretDB 1\\.24 on PostgreSQL \\d+, a MongoDB-compatible server, not mongod");
            assertThat(said.toString(UTF_8)).contains("target mongo-ferretdb: FerretDB v1.24.2");
            server = ProcessHandle.of(ferretDb.pid()).orElseThrow();
            postgres = ProcessHandle.of(ferretDb.postgresPid().orElseThrow()).orElseThrow();
            try (MongoClient client = MongoClients.create(ferretDb.uri())) {
                client.getDatabase("tpch_mongo_ferretdb").runCommand(new Document("ping", 1));
            }
        }
        assertThat(server.onExit().get(30, SECONDS).isAlive()).isFalse();
        assertThat(postgres.onExit().get(30, SECONDS).isAlive()).isFalse();
    }

    private static boolean ferretDbBuilt() {
        Path cache = Optional.ofNullable(System.getenv("XDG_CACHE_HOME"))
                .filter(value -> !value.isBlank())
                .map(Path::of)
                .orElse(Path.of(System.getProperty("user.home"), ".cache"));
        return Files.isExecutable(cache.resolve("hive-nosql/ferretdb")
                .resolve(TestingMongoServer.FERRETDB_VERSION)
                .resolve("ferretdb"));
    }

    private static boolean onPath(String program) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(":"))
                .anyMatch(dir -> !dir.isEmpty() && Files.isExecutable(Path.of(dir, program)));
    }

    @Test
    void startsNothingWithoutTheFerretDbTarget() {
        try (MongoTargetServers servers =
                MongoTargetServers.start(List.of(Target.HDFS_ORC, Target.MONGO), null, System.out)) {
            assertThat(servers).isNotNull();
        }
    }
}
