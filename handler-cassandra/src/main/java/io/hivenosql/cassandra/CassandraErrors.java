package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.AllNodesFailedException;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.servererrors.QueryValidationException;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.UserInfo;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.IOException;
import java.util.Optional;

/** The messages of Cassandra failures: each names the table, the contact points or node, and what was being done. */
final class CassandraErrors {
    private CassandraErrors() {}

    /** A failure while opening the session: no contact point answers, or the credentials are refused. */
    static HandlerException connectFailed(String tableName, TableConfig config, RuntimeException e) {
        String hosts = CassandraClients.hostList(config.get(CassandraTableProperties.HOSTS));
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
                        + ", and that the servers are running and reachable from this host",
                e);
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
