package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

public record ArrayType(DataType elementType) implements DataType {
    public ArrayType {
        requireNonNull(elementType, "elementType is null");
    }

    @Override
    public String typeName() {
        return "array<" + elementType.typeName() + ">";
    }
}
