package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.UserInfo;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.tls.TlsFailures;
import java.io.IOException;
import java.net.SocketTimeoutException;
import java.util.Locale;
import java.util.Optional;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisClusterOperationException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;
import redis.clients.jedis.exceptions.JedisException;

/** The messages of Redis failures: each names the table, the node (host:port) and what was being done. */
final class RedisErrors {
    private RedisErrors() {}

    /** The ACL rules, beyond the keys, of a user that reads a table: what the handler runs to connect and read. */
    static final String READ_RULES = "+@read +info +ping +client|setname +select";

    /** A failure while opening a connection: unreachable, or credentials refused. */
    static HandlerException connectFailed(RedisTable table, HostAndPort node, JedisException e) {
        // connected, but a first command (AUTH, SELECT, CLIENT SETNAME, PING) got no answer
        return connectFailed(table, node, "opening a connection", e);
    }

    /** As {@link #connectFailed(RedisTable, HostAndPort, JedisException)}, saying what was being done. */
    static HandlerException connectFailed(RedisTable table, HostAndPort node, String doing, JedisException e) {
        for (Throwable cause = e.getCause(); cause != null && cause != cause.getCause(); cause = cause.getCause()) {
            if (cause instanceof HandlerException refused) {
                return refused; // e.g. an address the password is not bound to, refused before connecting
            }
        }
        Optional<HandlerException> tls = table.settings().tls().flatMap(settings -> TlsFailures.describe(
                        settings, node.toString(), RedisTableProperties.NODES.key(), e)
                .or(() -> TlsFailures.closedAfterHandshake(settings, node.toString(), e)));
        if (tls.isPresent()) {
            return tls.get();
        }
        if (isPermissionDenied(e)) {
            return permissionDenied(table, node, doing, e);
        }
        if (isAuthFailure(e)) {
            return authFailed(table, node, e);
        }
        if (isReadTimeout(e)) {
            return timedOut(table, node, doing, e);
        }
        if (e instanceof JedisConnectionException || e instanceof JedisClusterOperationException) {
            return new HandlerException(
                    HandlerErrorCode.STORE_UNREACHABLE,
                    "cannot connect to Redis at " + node + " for table " + table.name() + ": " + reason(e)
                            + "; check " + RedisTableProperties.NODES.key() + " ('" + nodes(table)
                            + "') and that the server is running and reachable from this host"
                            + plainTextHint(table, e),
                    e);
        }
        return new HandlerException(
                HandlerErrorCode.STORE_ERROR,
                "Redis at " + node + " refused the connection of table " + table.name() + ": " + reason(e) + "; check "
                        + RedisTableProperties.DATABASE.key() + " and the server's configuration",
                e);
    }

    /**
     * A server that speaks only TLS closes a plain-text connection without a word, which Jedis reports as the end of
     * the stream or a reset connection: say what that may mean.
     */
    private static String plainTextHint(RedisTable table, JedisException e) {
        String reason = String.valueOf(reason(e)).toLowerCase(java.util.Locale.ROOT);
        if (table.settings().ssl() || !(reason.contains("end of stream") || reason.contains("connection reset"))) {
            return "";
        }
        return "; a server that speaks only TLS closes plain-text connections this way: if it does, set "
                + RedisTableProperties.SSL.key() + "=true (and " + RedisTableProperties.SSL_TRUSTSTORE.key()
                + " to its CA)";
    }

    /**
     * Whether the server refused the credentials (NOAUTH, WRONGPASS). A {@code NOPERM} is not one, though Jedis throws
     * it as a {@link JedisAccessControlException} too: the user signed in ({@link #isPermissionDenied}).
     */
    static boolean isAuthFailure(JedisException e) {
        if (isPermissionDenied(e)) {
            return false;
        }
        if (e instanceof JedisAccessControlException) {
            return true;
        }
        String message = e instanceof JedisDataException ? String.valueOf(e.getMessage()) : "";
        return message.startsWith("NOAUTH") || message.startsWith("WRONGPASS");
    }

