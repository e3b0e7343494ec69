package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SharedResources;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;

/**
 * Driver clients shared within a JVM, one per deployment and credentials: a {@link MongoClient} holds a connection
 * pool and a monitor thread per server, so the splits of a task and HiveServer2's planning and hook calls share one.
 * A client closes {@link #IDLE_CLOSE_DELAY} after its last {@link Lease}.
 *
 * <p>Settings come from {@code mongo.uri} (every driver option in it applies), then the table's properties: the
 * credential (user, auth source, mechanism, and the password from the credential provider), TLS, and
 * {@code mongo.timeout.ms} for server selection and connecting (see {@link #settings}). There is no socket read
 * timeout unless the URI sets {@code socketTimeoutMS}: a selective scan or a long {@code deleteMany} may wait long for
 * a reply, and a killed server still fails fast (the connection is reset). Read preference and write concern are set
 * per collection ({@link Lease#collection}).
 *
 * <p>A password goes only to the hosts it is bound to ({@link BoundSecret}): the URI's hosts are checked before the
 * client is created, and a {@link BoundServers} selector keeps every operation off the servers the binding does not
 * admit (replica-set members the driver discovers, hosts from DNS SRV records). The driver authenticates only the
 * connections of its pools, which it opens for selected servers (the minimum pool size is kept at 0, so that no pool
 * fills itself in the background); its monitoring connections (hello and heartbeats, to every known server) carry no
 * credential.
 */
final class MongoClients {
    static final Duration IDLE_CLOSE_DELAY = Duration.ofSeconds(30);
    private static final String APPLICATION_NAME = "hive-nosql";
    private static final SharedResources<ClientKey, MongoClient> CLIENTS =
            new SharedResources<>("hive-nosql-mongo-client", IDLE_CLOSE_DELAY, MongoClient::close);

    private MongoClients() {}

    /**
     * A lease on the client of the table's deployment, opening it if needed. Opening does not contact a server (the
     * driver connects in the background); the first operation reports an unreachable server.
     */
    static Lease acquire(MongoTable table, SecretResolver secrets) {
        requireNonNull(table, "table is null");
        requireNonNull(secrets, "secrets is null");
        Optional<BoundSecret> password = table.passwordAlias()
                .map(alias -> secrets.requireBound(table.name(), table.uri().secretUse(alias)));
        ClientKey key = new ClientKey(
                table.uri().connectionString().getConnectionString(),
                table.user(),
                password.map(secret -> SharedResources.secretDigest(secret.value())),
                password.map(secret -> secret.binding().toString()),
                table.authSource(),
                table.authMechanism(),
                table.ssl(),
                table.timeoutMillis(),
                table.config().isSet(MongoTableProperties.TIMEOUT_MS));
        try {
            return new Lease(table, CLIENTS.acquire(key, () -> open(table, password)));
        } finally {
            password.ifPresent(BoundSecret::clear);
        }
    }

    private static MongoClient open(MongoTable table, Optional<BoundSecret> password) {
        return com.mongodb.client.MongoClients.create(settings(table, password));
    }

    /**
     * The client settings of a table: the URI's options, then {@code mongo.timeout.ms} for server selection and
     * connecting (each only when the table sets the property, or the URI does not set {@code serverSelectionTimeoutMS}
     * / {@code connectTimeoutMS} itself), the credential and TLS. No socket read timeout unless the URI sets
     * {@code socketTimeoutMS}: a selective scan or a long deleteMany may wait long for its first reply.
     */
    static MongoClientSettings settings(MongoTable table, Optional<BoundSecret> password) {
        int timeout = table.timeoutMillis();
        ConnectionString uri = table.uri().connectionString();
        boolean explicit = table.config().isSet(MongoTableProperties.TIMEOUT_MS);
        MongoClientSettings.Builder settings =
                MongoClientSettings.builder().applyConnectionString(uri).applicationName(APPLICATION_NAME);
        if (explicit || uri.getServerSelectionTimeout() == null) {
            settings.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(timeout, TimeUnit.MILLISECONDS));
        }
        if (explicit || uri.getConnectTimeout() == null) {
            settings.applyToSocketSettings(socket -> socket.connectTimeout(timeout, TimeUnit.MILLISECONDS));
        }
        if (password.isPresent()) {
            // MongoTable.bind requires the user with the alias: no silent default user
            settings.credential(table.authMechanism()
                    .credential(
                            table.user().orElseThrow(),
                            table.authSource(),
                            password.get().value().clone()));
            BoundServers bound = new BoundServers(table.name(), password.get());
            settings.applyToClusterSettings(cluster -> cluster.serverSelector(bound));
            settings.applyToConnectionPoolSettings(pool -> pool.minSize(0));
        }
        if (table.ssl()) {
            settings.applyToSslSettings(ssl -> ssl.enabled(true));
        }
        return settings.build();
    }

    /** Closes every idle client now (tests). */
    static void closeIdle() {
        CLIENTS.closeIdle();
    }

    /** What makes two tables share a client; the password only as a digest. */
    private record ClientKey(
            String connectionString,
            Optional<String> user,
            Optional<String> passwordDigest,
            Optional<String> binding,
            String authSource,
            MongoAuthMechanism mechanism,
            boolean ssl,
            int timeoutMillis,
            boolean timeoutSet) {}

    /** One user's hold on a shared client; close it when done. */
    static final class Lease implements AutoCloseable {
        private final MongoTable table;
        private final SharedResources.Lease<MongoClient> lease;

        private Lease(MongoTable table, SharedResources.Lease<MongoClient> lease) {
            this.table = table;
            this.lease = lease;
        }

        MongoClient client() {
            return lease.get();
        }

        /** The table's collection with its read preference and write concern. */
        MongoCollection<BsonDocument> collection() {
            MongoCollection<BsonDocument> collection =
                    lease.get().getDatabase(table.database()).getCollection(table.collection(), BsonDocument.class);
            if (table.readPreference().isPresent()) {
                collection = collection.withReadPreference(
                        table.readPreference().get().preference());
            }
            if (table.writeConcern().isPresent()) {
                collection = collection.withWriteConcern(table.writeConcern().get());
            }
            return collection;
        }

        @Override
        public void close() {
            lease.close();
        }
    }
}
