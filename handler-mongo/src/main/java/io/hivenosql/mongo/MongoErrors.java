package io.hivenosql.mongo;

import com.mongodb.MongoSecurityException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;

/**
 * Driver failures as {@link HandlerException}s that name the table, the collection and the servers, and say what to
 * check. The driver's messages name servers and commands, never credentials; the URI is shown without its user.
 */
final class MongoErrors {
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
        if (isUnreachable(e)) {
            String outage = MongoClients.outageText(table);
            MongoClients.unreachable(table, e);
            return new HandlerException(
                    HandlerErrorCode.STORE_UNREACHABLE,
                    "MongoDB at " + table.uri().redacted() + " could not be reached while " + doing + " for table "
                            + table.name() + " (" + table.namespace() + "): " + reason(e) + "; check "
                            + MongoTableProperties.URI.key() + " and that the servers are running and reachable "
                            + "from this host (timeout " + MongoTableProperties.TIMEOUT_MS.key() + "="
                            + table.timeoutMillis() + ")" + outage,
                    e);
        }
        return new HandlerException(
                code,
                "MongoDB failed while " + doing + " for table " + table.name() + " (" + table.namespace() + " at "
                        + table.uri().redacted() + "): " + reason(e),
                e);
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
