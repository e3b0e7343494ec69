package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import com.mongodb.connection.ServerDescription;
import com.mongodb.event.ClusterDescriptionChangedEvent;
import com.mongodb.event.ClusterListener;
import io.hivenosql.api.client.SharedResources;
import io.hivenosql.api.client.StoreOutages;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TaskAttempt;
import io.hivenosql.api.tls.TlsContexts;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import javax.net.ssl.SSLContext;
import org.bson.BsonDocument;

/**
 * Driver clients shared within a JVM, one per deployment and credentials: a {@link MongoClient} holds a connection
 * pool and a monitor thread per server, so the splits of a task and HiveServer2's planning and hook calls share one.
 * A client closes {@link #IDLE_CLOSE_DELAY} after its last {@link Lease}.
 *
 * <p>Settings come from {@code mongo.uri} (every driver option in it applies), then the table's properties: the
 * credential (user, auth source, mechanism, and the password from the credential provider), TLS, and
 * {@code mongo.timeout.ms} for server selection and connecting (see {@link #settings}). Retryable reads and writes are
 * on unless the URI says {@code retryReads=false} / {@code retryWrites=false}. There is no socket read
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
 *
 * <p>A deployment whose servers stopped answering is remembered in {@link #OUTAGES} (by {@link MongoErrors} when an
 * operation fails for that reason, until a client connects to one of its servers again): while it is, a lease gets a
 * client whose server selection waits only for what is left of the timeout ({@link StoreOutages#waitMillis}), so that
 * Tez's retries of a failed task do not each wait the whole timeout again.
 */
final class MongoClients {
    static final Duration IDLE_CLOSE_DELAY = Duration.ofSeconds(30);
    private static final String APPLICATION_NAME = "hive-nosql";
    private static final SharedResources<ClientKey, MongoClient> CLIENTS =
            new SharedResources<>("hive-nosql-mongo-client", IDLE_CLOSE_DELAY, MongoClient::close);
    /** Deployments this JVM found unreachable; a client that connects to a server ends an outage. */
    static final StoreOutages OUTAGES = new StoreOutages();

    private MongoClients() {}

    /**
     * A lease on the client of the table's deployment, opening it if needed. Opening does not contact a server (the
     * driver connects in the background); the first operation reports an unreachable server. The context's task
     * attempt shortens server selection in retried attempts ({@link #selectionWaitMillis}) and is the lease's
     * ({@link Lease#attempt}).
     */
    static Lease acquire(TableContext context) {
        requireNonNull(context, "context is null");
        MongoTable table = MongoTable.of(context);
        Optional<BoundSecret> password = table.passwordAlias().map(alias -> context.secrets()
                .requireBound(table.name(), table.uri().secretUse(alias)));
        long wait = selectionWaitMillis(context);
        OptionalLong shortened = wait == selectionTimeoutMillis(table) ? OptionalLong.empty() : OptionalLong.of(wait);
        // read each time (the session user's right to read the files is checked then); clients share by content
        Optional<TlsContexts.Context> tls =
                table.tls().map(settings -> TlsContexts.create(settings, context.files(), context.secrets()));
        ClientKey key = new ClientKey(
                table.uri().connectionString().getConnectionString(),
                table.user(),
                password.map(secret -> SharedResources.secretDigest(secret.value())),
                password.map(secret -> secret.binding().toString()),
                table.authSource(),
                table.authMechanism(),
                table.ssl(),
                tls.map(TlsContexts.Context::fingerprint),
                table.timeoutMillis(),
                table.config().isSet(MongoTableProperties.TIMEOUT_MS),
                shortened);
        try {
            return new Lease(
                    table,
                    context.attempt(),
                    CLIENTS.acquire(
                            key, () -> open(table, password, shortened, tls.map(TlsContexts.Context::sslContext))));
        } finally {
            password.ifPresent(BoundSecret::clear);
        }
    }

    private static MongoClient open(
            MongoTable table,
            Optional<BoundSecret> password,
            OptionalLong selectionTimeout,
            Optional<SSLContext> sslContext) {
        return com.mongodb.client.MongoClients.create(settings(table, password, selectionTimeout, sslContext));
    }

    /**
     * The deployment a table's client talks to, as {@link #OUTAGES} knows it: the URI's hosts (no credentials, no
     * options), sorted.
     */
    static String deployment(MongoTable table) {
        return table.uri().connectionString().getHosts().stream()
                .map(host -> host.toLowerCase(Locale.ROOT))
                .sorted()
                .collect(Collectors.joining(","));
    }

    /**
     * How long a lease's server selection waits now: {@link #selectionTimeoutMillis}, shortened while the deployment is
     * in an outage or in a retried task attempt ({@link StoreOutages#waitMillis}).
     */
    static long selectionWaitMillis(TableContext context) {
        MongoTable table = MongoTable.of(context);
        return OUTAGES.waitMillis(deployment(table), selectionTimeoutMillis(table), context.attempt());
    }

    /** How long server selection waits for this table: mongo.timeout.ms, or the URI's serverSelectionTimeoutMS. */
    static long selectionTimeoutMillis(MongoTable table) {
        Integer fromUri = table.uri().connectionString().getServerSelectionTimeout();
        return table.config().isSet(MongoTableProperties.TIMEOUT_MS) || fromUri == null
                ? table.timeoutMillis()
                : fromUri;
    }

