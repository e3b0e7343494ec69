package io.hivenosql.api.config;

/**
 * One table property of a handler, declared once: key, type, default, whether it is required, and its documentation.
 * Each handler declares its properties as an enum implementing this interface; the README's property tables are
 * checked against these declarations.
 */
public interface TableProperty {
    /** The TBLPROPERTIES / SERDEPROPERTIES key, e.g. {@code redis.key.prefix}. */
    String key();

    /** How the raw string is parsed and checked. */
    PropertyType<?> type();

    /** The default as a raw string, or {@code null} when there is none. */
    String defaultValue();

    /** Whether a table must set this property. A required property has no default. */
    boolean required();

    /** One sentence for the README and for error messages. */
    String doc();
}
