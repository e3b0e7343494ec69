package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

/** {@code map<K,V>}; Hive map keys are primitive. */
public record MapType(DataType keyType, DataType valueType) implements DataType {
    public MapType {
        requireNonNull(keyType, "keyType is null");
        requireNonNull(valueType, "valueType is null");
        if (!DataTypes.isPrimitive(keyType)) {
            throw new IllegalArgumentException("map key type must be primitive, got " + keyType.typeName());
        }
    }

    @Override
    public String typeName() {
        return "map<" + keyType.typeName() + "," + valueType.typeName() + ">";
    }
}
