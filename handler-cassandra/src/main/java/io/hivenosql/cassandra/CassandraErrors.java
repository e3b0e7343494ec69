package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.UserInfo;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.tls.TlsFailures;
import io.hivenosql.api.tls.TlsSettings;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLException;

/** The messages of Cassandra failures: each names the table, the contact points or node, and what was being done. */
final class CassandraErrors {
    private CassandraErrors() {}

    /**
     * A failure while opening the session: a TLS handshake that failed, no contact point answers, or the credentials
     * are refused.
     */
    static HandlerException connectFailed(String tableName, TableConfig config, RuntimeException e) {
        String hosts = CassandraClients.hostList(config.get(CassandraTableProperties.HOSTS));
        Optional<TlsSettings> tls = CassandraClients.tlsSettings(config);
        if (tls.isPresent()) {
            Optional<HandlerException> handshake = tlsFailure(tls.get(), hosts, e);
            if (handshake.isPresent()) {
                return handshake.get();
            }
        }
        if (isAuthFailure(e)) {
            Optional<String> alias = config.getOptional(CassandraTableProperties.PASSWORD_ALIAS);
            String message = alias.isEmpty()
                    ? "Cassandra at " + hosts + " requires authentication for table " + tableName + "; set "
                            + CassandraTableProperties.USER.key() + " and "
                            + CassandraTableProperties.PASSWORD_ALIAS.key() + " (the alias of the password in a Hadoop "
                            + "credential provider)"
                    : "Cassandra at " + hosts + " refused the credentials of user '"
                            + config.<String>getOptional(CassandraTableProperties.USER)
                                    .orElse("cassandra")
                            + "' (password from alias '" + alias.get() + "' of "
                            + CassandraTableProperties.PASSWORD_ALIAS.key() + ") for table " + tableName + "; check "
                            + CassandraTableProperties.USER.key() + " and the password stored under that alias";
            return new HandlerException(HandlerErrorCode.AUTHENTICATION_FAILED, message, e);
        }
        return new HandlerException(
                HandlerErrorCode.STORE_UNREACHABLE,
                "cannot connect to Cassandra at " + hosts + " for table " + tableName + ": " + reason(e) + "; check "
                        + CassandraTableProperties.HOSTS.key()
                        + (config.isSet(CassandraTableProperties.LOCAL_DC)
                                ? " and " + CassandraTableProperties.LOCAL_DC.key()
                                : "")
                        + ", and that the servers are running and reachable from this host"
                        + (tls.isEmpty() && closedByServer(e) ? plainTextHint() : ""),
                e);
    }

    /**
     * The TLS failure of the first node whose errors hold one: the driver gathers each node's errors in an {@link
     * AllNodesFailedException}, which names the node each came from. The JDK's exception is described rather than the
     * driver's, whose message repeats it after the channel's addresses.
     */
    private static Optional<HandlerException> tlsFailure(TlsSettings settings, String hosts, RuntimeException e) {
        for (Map.Entry<String, Throwable> error : nodeErrors(hosts, e)) {
            String node = error.getKey();
            Throwable handshake = sslCause(error.getValue()).orElse(error.getValue());
            Optional<HandlerException> failure = TlsFailures.describe(
                            settings, node, CassandraTableProperties.HOSTS.key(), handshake)
                    .or(() -> TlsFailures.closedAfterHandshake(settings, node, error.getValue()));
            if (failure.isPresent()) {
                return failure;
            }
        }
        return Optional.empty();
    }

    private static Optional<Throwable> sslCause(Throwable error) {
        for (Throwable cause = error; cause != null; cause = cause.getCause()) {
            if (cause instanceof SSLException) {
                return Optional.of(cause);
            }
        }
        return Optional.empty();
    }

    /** Each error with the node it came from ({@code host:port}); {@code hosts} for an error of no one node. */
    private static List<Map.Entry<String, Throwable>> nodeErrors(String hosts, Throwable e) {
        List<Map.Entry<String, Throwable>> errors = new ArrayList<>();
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof AllNodesFailedException all) {
                all.getAllErrors()
                        .forEach((node, list) -> list.forEach(error -> errors.add(Map.entry(address(node), error))));
                return errors;
            }
        }
        errors.add(Map.entry(hosts, e));
        return errors;
    }

    private static String address(Node node) {
        SocketAddress address = node.getEndPoint().resolve();
        return address instanceof InetSocketAddress inet
                ? inet.getHostString() + ":" + inet.getPort()
                : String.valueOf(address);
    }

    /** Whether a node closed the connection while the driver opened it. */
    private static boolean closedByServer(Throwable e) {
        for (Map.Entry<String, Throwable> error : nodeErrors("", e)) {
            for (Throwable cause = error.getValue(); cause != null; cause = cause.getCause()) {
                if (cause instanceof ClosedConnectionException
                        || String.valueOf(cause.getMessage())
                                .toLowerCase(Locale.ROOT)
                                .contains("connection reset")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** What a node that speaks only TLS does to a plain-text connection: say what that may mean. */
    private static String plainTextHint() {
        return "; a node that requires TLS closes a plain-text connection this way: if it does, set "
                + CassandraTableProperties.SSL.key() + "=true (and " + CassandraTableProperties.SSL_TRUSTSTORE.key()
                + " to the CA that signed its certificate)";
    }

    /** A failure of a request while reading: an IOException so that Hive fails (or retries) the task. */
    static IOException readFailed(CassandraTable table, String doing, RuntimeException e) {
        HandlerException error = storeError(table, doing, e, HandlerErrorCode.STORE_ERROR);
        return new IOException(error.getMessage(), error);
    }

    /** A failure of a schema or data change (CREATE, DROP, TRUNCATE) or of a metadata query. */
    static HandlerException storeError(CassandraTable table, String doing, RuntimeException e, HandlerErrorCode code) {
        HandlerErrorCode effective = e instanceof AllNodesFailedException || e instanceof DriverTimeoutException
                ? HandlerErrorCode.STORE_UNREACHABLE
                : e instanceof QueryValidationException ? HandlerErrorCode.STORE_ERROR : code;
        return new HandlerException(
                effective,
                "Cassandra failed while " + doing + " for table " + table.name() + " (" + table.qualifiedCqlName()
                        + " at " + CassandraClients.hostList(table.hosts()) + "): " + reason(e),
                e);
    }

    static boolean isAuthFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof AuthenticationException) {
                return true;
            }
            if (cause instanceof AllNodesFailedException all) {
                for (var errors : all.getAllErrors().values()) {
                    for (Throwable error : errors) {
                        if (error instanceof AuthenticationException) {
                            return true;
                        }
                    }
                }
            }
        }
        return false;
    }

    /** The driver's message, which names the nodes tried and what each said; never contains credentials. */
    static String reason(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + UserInfo.mask(message));
    }
}
