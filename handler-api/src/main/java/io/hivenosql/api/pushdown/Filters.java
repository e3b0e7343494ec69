package io.hivenosql.api.pushdown;

import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.Set;

/** Helpers for filters: the columns they read, and showing them in logs and EXPLAIN-like messages. */
public final class Filters {
    private Filters() {}

    /** The names of the columns a filter reads, in the order they appear. */
    public static Set<String> columns(Filter filter) {
        Set<String> columns = new LinkedHashSet<>();
        collect(filter, columns);
        return columns;
    }

    private static void collect(Filter filter, Set<String> columns) {
        if (filter instanceof Filter.And and) {
            and.children().forEach(child -> collect(child, columns));
        } else if (filter instanceof Filter.Or or) {
            or.children().forEach(child -> collect(child, columns));
        } else if (filter instanceof Filter.Not not) {
            collect(not.child(), columns);
        } else if (filter instanceof Filter.Compare compare) {
            columns.add(compare.column());
        } else if (filter instanceof Filter.In in) {
            columns.add(in.column());
        } else if (filter instanceof Filter.Between between) {
            columns.add(between.column());
        } else {
            columns.add(((Filter.IsNull) filter).column());
        }
    }

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
