package io.hivenosql.it;

import java.util.ArrayList;
import java.util.List;

/** The predicates every pushdown superset test runs on a column: every operator, with a few literals. */
final class SupersetPredicates {
    private SupersetPredicates() {}

    /**
     * Every comparison with each literal; then, with the first two literals (the first the lower), BETWEEN, IN and
     * their negations, NOT, OR and AND of comparisons; and the NULL tests.
     */
    static List<String> of(String column, String... literals) {
        List<String> predicates = new ArrayList<>();
        for (String literal : literals) {
            for (String op : List.of("=", "<>", "<", "<=", ">", ">=")) {
                predicates.add(column + " " + op + " " + literal);
            }
        }
        if (literals.length >= 2) {
            String low = literals[0];
            String high = literals[1];
            predicates.add(column + " BETWEEN " + low + " AND " + high);
            predicates.add(column + " NOT BETWEEN " + low + " AND " + high);
            predicates.add(column + " IN (" + String.join(", ", literals) + ")");
            predicates.add(column + " NOT IN (" + low + ", " + high + ")");
            predicates.add("NOT (" + column + " = " + low + ")");
            predicates.add("(" + column + " < " + low + " OR " + column + " > " + high + ")");
            predicates.add(column + " >= " + low + " AND " + column + " <= " + high);
            predicates.add("NOT (" + column + " > " + low + " AND " + column + " < " + high + ")");
        }
        predicates.add(column + " IS NULL");
        predicates.add(column + " IS NOT NULL");
        return predicates;
    }

    /** Only what a key-value store can look up: equality, IN, and OR / AND of them, with their NULL tests. */
    static List<String> equalities(String column, String... literals) {
        List<String> predicates = new ArrayList<>();
        for (String literal : literals) {
            predicates.add(column + " = " + literal);
            predicates.add(column + " <> " + literal);
        }
        predicates.add(column + " IN (" + String.join(", ", literals) + ")");
        predicates.add(column + " NOT IN (" + String.join(", ", literals) + ")");
        if (literals.length >= 2) {
            predicates.add("(" + column + " = " + literals[0] + " OR " + column + " = " + literals[1] + ")");
            predicates.add(column + " BETWEEN " + literals[0] + " AND " + literals[1]);
            predicates.add(column + " > " + literals[0]);
        }
        predicates.add(column + " IS NULL");
        predicates.add(column + " IS NOT NULL");
        return predicates;
    }
}
