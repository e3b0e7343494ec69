package io.hivenosql.api.types;

import java.util.Locale;

/** The Hive primitive types that take no parameters. */
public enum PrimitiveType implements DataType {
    BOOLEAN,
    TINYINT,
    SMALLINT,
    INT,
    BIGINT,
    FLOAT,
    DOUBLE,
    STRING,
    BINARY,
    DATE,
    TIMESTAMP;

    private final String typeName = name().toLowerCase(Locale.ROOT);

    @Override
    public String typeName() {
        return typeName;
    }
}
