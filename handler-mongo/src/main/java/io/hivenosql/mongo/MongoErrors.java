package io.hivenosql.mongo;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.tls.TlsFailures;
import io.hivenosql.api.tls.TlsSettings;
import java.io.IOException;
import java.util.Optional;

/**
 * Driver failures as {@link HandlerException}s that name the table, the collection and the servers, and say what to
 * check. The driver's messages name servers and commands, never credentials; the URI is shown without its user.
 */
final class MongoErrors {
    /** The server's code for a command the connection may not run (no authentication, or no privilege). */
    private static final int UNAUTHORIZED = 13;

    private MongoErrors() {}

    /**
     * A failure of a store operation: refused credentials (HNS-133), no server reachable or a connection lost
     * (HNS-201), anything else the server reports (the given code, usually HNS-202).
     *
     * @param doing what the handler was doing, e.g. "reading split 3 of 8"
     */
    static HandlerException storeError(MongoTable table, String doing, RuntimeException e, HandlerErrorCode code) {
        if (e instanceof HandlerException handler) {
            return handler;
        }
        Optional<HandlerException> tls = table.tls().flatMap(settings -> tlsFailure(table, settings, e));
        if (tls.isPresent()) {
            return tls.get();
        }
        if (isAuthFailure(e)) {
            String message = table.passwordAlias().isEmpty()
                    ? "MongoDB at " + table.uri().redacted() + " requires authentication for table " + table.name()
                            + "; set " + MongoTableProperties.USER.key() + " and "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + " (the alias of the password in a Hadoop "
                            + "credential provider)"
                    : "MongoDB at " + table.uri().redacted() + " refused the credentials of user '"
                            + table.user().orElse("?") + "' (auth source " + table.authSource()
                            + ", password from alias '" + table.passwordAlias().get() + "' of "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + ") for table " + table.name() + "; check "
                            + MongoTableProperties.USER.key() + ", " + MongoTableProperties.AUTH_SOURCE.key()
                            + " and the password stored under that alias";
            return new HandlerException(HandlerErrorCode.AUTHENTICATION_FAILED, message, e);
        }
        if (isUnauthorized(e)) {
            return unauthorized(table, doing, e);
        }
        if (isUnreachable(e)) {
            String outage = MongoClients.outageText(table);
            MongoClients.unreachable(table, e);
            return new HandlerException(
                    HandlerErrorCode.STORE_UNREACHABLE,
                    "MongoDB at " + table.uri().redacted() + " could not be reached while " + doing + " for table "
                            + table.name() + " (" + table.namespace() + "): " + reason(e) + "; check "
                            + MongoTableProperties.URI.key() + " and that the servers are running and reachable "
                            + "from this host (timeout " + MongoTableProperties.TIMEOUT_MS.key() + "="
                            + table.timeoutMillis() + ")" + outage + plainTextHint(table, e),
                    e);
        }
        return new HandlerException(
                code,
                "MongoDB failed while " + doing + " for table " + table.name() + " (" + table.namespace() + " at "
                        + table.uri().redacted() + "): " + reason(e),
                e);
    }

    /**
     * A failed handshake: the driver reports it only when server selection times out, naming the server and the
     * handshake's exception in its description of the cluster.
     */
    private static Optional<HandlerException> tlsFailure(MongoTable table, TlsSettings settings, RuntimeException e) {
        String hosts = String.join(",", table.uri().connectionString().getHosts());
        Optional<HandlerException> failed = TlsFailures.describe(settings, hosts, MongoTableProperties.URI.key(), e);
        if (failed.isPresent() || !(e instanceof MongoTimeoutException)) {
            return failed;
        }
        return TlsFailures.closedAfterHandshake(settings, hosts, e);
    }

    /**
     * The server refused a command as not allowed (code 13, Unauthorized): without credentials, it requires
     * authentication; with them, the user lacks a privilege the table needs.
     */
    private static HandlerException unauthorized(MongoTable table, String doing, RuntimeException e) {
        if (table.passwordAlias().isEmpty()) {
            return new HandlerException(
                    HandlerErrorCode.AUTHENTICATION_FAILED,
                    "MongoDB at " + table.uri().redacted() + " requires authentication for table " + table.name()
                            + " (" + reason(e) + "); set " + MongoTableProperties.USER.key() + " and "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + " (the alias of the password in a Hadoop "
                            + "credential provider)",
                    e);
        }
        return new HandlerException(
                HandlerErrorCode.PERMISSION_DENIED,
                "MongoDB at " + table.uri().redacted() + " signed in user '"
                        + table.user().orElse("?") + "' (auth "
                        + "source " + table.authSource() + ") but refused it while " + doing + " for table "
                        + table.name() + " (" + reason(e) + "); grant the user the role read (reading) or readWrite "
                        + "(writing) on database " + table.database(),
                e);
    }

    static boolean isUnauthorized(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoCommandException command && command.getErrorCode() == UNAUTHORIZED) {
                return true;
            }
        }
        return false;
    }

    /**
     * A server that speaks only TLS closes a plain-text connection at once, which the driver reports as the end of the
     * stream: say what that may mean.
     */
    private static String plainTextHint(MongoTable table, RuntimeException e) {
        if (table.ssl() || !String.valueOf(e.getMessage()).contains("Prematurely reached end of stream")) {
            return "";
        }
        return "; a server that speaks only TLS closes plain-text connections this way: if it does, set "
                + MongoTableProperties.SSL.key() + "=true (and " + MongoTableProperties.SSL_TRUSTSTORE.key()
                + " to its CA)";
    }

    /** A failure while reading: an IOException so that Hive fails (or retries) the task. */
    static IOException readFailed(MongoTable table, String doing, RuntimeException e) {
        HandlerException error = storeError(table, doing, e, HandlerErrorCode.STORE_ERROR);
        return new IOException(error.getMessage(), error);
    }

    static boolean isAuthFailure(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoSecurityException) {
                return true;
            }
        }
        return false;
    }

    static boolean isUnreachable(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoSocketException || cause instanceof MongoTimeoutException) {
                return true;
            }
        }
        return false;
    }

    /** The driver's message, which names servers and commands; never contains credentials. */
    static String reason(Throwable e) {
        String message = e.getMessage();
        return e.getClass().getSimpleName() + (message == null ? "" : ": " + message);
    }
}
