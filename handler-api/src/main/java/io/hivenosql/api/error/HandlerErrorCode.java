package io.hivenosql.api.error;

import static io.hivenosql.api.error.ErrorCategory.EXTERNAL;
import static io.hivenosql.api.error.ErrorCategory.INTERNAL;
import static io.hivenosql.api.error.ErrorCategory.USER;

/**
 * Every error hive-nosql reports carries one of these codes, shown as {@code HNS-<code> <NAME>} at the start of the
 * message so that users can search for it and operators can tell a user error from a store outage.
 */
public enum HandlerErrorCode {
    INVALID_TABLE_PROPERTY(101, USER),
    MISSING_TABLE_PROPERTY(102, USER),
    UNKNOWN_TABLE_PROPERTY(103, USER),
    INVALID_MAPPING(111, USER),
    MAPPING_FILE_UNREADABLE(112, USER),
    COLUMN_NOT_FOUND(113, USER),
    UNSUPPORTED_TYPE(114, USER),
    /** The table's Hive columns disagree with the store's live schema (a missing column, an incompatible type). */
    SCHEMA_MISMATCH(115, USER),
    /** The keyspace, table or collection the table names does not exist in the store. */
    STORE_TABLE_NOT_FOUND(116, USER),
    BAD_RECORD(121, USER),
    NULL_KEY(122, USER),
    PLAINTEXT_SECRET(131, USER),
    CREDENTIAL_NOT_FOUND(132, USER),
    AUTHENTICATION_FAILED(133, USER),
    /** A stored secret has no binding ({@code <alias>.hosts} beside it in its credential provider): it is not used. */
    SECRET_NOT_BOUND(134, USER),
    /** A table names (or a cluster announces) a host its secret is not bound to. */
    HOST_NOT_BOUND(135, USER),
    /** A credential provider named by the table or the session that the session user may not read. */
    PROVIDER_NOT_PERMITTED(136, USER),
    /** A mapping URL HiveServer2 does not read: outside the allowed directories, or not readable by the session user. */
    MAPPING_URL_NOT_ALLOWED(137, USER),
    /** The binding {@code <alias>.hosts} an administrator stored is not a host:port list. */
    INVALID_HOST_BINDING(138, USER),
    /**
     * The store signed the user in, but its access control refuses a command or an object the table needs (a Redis
     * ACL's {@code NOPERM}): the message names the user and the rules to grant.
     */
    PERMISSION_DENIED(139, USER),
    /**
     * A TLS handshake with the store failed: a certificate no trusted CA signed, one that expired or names another
     * host, a server that answers in plain text, or one that wants (or refuses) the client's certificate.
     */
    TLS_FAILED(140, USER),
    UNSUPPORTED_OPERATION(141, USER),
    /** The query was cancelled (or its client disconnected) and the handler stopped its work. */
    QUERY_CANCELLED(142, USER),
    STORE_UNREACHABLE(201, EXTERNAL),
    STORE_ERROR(202, EXTERNAL),
    WRITE_FAILED(203, EXTERNAL),
    /**
     * Too few replicas of the data answer for the request: a consistency level the live nodes cannot meet, or a
     * replicated store whose lost primary was not replaced (no replica promoted) in time.
     */
    REPLICAS_UNAVAILABLE(204, EXTERNAL),
    INTERNAL_ERROR(301, INTERNAL);

    private final int code;
    private final ErrorCategory category;

    HandlerErrorCode(int code, ErrorCategory category) {
        this.code = code;
        this.category = category;
    }

    public int code() {
        return code;
    }

    public ErrorCategory category() {
        return category;
    }

    /** The tag that starts every message with this code, e.g. {@code HNS-101 INVALID_TABLE_PROPERTY}. */
    public String tag() {
        return "HNS-" + code + " " + name();
    }
}
