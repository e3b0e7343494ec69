package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.CqlSessionBuilder;
import com.datastax.oss.driver.api.core.config.DefaultDriverOption;
import com.datastax.oss.driver.api.core.config.DriverConfigLoader;
import com.datastax.oss.driver.api.core.config.ProgrammaticDriverConfigLoaderBuilder;
import com.datastax.oss.driver.api.core.ssl.ProgrammaticSslEngineFactory;
import io.hivenosql.api.client.SharedResources;
import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.tls.TlsContexts;
import io.hivenosql.api.tls.TlsSettings;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Driver sessions shared within a JVM. Opening a {@link CqlSession} costs a round of cluster and schema metadata
 * queries, so the splits of a task, and the planning, hook and statistics calls of HiveServer2, share one session per
 * cluster, credentials and TLS material ({@link SharedResources}). A session is reference counted by its {@link Lease}s and closed
 * after {@link #IDLE_CLOSE_DELAY} without one.
 *
 * <p>Sessions use the driver's programmatic configuration (no {@code application.conf} is read): contact points from
 * {@code cassandra.hosts}, the local data center from {@code cassandra.local-dc} or inferred from the contact points,
 * request timeouts from {@code cassandra.timeout.ms}, daemon I/O threads (a session left open never keeps a JVM alive),
 * PasswordAuthenticator credentials from the credential provider, and TLS with the table's trust and key material
 * ({@link TlsContexts}: read through {@link TableFiles} at every acquire, so that each caller's right to read them is
 * checked, and part of the session's key, so that tables with different material never share a session).
 *
 * <p>Host name verification checks a node's certificate against the name the driver connects to: a contact point's
 * host as {@code cassandra.hosts} gives it, a discovered node's address ({@code rpc_address}), never a name found by a
 * reverse DNS lookup.
 *
 * <p>A password goes only to the hosts it is bound to ({@link BoundSecret}): the contact points are checked before the
 * session opens, and the nodes the driver discovers (peers) pass a {@link BoundNodes} distance evaluator, which makes
 * every node that is not bound IGNORED. The driver opens no connection to an ignored node: no pool, and it is left out
 * of every query plan, which the control connection also follows when it reconnects.
 */
final class CassandraClients {
    static final Duration IDLE_CLOSE_DELAY = Duration.ofSeconds(30);

    private static final Logger log = LoggerFactory.getLogger(CassandraClients.class);
    private static final String SESSION_NAME = "hive-nosql";
    private static final SharedResources<SessionKey, CqlSession> SESSIONS =
            new SharedResources<>("hive-nosql-cassandra-session", IDLE_CLOSE_DELAY, session -> session.closeAsync());

    private CassandraClients() {}

    /**
     * A lease on the session of the table's cluster, opening it if needed.
     *
     * @throws HandlerException naming the contact points when no host answers, or the user when credentials are refused
     */
    static Lease acquire(CassandraTable table, TableContext context) {
        requireNonNull(table, "table is null");
        requireNonNull(context, "context is null");
        return acquire(table.name(), table.config(), context.secrets(), context.files());
    }

    /**
     * A lease on the session of the cluster that a table's properties name, for calls that have no bound table yet
     * (schema inference of a table without columns).
     *
     * @param tableName the qualified Hive name, for messages
     * @param files the way to the table's TLS material
     */
    static Lease acquire(String tableName, TableConfig config, SecretResolver secrets, TableFiles files) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(config, "config is null");
        requireNonNull(secrets, "secrets is null");
        requireNonNull(files, "files is null");
        Endpoint endpoint = new Endpoint(tableName, config);
        // read before the shared session is looked up: reading the files is what checks that this caller may
        Optional<TlsContexts.Context> tls =
                endpoint.tls().map(settings -> TlsContexts.create(settings, files, secrets));
        Optional<BoundSecret> password = SecretUse.of(
                        config, CassandraTableProperties.PASSWORD_ALIAS, CassandraTableProperties.HOSTS)
                .map(use -> secrets.requireBound(tableName, use));
        SessionKey key = new SessionKey(
                endpoint.hosts(),
                endpoint.localDc(),
                endpoint.user(),
                password.map(secret -> SharedResources.secretDigest(secret.value())),
                password.map(secret -> secret.binding().toString()),
                tls.map(TlsContexts.Context::fingerprint),
                endpoint.timeoutMillis());
        try {
            return new Lease(SESSIONS.acquire(key, () -> open(endpoint, password, tls)));
        } finally {
            // open() copies the password into the driver's credentials, and runs within acquire
            password.ifPresent(BoundSecret::clear);
        }
    }

    /** The connection properties of a table, read from its validated properties. */
    private record Endpoint(String name, TableConfig config) {
        List<HostAndPort> hosts() {
            return config.get(CassandraTableProperties.HOSTS);
        }

        Optional<String> localDc() {
            return config.getOptional(CassandraTableProperties.LOCAL_DC);
        }

        Optional<String> user() {
            return config.getOptional(CassandraTableProperties.USER);
        }

        Optional<TlsSettings> tls() {
            return tlsSettings(config);
        }

        int timeoutMillis() {
            return config.<Integer>get(CassandraTableProperties.TIMEOUT_MS);
        }
    }

    /** A table's TLS settings; empty when it connects in plain text. */
    static Optional<TlsSettings> tlsSettings(TableConfig config) {
        return TlsSettings.of(config, CassandraTableProperties.TLS, config.<Boolean>get(CassandraTableProperties.SSL));
    }

    private static CqlSession open(Endpoint table, Optional<BoundSecret> password, Optional<TlsContexts.Context> tls) {
        ProgrammaticDriverConfigLoaderBuilder config = DriverConfigLoader.programmaticBuilder(
                        CassandraClients.class.getClassLoader())
                .withString(DefaultDriverOption.SESSION_NAME, SESSION_NAME)
                .withDuration(DefaultDriverOption.REQUEST_TIMEOUT, Duration.ofMillis(table.timeoutMillis()))
                .withDuration(DefaultDriverOption.CONNECTION_CONNECT_TIMEOUT, Duration.ofMillis(table.timeoutMillis()))
                .withDuration(
                        DefaultDriverOption.CONNECTION_INIT_QUERY_TIMEOUT, Duration.ofMillis(table.timeoutMillis()))
                .withDuration(DefaultDriverOption.CONTROL_CONNECTION_TIMEOUT, Duration.ofMillis(table.timeoutMillis()))
                .withDuration(
                        DefaultDriverOption.METADATA_SCHEMA_REQUEST_TIMEOUT, Duration.ofMillis(table.timeoutMillis()))
                .withBoolean(DefaultDriverOption.RECONNECT_ON_INIT, false)
                .withBoolean(DefaultDriverOption.NETTY_DAEMON, true)
                .withInt(DefaultDriverOption.NETTY_IO_SIZE, 2)
                .withInt(DefaultDriverOption.NETTY_ADMIN_SIZE, 1)
                .withDuration(DefaultDriverOption.NETTY_IO_SHUTDOWN_QUIET_PERIOD, Duration.ZERO)
                .withDuration(DefaultDriverOption.NETTY_ADMIN_SHUTDOWN_QUIET_PERIOD, Duration.ZERO);
        if (table.localDc().isEmpty()) {
            config.withString(DefaultDriverOption.LOAD_BALANCING_POLICY_CLASS, "DcInferringLoadBalancingPolicy");
        }
        CqlSessionBuilder builder = CqlSession.builder()
                .withConfigLoader(config.build())
                .withClassLoader(CassandraClients.class.getClassLoader());
        for (HostAndPort host : table.hosts()) {
            builder.addContactPoint(new InetSocketAddress(host.host(), host.port()));
        }
        table.localDc().ifPresent(builder::withLocalDatacenter);
        if (password.isPresent()) {
            // CassandraTable.bind requires the user with the alias: no silent default user
            builder.withAuthCredentials(
                    table.user().orElseThrow(), new String(password.get().value()));
            builder.withNodeDistanceEvaluator(new BoundNodes(table.name(), password.get()));
        } else if (table.user().isPresent()) {
            throw new HandlerException(
                    HandlerErrorCode.MISSING_TABLE_PROPERTY,
                    "table " + table.name() + ": " + CassandraTableProperties.USER.key() + " is set but "
                            + CassandraTableProperties.PASSWORD_ALIAS.key() + " is not; set it to the alias of the "
                            + "user's password in a Hadoop credential provider");
        }
        if (tls.isPresent()) {
            // the table's trust material (else the JVM's) checks the chain; unless turned off, endpoint identification
            // also checks that the certificate names the host connected to, so that no other holder of a certificate
            // of a trusted CA receives the credentials. The name is the one connected to, not a reverse lookup's.
            boolean verifyHost = table.tls().orElseThrow().hostnameVerification();
            builder.withSslEngineFactory(
                    new ProgrammaticSslEngineFactory(tls.get().sslContext(), null, verifyHost, false));
        }
        try {
            CqlSession session = builder.build();
            log.info(
                    "table {}: connected to Cassandra cluster '{}' through {}",
                    table.name(),
                    session.getMetadata().getClusterName().orElse("?"),
                    hostList(table.hosts()));
            return session;
        } catch (RuntimeException e) {
            throw CassandraErrors.connectFailed(table.name(), table.config(), e);
        }
    }

    /** Closes every idle session now (tests, and JVMs that want to release connections early). */
    static void closeIdle() {
        SESSIONS.closeIdle();
    }

    static String hostList(List<HostAndPort> hosts) {
        return String.join(",", hosts.stream().map(HostAndPort::toString).toList());
    }

    /**
     * What makes two tables share a session; the password only as a digest, with its binding; the TLS material as the
     * digest of what it was built from (empty in plain text).
     */
    private record SessionKey(
            List<HostAndPort> hosts,
            Optional<String> localDc,
            Optional<String> user,
            Optional<String> passwordDigest,
            Optional<String> binding,
            Optional<String> tlsFingerprint,
            int timeoutMillis) {}

    /** One user's hold on a shared session; close it when done (the session itself stays open for others). */
    static final class Lease implements AutoCloseable {
        private final SharedResources.Lease<CqlSession> lease;

        private Lease(SharedResources.Lease<CqlSession> lease) {
            this.lease = lease;
        }

        CqlSession session() {
            return lease.get();
        }

        @Override
        public void close() {
            lease.close();
        }
    }
}
