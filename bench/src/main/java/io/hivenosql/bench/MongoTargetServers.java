package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The sandbox's servers of the two MongoDB targets, and what the report calls them. Target mongo runs on the stack's
 * MongoDB server (the in-memory test double, FerretDB with {@code --mongo ferretdb}, or the server of {@code
 * MONGO_URI}); target mongo-ferretdb on a FerretDB server started here beside it, stopped by its pid (and its
 * PostgreSQL's) when the run ends. When the stack's own server is FerretDB already, mongo-ferretdb shares it (another
 * database on the same server) rather than start a second one: the two targets then measure the same kind of server.
 * A report must never pass FerretDB or the test double off as mongod, so each is labelled as what it is.
 */
final class MongoTargetServers implements AutoCloseable {
    /** What the test double is, in the report. */
    static final String TEST_DOUBLE =
            "the in-memory test double mongo-java-server, a MongoDB-protocol server reporting MongoDB 5.0, not mongod";

    private static final Pattern VERSION = Pattern.compile("v?(\\d+\\.\\d+).*");
    private static final Pattern POSTGRES = Pattern.compile("PostgreSQL (\\d+).*");

    /** The FerretDB server started for mongo-ferretdb; empty when that target does not run or shares the stack's. */
    private final Optional<TestingMongoServer> ferretDb;

    private MongoTargetServers(Optional<TestingMongoServer> ferretDb) {
        this.ferretDb = ferretDb;
    }

    /**
     * Starts FerretDB for target mongo-ferretdb when it is among {@code targets} and the stack's MongoDB server is not
     * FerretDB already ({@link #stackRunsFerretDb}); builds FerretDB first when it is not cached (in the foreground,
     * minutes on a fresh machine, said on {@code out}).
     *
     * @param dir FerretDB's work directory (its log, and PostgreSQL's data while it runs)
     */
    static MongoTargetServers start(List<Target> targets, Path dir, PrintStream out) {
        if (!targets.contains(Target.MONGO_FERRETDB) || stackRunsFerretDb(targets)) {
            return new MongoTargetServers(Optional.empty());
        }
        out.println(MongoFlavour.FERRETDB.prepare());
        TestingMongoServer server = TestingMongoServer.builder()
                .flavour(MongoFlavour.FERRETDB)
                .workDir(dir)
                .build();
        out.println("target mongo-ferretdb: " + server);
        return new MongoTargetServers(Optional.of(server));
    }

    /**
     * Whether the stack starts FerretDB as the server of target mongo: mongo runs, {@code MONGO_URI} names no server
     * and {@code HIVE_NOSQL_MONGO} (bench's {@code --mongo}) is {@code ferretdb}.
     */
    static boolean stackRunsFerretDb(List<Target> targets) {
        return targets.contains(Target.MONGO) && stackFlavour().equals(Optional.of(MongoFlavour.FERRETDB));
    }

    /** The flavour the stack's MongoDB server gets; empty when {@code MONGO_URI} names an external server. */
    static Optional<MongoFlavour> stackFlavour() {
        return TestingMongoServer.environmentUri().isPresent()
                ? Optional.empty()
                : Optional.of(MongoFlavour.fromEnvironment());
    }

    /** The server of target mongo-ferretdb: the one started here, else the stack's (which is FerretDB then). */
    TestingMongoServer ferretDb(TestingMongoServer stackServer) {
        return ferretDb.orElseGet(() -> requireNonNull(stackServer, "stackServer is null"));
    }

    /** What a server is, for the report: the test double, FerretDB on its PostgreSQL, or an external server. */
    static String describe(TestingMongoServer server) {
        if (server.isExternal()) {
            return "the MongoDB server of " + TestingMongoServer.MONGO_URI_VARIABLE;
        }
        return switch (server.flavour().orElseThrow()) {
            case DOUBLE -> TEST_DOUBLE;
            case FERRETDB -> ferretDbDescription(
                    TestingMongoServer.FERRETDB_VERSION,
                    server.postgresVersion().orElse("PostgreSQL"));
        };
    }

    /**
     * {@code FerretDB 1.24 on PostgreSQL 15, a MongoDB-compatible server, not mongod} from {@code v1.24.2} and {@code
     * PostgreSQL 15.14 (Debian 15.14-0+deb12u1)}: the release and major version that matter, without build details.
     */
    static String ferretDbDescription(String ferretDbVersion, String postgresVersion) {
        Matcher release = VERSION.matcher(ferretDbVersion);
        Matcher postgres = POSTGRES.matcher(postgresVersion);
        return "FerretDB " + (release.matches() ? release.group(1) : ferretDbVersion) + " on "
                + (postgres.matches() ? "PostgreSQL " + postgres.group(1) : postgresVersion)
                + ", a MongoDB-compatible server, not mongod";
    }

    /** Stops the FerretDB server started here (by its pid, then its PostgreSQL); the stack's is the stack's to stop. */
    @Override
    public void close() {
        ferretDb.ifPresent(TestingMongoServer::close);
    }
}
