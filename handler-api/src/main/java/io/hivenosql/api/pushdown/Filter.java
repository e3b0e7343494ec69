package io.hivenosql.api.pushdown;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The store-neutral filter tree pushed down from Hive's WHERE clause. Leaves name a Hive column and carry neutral
 * values of that column's type (see {@link io.hivenosql.api.types.DataType}); values are always bound by the
 * connector as parameters, never spliced into query text. Comparisons follow SQL semantics: a comparison with a NULL
 * column value is not true.
 */
public sealed interface Filter
        permits Filter.And, Filter.Or, Filter.Not, Filter.Compare, Filter.In, Filter.Between, Filter.IsNull {
    record And(List<Filter> children) implements Filter {
        public And {
            children = List.copyOf(requireNonNull(children, "children is null"));
            if (children.size() < 2) {
                throw new IllegalArgumentException("AND needs two or more children");
            }
        }

        @Override
        public String toString() {
            return children.stream().map(Filter::toString).collect(Collectors.joining(" AND ", "(", ")"));
        }
    }

    record Or(List<Filter> children) implements Filter {
        public Or {
            children = List.copyOf(requireNonNull(children, "children is null"));
            if (children.size() < 2) {
                throw new IllegalArgumentException("OR needs two or more children");
            }
        }

        @Override
        public String toString() {
            return children.stream().map(Filter::toString).collect(Collectors.joining(" OR ", "(", ")"));
        }
    }

    /**
     * SQL's three-valued NOT: true only where the child is false. Where the child is NULL (a comparison with a NULL
     * column inside it), NOT is NULL too and the row does not match; a connector must not push NOT as a plain
     * complement of the child's matches.
     */
    record Not(Filter child) implements Filter {
        public Not {
            requireNonNull(child, "child is null");
        }

        @Override
        public String toString() {
            return "NOT " + child;
        }
    }

    /** {@code column op value}; value is never null (a comparison with NULL is never pushed). */
    record Compare(String column, CompareOp op, Object value) implements Filter {
        public Compare {
            requireNonNull(column, "column is null");
            requireNonNull(op, "op is null");
            requireNonNull(value, "value is null");
        }

        @Override
        public String toString() {
            return column + " " + op.symbol() + " " + Filters.literal(value);
        }
    }

    /** {@code column IN (values)}; values are non-null and distinct. */
    record In(String column, List<Object> values) implements Filter {
        public In {
            requireNonNull(column, "column is null");
            values = Collections.unmodifiableList(new ArrayList<>(requireNonNull(values, "values is null")));
            if (values.isEmpty()) {
                throw new IllegalArgumentException("IN needs at least one value");
            }
            values.forEach(v -> requireNonNull(v, "IN value is null"));
        }

        @Override
        public String toString() {
            return column + " IN " + values.stream().map(Filters::literal).collect(Collectors.joining(", ", "(", ")"));
        }
    }

    /** {@code column BETWEEN low AND high}, both ends inclusive. */
    record Between(String column, Object low, Object high) implements Filter {
        public Between {
            requireNonNull(column, "column is null");
            requireNonNull(low, "low is null");
            requireNonNull(high, "high is null");
        }

        @Override
        public String toString() {
            return column + " BETWEEN " + Filters.literal(low) + " AND " + Filters.literal(high);
        }
    }

    record IsNull(String column) implements Filter {
        public IsNull {
            requireNonNull(column, "column is null");
        }

        @Override
        public String toString() {
            return column + " IS NULL";
        }
    }

    static Filter and(Filter... children) {
        return children.length == 1 ? children[0] : new And(Arrays.asList(children));
    }

    static Filter and(List<Filter> children) {
        return children.size() == 1 ? children.get(0) : new And(children);
    }
}
