package io.hivenosql.api.types;

/** {@code varchar(length)}, length 1..65535. */
public record VarcharType(int length) implements DataType {
    public VarcharType {
        if (length < 1 || length > 65535) {
            throw new IllegalArgumentException("varchar length " + length + " is not in [1, 65535]");
        }
    }

    @Override
    public String typeName() {
        return "varchar(" + length + ")";
    }
}
