package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

/**
 * The raw data of one fetched row: its key, the raw hash field values by column index (hash type) or the JSON text
 * (string type), and the remaining TTL in seconds ({@code null} when the key has no expiry or TTL was not fetched).
 */
final class RedisRow {
    private final byte[] key;
    private final byte[][] fields;
    private final byte[] json;
    private final Long ttl;
    private final RuntimeException[] errors;

    RedisRow(byte[] key, byte[][] fields, byte[] json, Long ttl) {
        this(key, fields, json, ttl, null);
    }

    /** A row some of whose columns are bad as fetched ({@code errors} by column, null when none is). */
    RedisRow(byte[] key, byte[][] fields, byte[] json, Long ttl, RuntimeException[] errors) {
        this.key = requireNonNull(key, "key is null");
        this.fields = fields;
        this.json = json;
        this.ttl = ttl;
        this.errors = errors;
    }

    /** Why a column cannot be read as fetched (a field spelt in two ways), or null. */
    RuntimeException error(int column) {
        return errors == null ? null : errors[column];
    }

    byte[] key() {
        return key;
    }

    /** The raw value of a hash field column, or null when absent (NULL) or not fetched. */
    byte[] field(int column) {
        return fields == null ? null : fields[column];
    }

    /** The JSON text of a string row, or null when not fetched. */
    byte[] json() {
        return json;
    }

    Long ttl() {
        return ttl;
    }

    boolean allFieldsNull() {
        if (errors != null) {
            return false;
        }
        if (fields != null) {
            for (byte[] field : fields) {
                if (field != null) {
                    return false;
                }
            }
        }
        return true;
    }
}
