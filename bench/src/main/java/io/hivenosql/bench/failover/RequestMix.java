package io.hivenosql.bench.failover;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.LongStream;

/**
 * The failover workload's table and requests, all fixed by the request's number so that a run is repeatable and the
 * rows expected afterwards are known exactly.
 *
 * <p>The table {@code <database>.kv (k BIGINT, grp INT, v STRING)} is keyed by {@code k}; row {@code k} has {@code grp
 * = k % 20} and {@code v = 'v<k>'}. It starts with {@value #PRELOAD_ROWS} rows (keys 0 to 999). Of every ten requests,
 * six are key lookups of a preloaded key, three scans of one group (a scan of the whole table that Hive filters: 50
 * preloaded rows and the group's inserted ones) and one an INSERT of {@value #INSERT_ROWS} new keys, {@code
 * 1,000,000 + 5 * index} and up, that no other request writes.
 */
public final class RequestMix {
    public static final int PRELOAD_ROWS = 1000;
    public static final int GROUPS = 20;
    public static final int INSERT_ROWS = 5;
    public static final long INSERT_BASE = 1_000_000L;
    public static final String TABLE = "kv";
    public static final String COLUMNS = "k BIGINT, grp INT, v STRING";

    private final String table;
    private final long seed;

    /**
     * @param database the Hive database the table is in
     * @param seed picks the lookups' keys and the scans' groups
     */
    public RequestMix(String database, long seed) {
        this.table = requireNonNull(database, "database is null") + "." + TABLE;
        this.seed = seed;
    }

    /** The table's qualified name. */
    public String table() {
        return table;
    }

    /** Six lookups, three scans, one INSERT in every ten requests, interleaved. */
    public static RequestType type(int index) {
        int slot = Math.floorMod(index, 10);
        if (slot == 9) {
            return RequestType.INSERT;
        }
        return slot % 3 == 2 ? RequestType.SCAN : RequestType.LOOKUP;
    }

    public static int group(long key) {
        return (int) Math.floorMod(key, (long) GROUPS);
    }

    public static String value(long key) {
        return "v" + key;
    }

    /** The preloaded keys, 0 to {@value #PRELOAD_ROWS} - 1. */
    public static Set<Long> preloadKeys() {
        return LongStream.range(0, PRELOAD_ROWS).boxed().collect(Collectors.toCollection(TreeSet::new));
    }

    /** The keys request {@code index} inserts (none unless it is an INSERT). */
    public static List<Long> insertKeys(int index) {
        if (type(index) != RequestType.INSERT) {
            return List.of();
        }
        List<Long> keys = new ArrayList<>(INSERT_ROWS);
        for (int i = 0; i < INSERT_ROWS; i++) {
            keys.add(INSERT_BASE + (long) index * INSERT_ROWS + i);
        }
        return keys;
    }

    /** The preloaded key a lookup reads. */
    public long lookupKey(int index) {
        return random(index).nextInt(PRELOAD_ROWS);
    }

    /** The group a scan reads. */
    public int scanGroup(int index) {
        return random(index).nextInt(GROUPS);
    }

    /** Fills the table with the preloaded rows in one statement (a job). */
    public String preload() {
        return "INSERT INTO " + table + " SELECT CAST(pos AS BIGINT), CAST(pos % " + GROUPS + " AS INT), "
                + "concat('v', CAST(pos AS STRING)) FROM (SELECT posexplode(split(space(" + (PRELOAD_ROWS - 1)
                + "), ' ')) AS (pos, unused)) numbers";
    }

    /** The statement of request {@code index}. */
    public String sql(int index) {
        return switch (type(index)) {
            case LOOKUP -> "SELECT k, grp, v FROM " + table + " WHERE k = " + lookupKey(index);
            case SCAN -> "SELECT k, grp, v FROM " + table + " WHERE grp = " + scanGroup(index);
            case INSERT -> "INSERT INTO " + table + " VALUES "
                    + insertKeys(index).stream()
                            .map(key -> "(" + key + ", " + group(key) + ", '" + value(key) + "')")
                            .collect(Collectors.joining(", "));
        };
    }

    /**
     * What is wrong with the rows a read returned, or empty when they are right: a lookup returns its row alone; a scan
     * returns every preloaded row of its group, rows of that group only, each key once, each with its value. (A scan
     * may or may not see the rows of INSERTs still running; the rows lost are counted after the run.)
     */
    public Optional<String> check(int index, List<List<Object>> rows) {
        requireNonNull(rows, "rows is null");
        return switch (type(index)) {
            case LOOKUP -> checkLookup(lookupKey(index), rows);
            case SCAN -> checkScan(scanGroup(index), rows);
            case INSERT -> Optional.empty();
        };
    }

    private static Optional<String> checkLookup(long key, List<List<Object>> rows) {
        if (rows.size() != 1) {
            return Optional.of("the lookup of k = " + key + " returned " + rows.size() + " rows, not 1");
        }
        return checkRow(rows.get(0)).or(() -> {
            long read = ((Number) rows.get(0).get(0)).longValue();
            return read == key ? Optional.empty() : Optional.of("the lookup of k = " + key + " returned k = " + read);
        });
    }

    private static Optional<String> checkScan(int group, List<List<Object>> rows) {
        Set<Long> seen = new HashSet<>();
        for (List<Object> row : rows) {
            Optional<String> wrong = checkRow(row);
            if (wrong.isPresent()) {
                return wrong;
            }
            long key = ((Number) row.get(0)).longValue();
            if (group(key) != group) {
                return Optional.of("the scan of grp = " + group + " returned k = " + key + " of group " + group(key));
            }
            if (!seen.add(key)) {
                return Optional.of("the scan of grp = " + group + " returned k = " + key + " twice");
            }
        }
        List<Long> missing = LongStream.range(0, PRELOAD_ROWS)
                .filter(key -> group(key) == group && !seen.contains(key))
                .boxed()
                .toList();
        if (!missing.isEmpty()) {
            return Optional.of("the scan of grp = " + group + " missed " + missing.size() + " preloaded rows, e.g. k = "
                    + missing.get(0));
        }
        return Optional.empty();
    }

    /** A row must be (k, k % 20, 'v<k>'). */
    private static Optional<String> checkRow(List<Object> row) {
        if (row.size() != 3 || !(row.get(0) instanceof Number key) || !(row.get(1) instanceof Number group)) {
            return Optional.of("a row is not (k, grp, v): " + row);
        }
        long k = key.longValue();
        if (group.intValue() != group(k) || !value(k).equals(row.get(2))) {
            return Optional.of("row k = " + k + " reads (" + group + ", " + row.get(2) + "), not (" + group(k) + ", "
                    + value(k) + ")");
        }
        return Optional.empty();
    }

    private SplittableRandom random(int index) {
        return new SplittableRandom(seed * 1_000_003L + index);
    }
}
