package io.hivenosql.bench.spark;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a query's scans handed to the stores, read off Spark's executed plan: each line of the plan that reads a source
 * (a file scan, a data source scan, a connector's direct join), without the tree's indentation, the whole-stage
 * codegen markers and the expression ids, once each. Those lines carry what each connector pushed: {@code
 * PushedFilters}, the Cassandra connector's {@code Cassandra Filters}, the MongoDB connector's pipeline.
 */
final class PlanScans {
    /** The longest description kept of one scan. */
    static final int MAX_LENGTH = 600;

    private static final Pattern CONTINUATION = Pattern.compile("^ ?- (.*)$");
    private static final Pattern TREE = Pattern.compile("^[\\s:+|\\-]*(\\*\\(\\d+\\)\\s*)?");
    private static final Pattern EXPRESSION_ID = Pattern.compile("#\\d+L?|@[0-9a-f]{6,8}\\b");
    private static final Pattern SCAN = Pattern.compile("\\b(Scan|BatchScan|FileScan|DirectJoin)\\b|Cassandra.*Join");

    private PlanScans() {}

    private static String shortened(String scan) {
        String plain = EXPRESSION_ID.matcher(scan).replaceAll("").strip();
        return plain.length() > MAX_LENGTH ? plain.substring(0, MAX_LENGTH) + " ..." : plain;
    }

    static List<String> of(String plan) {
        Set<String> scans = new LinkedHashSet<>();
        StringBuilder scan = null;
        for (String line : plan.split("\n")) {
            Matcher continuation = CONTINUATION.matcher(line);
            if (continuation.matches()) {
                // a node described on several lines (the Cassandra connector's scan: " - Cassandra Filters: [...]"),
                // printed from the start of the line, where a child node's line starts with its tree prefix
                if (scan != null) {
                    scan.append(" - ").append(continuation.group(1).strip());
                }
                continue;
            }
            if (scan != null) {
                scans.add(shortened(scan.toString()));
                scan = null;
            }
            String node = TREE.matcher(line).replaceFirst("");
            if (SCAN.matcher(node).find() && !node.startsWith("Subquery")) {
                scan = new StringBuilder(node.strip());
            }
        }
        if (scan != null) {
            scans.add(shortened(scan.toString()));
        }
        return new ArrayList<>(scans);
    }
}