    /**
     * Whether the failure (or a cause) is the server's {@code NOPERM}: the user signed in, but its ACL does not allow
     * the command or the key.
     */
    static boolean isPermissionDenied(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof JedisDataException
                    && String.valueOf(cause.getMessage()).startsWith("NOPERM")) {
                return true;
            }
        }
        return false;
    }

    /**
     * The user's ACL refused a command the handler runs to connect or to read (Redis 6+): names the user, what was
     * being done, and the rules a reading user needs.
     */
    static HandlerException permissionDenied(RedisTable table, HostAndPort node, String doing, Throwable e) {
        String user = user(table);
        return new HandlerException(
                HandlerErrorCode.PERMISSION_DENIED,
                "Redis at " + node + " does not allow user '" + user + "' (" + RedisTableProperties.USER.key()
                        + ") what table " + table.name() + " needs while " + doing + ": " + reason(e)
                        + ". A user that reads the table needs, under the key prefix '" + table.prefixText() + "': "
                        + READ_RULES + " (ACL SETUSER " + user + " ~" + table.prefixText() + "* " + READ_RULES
                        + "; on a Redis Cluster also +cluster|slots); one that writes it also +@write; see "
                        + "docs/redis.md#acl-users",
                e);
    }

    private static HandlerException authFailed(RedisTable table, HostAndPort node, JedisException e) {
        String user = user(table);
        String message;
        if (table.settings().passwordAlias().isEmpty()) {
            message = "Redis at " + node + " requires authentication for table " + table.name() + " (" + reason(e)
                    + "); set " + RedisTableProperties.PASSWORD_ALIAS.key() + " to the alias of the password in a "
                    + "Hadoop credential provider (and " + RedisTableProperties.USER.key() + " for an ACL user)";
        } else {
            message = "Redis at " + node + " refused the credentials of user '" + user + "' (password from alias '"
                    + table.settings().passwordAlias().get() + "' of " + RedisTableProperties.PASSWORD_ALIAS.key()
                    + ") for table " + table.name() + ": " + reason(e) + "; check " + RedisTableProperties.USER.key()
                    + ", the password stored under that alias in the credential provider, and the server's ACL";
        }
        return new HandlerException(HandlerErrorCode.AUTHENTICATION_FAILED, message, e);
    }

    /** A connection lost or a command failing during a read: an IOException so that Hive fails (or retries) the task. */
    static IOException readFailed(RedisTable table, HostAndPort node, String doing, JedisException e) {
        if (isReadTimeout(e)) {
            HandlerException error = timedOut(table, node, doing, e);
            return new IOException(error.getMessage(), error);
        }
        if (isPermissionDenied(e)) {
            HandlerException error = permissionDenied(table, node, doing, e);
            return new IOException(error.getMessage(), error);
        }
        HandlerErrorCode code = e instanceof JedisConnectionException
                ? HandlerErrorCode.STORE_UNREACHABLE
                : HandlerErrorCode.STORE_ERROR;
        String what = e instanceof JedisConnectionException ? "lost the connection to" : "error from";
        HandlerException error = new HandlerException(
                code,
                what + " Redis at " + node + " while " + doing + " of table " + table.name() + ": " + reason(e),
                e);
        return new IOException(error.getMessage(), error);
    }

    /** A write that the server did not acknowledge. */
    static IOException writeFailed(RedisTable table, HostAndPort node, String key, String detail, Throwable e) {
        String timeout = e != null && isReadTimeout(e)
                ? " (no answer within " + table.settings().timeoutMillis() + " ms; raise '"
                        + RedisTableProperties.TIMEOUT_MS.key() + "' if the server is busy)"
                : "";
        String denied = e != null && isPermissionDenied(e)
                ? " (user '" + user(table) + "' of " + RedisTableProperties.USER.key()
                        + " may not write the table's keys: a user that writes it needs +@write on ~"
                        + table.prefixText() + "* beside what reading needs, see docs/redis.md#acl-users)"
                : "";
        HandlerException error = new HandlerException(
                HandlerErrorCode.WRITE_FAILED,
                "writing key '" + key + "' of table " + table.name() + " to Redis at " + node + " failed: " + detail
                        + (e == null ? "" : ": " + reason(e)) + timeout + denied
                        + "; the task fails so that no write is lost silently",
                e);
        return new IOException(error.getMessage(), error);
    }

    /**
     * Whether the failure is a socket read that timed out ({@code redis.timeout.ms}): the server took the connection
     * but did not answer in time. A connect timeout is not one (the host did not answer at all).
     */
    static boolean isReadTimeout(Throwable e) {
        for (Throwable cause = e; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof SocketTimeoutException timeout) {
                String message = String.valueOf(timeout.getMessage()).toLowerCase(Locale.ROOT);
                return !message.contains("connect");
            }
        }
        return false;
    }

    /** A server that accepted the connection but did not answer within {@code redis.timeout.ms}. */
    private static HandlerException timedOut(RedisTable table, HostAndPort node, String doing, Throwable e) {
        return new HandlerException(
                HandlerErrorCode.STORE_UNREACHABLE,
                "timed out reading from Redis at " + node + " after "
                        + table.settings().timeoutMillis() + " ms while " + doing
                        + " of table " + table.name() + ": the server took the connection but did not answer within '"
                        + RedisTableProperties.TIMEOUT_MS.key() + "' ("
                        + table.settings().timeoutMillis() + " ms). If the "
                        + "server is busy (a long command or script, CLIENT PAUSE, a large SCAN), raise '"
                        + RedisTableProperties.TIMEOUT_MS.key() + "' in TBLPROPERTIES; otherwise check the server "
                        + "(SLOWLOG GET, INFO, its log)",
                e);
    }

    /** The ACL user the table signs in as ({@code redis.user}), Redis's {@code default} without one. */
    private static String user(RedisTable table) {
        return table.settings().user().orElse("default");
    }

    /** The exception's message with the message of its root cause, e.g. "Failed to connect (Connection refused)". */
    static String reason(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        String message = String.valueOf(e.getMessage());
        if (root != e && root.getMessage() != null && !message.contains(root.getMessage())) {
            message += " (" + root.getClass().getSimpleName() + ": " + root.getMessage() + ")";
        }
        return UserInfo.mask(message);
    }

    private static String nodes(RedisTable table) {
        return String.join(
                ",", table.nodes().stream().map(HostAndPort::toString).toList());
    }
}
