package io.hivenosql.api.types;

/**
 * A Hive type that hive-nosql does not read or write ({@code uniontype}, {@code void}, the interval types,
 * {@code timestamp with local time zone}); the message says what to declare instead. Callers that know the table and
 * the column report it as {@code HNS-114 UNSUPPORTED_TYPE}.
 */
public final class UnsupportedTypeException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    public UnsupportedTypeException(String message) {
        super(message);
    }
}
