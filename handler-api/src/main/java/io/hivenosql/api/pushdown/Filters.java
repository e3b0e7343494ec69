package io.hivenosql.api.pushdown;

import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Helpers for filters: the columns they read, and showing them in logs and EXPLAIN-like messages. */
public final class Filters {
    /** The most characters of a filter that logs and messages show ({@link #describe}). */
    public static final int DESCRIBED_CHARS = 2_000;

    private Filters() {}

    /**
     * A filter for a log line or a message: its first {@value #DESCRIBED_CHARS} characters, then how long it is (the
     * join keys of runtime join-key pushdown can be tens of thousands of values).
     */
    public static String describe(Filter filter) {
        return shorten(filter.toString());
    }

    /** Text (a filter, a store's query) cut to its first {@value #DESCRIBED_CHARS} characters, saying how long it is. */
    public static String shorten(String text) {
        return text.length() <= DESCRIBED_CHARS
                ? text
                : text.substring(0, DESCRIBED_CHARS) + "... (" + text.length() + " characters)";
    }

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

    /**
     * The filter without each top-level conjunct {@code NOT c IS NULL} that another top-level conjunct already implies:
     * a comparison, {@code IN} or {@code BETWEEN} on {@code c} is never true where {@code c} is NULL, so the AND selects
     * the same rows without it. Hive adds such a conjunct to the scan of every inner join's key; a store whose index
     * serves {@code key IN (...)} alone (the MongoDB test server's {@code _id} index) may scan for the AND of both.
     */
    public static Filter withoutImpliedNotNull(Filter filter) {
        if (!(filter instanceof Filter.And and)) {
            return filter;
        }
        Set<String> nonNull = new LinkedHashSet<>();
        for (Filter child : and.children()) {
            if (child instanceof Filter.Compare compare) {
                nonNull.add(compare.column());
            } else if (child instanceof Filter.In in) {
                nonNull.add(in.column());
            } else if (child instanceof Filter.Between between) {
                nonNull.add(between.column());
            }
        }
        List<Filter> kept = and.children().stream()
                .filter(child -> !(child instanceof Filter.Not not
                        && not.child() instanceof Filter.IsNull isNull
                        && nonNull.contains(isNull.column())))
                .toList();
        return kept.size() == and.children().size() ? filter : Filter.and(kept);
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
