package io.hivenosql.api.error;

import static java.util.Objects.requireNonNull;

/**
 * The one exception type of the Hive-free core. The message says what failed, names the table, property, column,
 * key or value involved, and says how to fix it. It never contains a secret. The Hive adapters convert it to the
 * exception type Hive expects at each boundary (MetaException, SerDeException, IOException).
 */
public class HandlerException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final HandlerErrorCode errorCode;

    public HandlerException(HandlerErrorCode errorCode, String message) {
        this(errorCode, message, null);
    }

    public HandlerException(HandlerErrorCode errorCode, String message, Throwable cause) {
        super(
                requireNonNull(errorCode, "errorCode is null").tag() + ": "
                        + requireNonNull(message, "message is null"),
                cause);
        this.errorCode = errorCode;
    }

    public HandlerErrorCode errorCode() {
        return errorCode;
    }

    /** The message without its {@code HNS-nnn NAME: } tag, to nest it in another message. */
    public String detail() {
        return getMessage().substring(errorCode.tag().length() + 2);
    }

    /**
     * A managed table (CREATE TABLE without EXTERNAL, or with {@code 'external.table.purge'='true'}) over a store object
     * that exists already: refused, since a later DROP TABLE would delete data Hive never owned.
     *
     * @param existing the store object as messages name it, e.g. {@code MongoDB collection db.orders}
     * @param kind what the store calls it, e.g. {@code collection}
     * @param dropHint the object in the advice to drop it, e.g. {@code the collection}
     */
    public static HandlerException managedOverExisting(
            String tableName, String existing, String kind, String dropHint) {
        return new HandlerException(
                HandlerErrorCode.UNSUPPORTED_OPERATION,
                "table " + tableName + ": " + existing + " already exists, and a table Hive manages (CREATE TABLE "
                        + "without EXTERNAL, or with 'external.table.purge'='true') would drop it on DROP TABLE; map the "
                        + "existing " + kind + " with CREATE EXTERNAL TABLE instead, or drop " + dropHint + " first if "
                        + "Hive should create it");
    }
}
