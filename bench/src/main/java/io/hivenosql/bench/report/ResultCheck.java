package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

/**
 * Whether a query gave the same result on every target (compared with the first target's, numbers rounded as {@link
 * io.hivenosql.bench.ResultComparator} states), and if not, the first difference in words.
 */
public record ResultCheck(String query, boolean matches, long rows, String difference) {
    public ResultCheck {
        requireNonNull(query, "query is null");
        requireNonNull(difference, "difference is null");
        if (matches && !difference.isEmpty()) {
            throw new IllegalArgumentException("a matching result has no difference");
        }
    }

    public static ResultCheck matching(String query, long rows) {
        return new ResultCheck(query, true, rows, "");
    }

    public static ResultCheck mismatch(String query, long rows, String difference) {
        return new ResultCheck(query, false, rows, difference);
    }
}
