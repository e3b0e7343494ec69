package io.hivenosql.api.config;

/**
 * One table property of a handler, declared once as a {@link PropertySpec}. Each handler declares its properties as
 * an enum implementing this interface, whose constants carry their spec; the property tables of the docs pages
 * (docs/redis.md, docs/cassandra.md, docs/mongodb.md, docs/json.md) are checked against these declarations.
 */
public interface TableProperty {
    PropertySpec spec();

    /** The TBLPROPERTIES / SERDEPROPERTIES key, e.g. {@code redis.key.prefix}. */
    default String key() {
        return spec().key();
    }

    /** How the raw string is parsed and checked. */
    default PropertyType<?> type() {
        return spec().type();
    }

    /** The default as a raw string, or {@code null} when there is none. */
    default String defaultValue() {
        return spec().defaultValue();
    }

    /** Whether a table must set this property. A required property has no default. */
    default boolean required() {
        return spec().required();
    }

    /** One sentence for the docs pages and for error messages. */
    default String doc() {
        return spec().doc();
    }
}
