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

    RedisRow(byte[] key, byte[][] fields, byte[] json, Long ttl) {
        this.key = requireNonNull(key, "key is null");
        this.fields = fields;
        this.json = json;
        this.ttl = ttl;
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
