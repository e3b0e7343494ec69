package io.hivenosql.api.config;

import java.util.Locale;
import java.util.OptionalLong;

/**
 * A table's {@code nosql.read.runtime-keys.max}: a fixed number of join keys, or {@code auto}, where the store weighs
 * the keys against the table's estimated rows.
 *
 * @param fixed the number of keys; empty for {@code auto}
 */
public record RuntimeKeysMax(OptionalLong fixed) {
    /** The largest number a table may set, and the most keys {@code auto} ever reads by key. */
    public static final int CEILING = 1_000_000;
    /** The limit of {@code auto} when the store cannot estimate the table's rows. */
    public static final int UNKNOWN_SIZE_LIMIT = 1000;

    public static final RuntimeKeysMax AUTO = new RuntimeKeysMax(OptionalLong.empty());

    public RuntimeKeysMax {
        if (fixed.isPresent() && (fixed.getAsLong() < 0 || fixed.getAsLong() > CEILING)) {
            throw new IllegalArgumentException("runtime keys max out of [0, " + CEILING + "]: " + fixed.getAsLong());
        }
    }

    public static RuntimeKeysMax of(long keys) {
        return new RuntimeKeysMax(OptionalLong.of(keys));
    }

    /** {@code auto} or a number in [0, {@value #CEILING}]. */
    static RuntimeKeysMax parse(String raw) {
        String value = raw.trim();
        if (value.toLowerCase(Locale.ROOT).equals("auto")) {
            return AUTO;
        }
        long keys;
        try {
            keys = Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "expected auto or an integer in [0, " + CEILING + "], got '" + raw + "'");
        }
        if (keys < 0 || keys > CEILING) {
            throw new IllegalArgumentException("expected auto or an integer in [0, " + CEILING + "], got " + keys);
        }
        return of(keys);
    }

    /** Whether the table turned runtime join-key pushdown off (0). */
    public boolean off() {
        return fixed.isPresent() && fixed.getAsLong() == 0;
    }

    /**
     * The most keys to read by key: the fixed number, or for {@code auto} the store's limit for the table (at most
     * {@value #CEILING}), {@value #UNKNOWN_SIZE_LIMIT} when the store cannot tell.
     */
    public long limit(OptionalLong storeLimit) {
        if (fixed.isPresent()) {
            return fixed.getAsLong();
        }
        if (storeLimit.isEmpty()) {
            return UNKNOWN_SIZE_LIMIT;
        }
        return Math.max(0, Math.min(CEILING, storeLimit.getAsLong()));
    }

    @Override
    public String toString() {
        return fixed.isPresent() ? Long.toString(fixed.getAsLong()) : "auto";
    }
}
