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
}
