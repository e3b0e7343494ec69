package io.hivenosql.api.pushdown;

import java.util.Base64;

/** Helpers for showing filters in logs and EXPLAIN-like messages. */
public final class Filters {
    private Filters() {}

    static String literal(Object value) {
        if (value instanceof String s) {
            return "'" + s.replace("'", "''") + "'";
        }
        if (value instanceof byte[] bytes) {
            return "X'" + Base64.getEncoder().encodeToString(bytes) + "'";
        }
        return String.valueOf(value);
    }
}
