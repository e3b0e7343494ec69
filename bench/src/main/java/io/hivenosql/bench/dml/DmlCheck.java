package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.util.ArrayList;
import java.util.List;

/**
 * One check of a store table against the ORC copy with the same changes applied: the checksum's values read from the
 * store and computed from ORC ({@link DmlChecks}).
 *
 * @param run 1-based, 0 for the check of the loaded tables before the runs
 * @param after what ran before the check, e.g. {@code RF2}
 */
public record DmlCheck(
        Target target,
        int run,
        String after,
        String table,
        List<String> names,
        List<String> expected,
        List<String> actual) {
    public DmlCheck {
        requireNonNull(target, "target is null");
        requireNonNull(after, "after is null");
        requireNonNull(table, "table is null");
        names = List.copyOf(requireNonNull(names, "names is null"));
        expected = List.copyOf(requireNonNull(expected, "expected is null"));
        actual = List.copyOf(requireNonNull(actual, "actual is null"));
        if (expected.size() != names.size()) {
            throw new IllegalArgumentException("a checksum of " + names.size() + " values has " + expected.size());
        }
    }

    public boolean matches() {
        return expected.equals(actual);
    }

    /** The values that differ, e.g. {@code rows: 600572 expected, 600571 read}; empty when it matches. */
    public String difference() {
        if (actual.size() != expected.size()) {
            return "the store's checksum has " + actual.size() + " values, expected " + expected.size();
        }
        List<String> differences = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            if (!expected.get(i).equals(actual.get(i))) {
                differences.add(names.get(i) + ": " + expected.get(i) + " expected, " + actual.get(i) + " read");
            }
        }
        return String.join("; ", differences);
    }

    /** The values of the checksum, as a row of the report: {@code rows=600572, sum(l_quantity)=...}. */
    public String values() {
        List<String> pairs = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            pairs.add(names.get(i) + "=" + (i < actual.size() ? actual.get(i) : "?"));
        }
        return String.join(", ", pairs);
    }
}