    /**
     * For messages: how long no server of the table's deployment has answered this JVM, and that retries waited only
     * for the rest of the timeout; empty when no outage is remembered.
     */
    static String outageText(MongoTable table) {
        long selectionTimeout = selectionTimeoutMillis(table);
        OptionalLong since = OUTAGES.since(deployment(table), selectionTimeout);
        if (since.isEmpty()) {
            return "";
        }
        return "; no server of it has answered this JVM for " + (OUTAGES.now() - since.getAsLong()) + " ms, so "
                + "retried task attempts wait only for the rest of the timeout (at least "
                + StoreOutages.MINIMUM_WAIT.toMillis() + " ms)";
    }

    /**
     * Records that no server of the table's deployment answered an operation that failed with {@code failure}: since
     * now when a connection broke, since the start of server selection when selection timed out.
     */
    static void unreachable(MongoTable table, Throwable failure) {
        long now = OUTAGES.now();
        boolean selectionTimedOut = false;
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            selectionTimedOut |= cause instanceof MongoTimeoutException;
        }
        long since = selectionTimedOut ? now - Math.max(0, selectionTimeoutMillis(table)) : now;
        OUTAGES.unreachable(deployment(table), since);
    }

    /**
     * The client settings of a table: the URI's options, then {@code mongo.timeout.ms} for server selection and
     * connecting (each only when the table sets the property, or the URI does not set {@code serverSelectionTimeoutMS}
     * / {@code connectTimeoutMS} itself), the credential and TLS. No socket read timeout unless the URI sets
     * {@code socketTimeoutMS}: a selective scan or a long deleteMany may wait long for its first reply.
     */
    static MongoClientSettings settings(MongoTable table, Optional<BoundSecret> password) {
        return settings(table, password, OptionalLong.empty(), Optional.empty());
    }

    /**
     * As {@link #settings(MongoTable, Optional)}, with server selection waiting {@code selectionTimeout} when given
     * (a deployment in an outage, see {@link #OUTAGES}); a client that connects to a server of its deployment ends an
     * outage of it.
     */
    static MongoClientSettings settings(
            MongoTable table,
            Optional<BoundSecret> password,
            OptionalLong selectionTimeout,
            Optional<SSLContext> sslContext) {
        int timeout = table.timeoutMillis();
        ConnectionString uri = table.uri().connectionString();
        boolean explicit = table.config().isSet(MongoTableProperties.TIMEOUT_MS);
        MongoClientSettings.Builder settings =
                MongoClientSettings.builder().applyConnectionString(uri).applicationName(APPLICATION_NAME);
        // a replica set's failover: a read or a write that meets a lost connection or a primary stepping down is sent
        // once more, to the new primary (retryable writes apply each write once); on unless the URI turns them off
        settings.retryReads(!Boolean.FALSE.equals(uri.getRetryReads()));
        settings.retryWrites(!Boolean.FALSE.equals(uri.getRetryWritesValue()));
        if (selectionTimeout.isPresent()) {
            settings.applyToClusterSettings(
                    cluster -> cluster.serverSelectionTimeout(selectionTimeout.getAsLong(), TimeUnit.MILLISECONDS));
        } else if (explicit || uri.getServerSelectionTimeout() == null) {
            settings.applyToClusterSettings(cluster -> cluster.serverSelectionTimeout(timeout, TimeUnit.MILLISECONDS));
        }
        String deployment = deployment(table);
        settings.applyToClusterSettings(cluster -> cluster.addClusterListener(new ClusterListener() {
            @Override
            public void clusterDescriptionChanged(ClusterDescriptionChangedEvent event) {
                if (event.getNewDescription().getServerDescriptions().stream().anyMatch(ServerDescription::isOk)) {
                    OUTAGES.reachable(deployment);
                }
            }
        }));
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
        table.tls().ifPresent(tls -> {
            settings.applyToSslSettings(ssl -> {
                // the table's trust material (else the JVM's) checks the chain, and the certificate must name the host
                ssl.enabled(true).invalidHostNameAllowed(!tls.hostnameVerification());
                sslContext.ifPresent(ssl::context);
            });
            // as the URI names it: an address is checked as that address, not as its reverse-DNS name
            settings.inetAddressResolver(LiteralAddressResolver.INSTANCE);
        });
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
            Optional<String> tlsFingerprint,
            int timeoutMillis,
            boolean timeoutSet,
            OptionalLong shortenedSelectionTimeout) {}

    /** One user's hold on a shared client; close it when done. */
    static final class Lease implements AutoCloseable {
        private final MongoTable table;
        private final TaskAttempt attempt;
        private final SharedResources.Lease<MongoClient> lease;

        private Lease(MongoTable table, TaskAttempt attempt, SharedResources.Lease<MongoClient> lease) {
            this.table = table;
            this.attempt = attempt;
            this.lease = lease;
        }

        /** The task attempt that leased the client ({@link TaskAttempt#NONE} outside tasks). */
        TaskAttempt attempt() {
            return attempt;
        }

        MongoClient client() {
            return lease.get();
        }

        /** The table's collection with its read preference and write concern. */
        MongoCollection<BsonDocument> collection() {
            return collection(table.collection());
        }

        /** A collection of the table's database with the table's read preference and write concern. */
        MongoCollection<BsonDocument> collection(String name) {
            MongoCollection<BsonDocument> collection =
                    lease.get().getDatabase(table.database()).getCollection(name, BsonDocument.class);
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
