package io.hivenosql.bench;

import io.hivenosql.bench.report.ResultCheck;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Compares one query's result rows across the targets, in order (every suite query has a total ORDER BY). Fields
 * that are numbers are compared rounded to {@value #SCALE} decimal places (half up: cents, the precision of TPC-H's
 * money columns), everything else exactly. Every target is compared with the first one given.
 */
public final class ResultComparator {
    /** The decimal places numbers are compared at. */
    public static final int SCALE = 2;

    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?([eE][-+]?\\d+)?");

    private ResultComparator() {}

    /** The check of one query: {@code results} maps each target, in run order, to its rows (tab-separated fields). */
    public static ResultCheck compare(String query, Map<Target, List<String>> results) {
        Map<String, List<String>> named = new LinkedHashMap<>();
        results.forEach((target, rows) -> named.put(target.cliName(), rows));
        return compareNamed(query, named);
    }

    /**
     * The check of one query across named results (targets and peers, e.g. {@code spark-redis}), in order: each is
     * compared with the first.
     */
    public static ResultCheck compareNamed(String query, Map<String, List<String>> results) {
        if (results.isEmpty()) {
            throw new IllegalArgumentException("no results to compare for " + query);
        }
        Map.Entry<String, List<String>> reference =
                results.entrySet().iterator().next();
        List<String> expected = normalized(reference.getValue());
        for (Map.Entry<String, List<String>> other : results.entrySet()) {
            List<String> actual = normalized(other.getValue());
            String difference = difference(expected, actual);
            if (difference != null) {
                return ResultCheck.mismatch(
                        query,
                        expected.size(),
                        other.getKey() + " differs from " + reference.getKey() + ": " + difference);
            }
        }
        return ResultCheck.matching(query, expected.size());
    }

    private static String difference(List<String> expected, List<String> actual) {
        for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                return "row " + (i + 1) + " is [" + actual.get(i) + "], expected [" + expected.get(i) + "]";
            }
        }
        if (expected.size() != actual.size()) {
            return actual.size() + " rows, expected " + expected.size();
        }
        return null;
    }

    /** The rows with every numeric field rounded to {@link #SCALE} places. */
    static List<String> normalized(List<String> rows) {
        List<String> normalized = new ArrayList<>(rows.size());
        for (String row : rows) {
            String[] fields = row.split("\t", -1);
            for (int i = 0; i < fields.length; i++) {
                if (NUMBER.matcher(fields[i]).matches()) {
                    fields[i] = new BigDecimal(fields[i])
                            .setScale(SCALE, RoundingMode.HALF_UP)
                            .toPlainString();
                }
            }
            normalized.add(String.join("\t", fields));
        }
        return normalized;
    }
}
