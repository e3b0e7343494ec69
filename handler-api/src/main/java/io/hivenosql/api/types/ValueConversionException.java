package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

/**
 * A stored value that cannot be converted to its column's type. Codecs throw it with the value and the reason; the
 * reader adds table, key and column and applies the table's bad-record policy.
 */
public class ValueConversionException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String value;
    private final String targetType;

    public ValueConversionException(String value, DataType targetType, String reason) {
        this(value, targetType.typeName(), reason, null);
    }

    public ValueConversionException(String value, String targetType, String reason, Throwable cause) {
        this("cannot read ", value, targetType, reason, cause);
    }

    private ValueConversionException(String verb, String value, String targetType, String reason, Throwable cause) {
        super(verb + quote(value) + " as " + targetType + ": " + requireNonNull(reason, "reason is null"), cause);
        this.value = value;
        this.targetType = targetType;
    }

    /**
     * An exception with a message of its own (subclasses whose problem is not one value, e.g. a field spelt in two
     * ways); {@code value} and {@code targetType} are what {@link #value()} and {@link #targetType()} return.
     */
    protected ValueConversionException(String message, Throwable cause, String value, String targetType) {
        super(requireNonNull(message, "message is null"), cause);
        this.value = value;
        this.targetType = targetType;
    }

    /** What the user can do about it, completing a message: fix the value or the type. */
    public String remedy() {
        return "Fix the stored value or the column type";
    }

    /** A value that cannot be written in a store's form, e.g. a timestamp a pattern cannot hold. */
    public static ValueConversionException cannotWrite(String value, DataType type, String reason) {
        return new ValueConversionException("cannot write ", value, type.typeName(), reason, null);
    }

    /** The offending value as text, shortened for messages. */
    public String value() {
        return value;
    }

    public String targetType() {
        return targetType;
    }

    private static String quote(String value) {
        if (value == null) {
            return "null";
        }
        return "'"
                + (value.length() > 200 ? value.substring(0, 200) + "...'(" + value.length() + " chars)" : value + "'");
    }
}
