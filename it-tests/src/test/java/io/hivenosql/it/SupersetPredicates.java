package io.hivenosql.it;

import java.util.ArrayList;
import java.util.List;

/**
 * The predicates the pushdown superset tests run on a column: every operator, with a few literals. Lean: each predicate
 * is a query of its own.
 */
final class SupersetPredicates {
    private SupersetPredicates() {}

    /**
     * Every comparison with the first two literals (the first the lower); {@code =} and {@code <} with the others (odd
     * spellings, other brackets); BETWEEN, IN and their negations, NOT, OR and AND of comparisons; the NULL tests.
     */
    static List<String> of(String column, String... literals) {
        List<String> predicates = new ArrayList<>();
        for (int i = 0; i < literals.length; i++) {
            List<String> ops = i < 2 ? List.of("=", "<>", "<", "<=", ">", ">=") : List.of("=", "<");
            for (String op : ops) {
                predicates.add(column + " " + op + " " + literals[i]);
            }
        }
        predicates.addAll(combinations(column, literals));
        return predicates;
    }

    /**
     * Fewer: one of each operator (for the bad-record policies null and skip, where only how a bad value reads
     * changes).
     */
    static List<String> core(String column, String... literals) {
        List<String> predicates = new ArrayList<>();
        predicates.add(column + " = " + literals[0]);
        predicates.add(column + " < " + literals[literals.length > 1 ? 1 : 0]);
        predicates.add(column + " >= " + literals[0]);
        predicates.addAll(combinations(column, literals));
        return predicates;
    }

    private static List<String> combinations(String column, String... literals) {
        List<String> predicates = new ArrayList<>();
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
