package io.hivenosql.api.types;

/** {@code char(length)}, length 1..255. */
public record CharType(int length) implements DataType {
    public CharType {
        if (length < 1 || length > 255) {
            throw new IllegalArgumentException("char length " + length + " is not in [1, 255]");
        }
    }

    @Override
    public String typeName() {
        return "char(" + length + ")";
    }
}
