package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Query;
import io.hivenosql.bench.Target;
import java.time.Duration;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The figures the report shows for one scale factor, derived from its raw measurements: each query's median and
 * spread per target (warm-ups excluded), each target's Hive scan rate (lineitem rows over the median time of {@link
 * #FULL_SCAN}), each store's raw driver scan rate, the ratios between them, and load rates. Anything that cannot be
 * computed (a target not run, no raw scan, a zero time) is an empty optional, never NaN or infinity.
 */
public final class Statistics {
    public static final String FULL_SCAN = Query.FULL_SCAN;

    private static final List<String> PROBES = Query.PROBES;
    private static final List<String> TABLES =
            List.of("lineitem", "orders", "partsupp", "part", "customer", "supplier", "nation", "region");
    private static final Pattern TPCH_QUERY = Pattern.compile("q(\\d+)");

    /** TPC-H queries by number, then the probes, then any other name alphabetically. */
    public static final Comparator<String> QUERY_ORDER = Comparator.comparingInt(Statistics::queryRank)
            .thenComparingInt(Statistics::queryNumber)
            .thenComparing(Comparator.naturalOrder());

    /** The TPC-H tables largest first, then any other name alphabetically. */
    public static final Comparator<String> TABLE_ORDER = Comparator.comparingInt((String table) -> {
                int index = TABLES.indexOf(table);
                return index < 0 ? TABLES.size() : index;
            })
            .thenComparing(Comparator.naturalOrder());

    private final ScaleFactorResults results;
    private final List<Target> targets;
    private final List<String> queries;
    private final List<String> tables;

    private Statistics(ScaleFactorResults results) {
        this.results = requireNonNull(results, "results is null");
        Set<Target> present = EnumSet.noneOf(Target.class);
        present.addAll(results.targets());
        results.queries().forEach(measurement -> present.add(measurement.target()));
        results.loads().forEach(measurement -> present.add(measurement.target()));
        results.rawScans().forEach(measurement -> present.add(measurement.target()));
        this.targets = List.copyOf(present);
        Set<String> names = new TreeSet<>(QUERY_ORDER);
        results.queries().forEach(measurement -> names.add(measurement.query()));
        names.addAll(results.checks().keySet());
        this.queries = List.copyOf(names);
        Set<String> tableNames = new TreeSet<>(TABLE_ORDER);
        results.loads().forEach(measurement -> tableNames.add(measurement.table()));
        this.tables = List.copyOf(tableNames);
    }

    public static Statistics of(ScaleFactorResults results) {
        return new Statistics(results);
    }

    /** The statistics of every scale factor of a run, smallest scale factor first. */
    public static List<Statistics> of(BenchResults results) {
        return results.scaleFactors().stream()
                .sorted(Comparator.comparingDouble(ScaleFactorResults::scaleFactor))
                .map(Statistics::of)
                .toList();
    }

    public ScaleFactorResults results() {
        return results;
    }

    public double scaleFactor() {
        return results.scaleFactor();
    }

    /** The targets run (or measured) at this scale factor, in {@link Target} order: HDFS ones first. */
    public List<Target> targets() {
        return targets;
    }

    /** The {@link #targets()} that are NoSQL stores. */
    public List<Target> stores() {
        return targets.stream().filter(Target::isStore).toList();
    }

    /** The targets with at least one load measured (hdfs-text, the source of the loads, usually has none). */
    public List<Target> loadedTargets() {
        return targets.stream()
                .filter(target -> results.loads().stream().anyMatch(load -> load.target() == target))
                .toList();
    }

    /** Every query measured or checked, in {@link #QUERY_ORDER}. */
    public List<String> queries() {
        return queries;
    }

    /** Every table loaded, in {@link #TABLE_ORDER}. */
    public List<String> tables() {
        return tables;
    }

    /** The timed runs of {@code query} on {@code target}, or empty when it has none. */
    public Optional<RunSummary> query(Target target, String query) {
        return RunSummary.of(results.queries().stream()
                .filter(measurement ->
                        measurement.target() == target && measurement.query().equals(query))
                .toList());
    }

    /** Lineitem rows a second through Hive: lineitem rows over the median time of {@link #FULL_SCAN}. */
    public OptionalDouble scanRowsPerSecond(Target target) {
        return perMedianSecond(results.lineitemRows(), target);
    }

    /** Megabytes (10^6 bytes of lineitem as dbgen text) a second through Hive, over the same median time. */
    public OptionalDouble scanMegabytesPerSecond(Target target) {
        OptionalDouble bytes = perMedianSecond(results.lineitemBytes(), target);
        return bytes.isPresent() ? OptionalDouble.of(bytes.getAsDouble() / 1e6) : bytes;
    }

    /** The median rows a second of the store's timed raw driver scans, or empty without any. */
    public OptionalDouble rawRowsPerSecond(Target target) {
        return median(results.rawScans().stream()
                .filter(scan -> scan.target() == target && !scan.warmup())
                .map(RawScanMeasurement::rowsPerSecond)
                .toList());
    }

    /** {@code target}'s Hive scan rate over {@code baseline}'s (above 1: faster than the baseline). */
    public OptionalDouble scanRatio(Target target, Target baseline) {
        return ratio(scanRowsPerSecond(target), scanRowsPerSecond(baseline));
    }

    /** A store's Hive scan rate over its own raw driver scan rate (1: Hive reads as fast as the bare driver). */
    public OptionalDouble rawRatio(Target target) {
        return ratio(scanRowsPerSecond(target), rawRowsPerSecond(target));
    }

    /** Rows loaded a second into the target over all its tables: total rows over total load time. */
    public OptionalDouble loadRowsPerSecond(Target target) {
        return loadRate(
                results.loads().stream().filter(load -> load.target() == target).toList());
    }

    /** Rows loaded a second into one table of the target. */
    public OptionalDouble loadRowsPerSecond(Target target, String table) {
        return loadRate(results.loads().stream()
                .filter(load -> load.target() == target && load.table().equals(table))
                .toList());
    }

    /** The result check of a query across the targets, or empty when it was not checked. */
    public Optional<ResultCheck> check(String query) {
        return Optional.ofNullable(results.checks().get(query));
    }

    /** The checks that found different results, in {@link #QUERY_ORDER}. */
    public List<ResultCheck> mismatches() {
        return queries.stream()
                .map(this::check)
                .flatMap(Optional::stream)
                .filter(check -> !check.matches())
                .toList();
    }

    /** The queries run but not compared across the targets. */
    public List<String> unchecked() {
        return queries.stream().filter(query -> check(query).isEmpty()).toList();
    }

    /** Whether every query was compared and gave the same result on every target. */
    public boolean allResultsMatch() {
        return !queries.isEmpty() && mismatches().isEmpty() && unchecked().isEmpty();
    }

    public static double seconds(Duration duration) {
        return duration.toNanos() / 1e9;
    }

    /** The median of some values (mean of the middle two for an even count), or empty for none. */
    public static OptionalDouble median(Collection<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (sorted.length == 0) {
            return OptionalDouble.empty();
        }
        int middle = sorted.length / 2;
        double median = sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
        return finite(median);
    }

    /** {@code numerator / denominator}, empty if either is missing or the denominator is not positive. */
    public static OptionalDouble ratio(OptionalDouble numerator, OptionalDouble denominator) {
        if (numerator.isEmpty() || denominator.isEmpty() || denominator.getAsDouble() <= 0) {
            return OptionalDouble.empty();
        }
        return finite(numerator.getAsDouble() / denominator.getAsDouble());
    }

    private OptionalDouble perMedianSecond(long count, Target target) {
        if (count <= 0) {
            return OptionalDouble.empty();
        }
        return query(target, FULL_SCAN)
                .map(summary -> ratio(OptionalDouble.of(count), OptionalDouble.of(summary.medianSeconds())))
                .orElse(OptionalDouble.empty());
    }

    private static OptionalDouble loadRate(List<LoadMeasurement> loads) {
        if (loads.isEmpty()) {
            return OptionalDouble.empty();
        }
        long rows = loads.stream().mapToLong(LoadMeasurement::rows).sum();
        Duration elapsed = loads.stream().map(LoadMeasurement::elapsed).reduce(Duration.ZERO, Duration::plus);
        return ratio(OptionalDouble.of(rows), OptionalDouble.of(seconds(elapsed)));
    }

    private static OptionalDouble finite(double value) {
        return Double.isFinite(value) ? OptionalDouble.of(value) : OptionalDouble.empty();
    }

    private static int queryRank(String query) {
        if (TPCH_QUERY.matcher(query).matches()) {
            return 0;
        }
        int probe = PROBES.indexOf(query);
        return probe < 0 ? 1 + PROBES.size() : 1 + probe;
    }

    private static int queryNumber(String query) {
        Matcher matcher = TPCH_QUERY.matcher(query);
        if (!matcher.matches() || matcher.group(1).length() > 9) {
            return Integer.MAX_VALUE;
        }
        return Integer.parseInt(matcher.group(1));
    }

    /** The scale factors of a run as text, e.g. {@code 0.1, 1}. */
    public static String scaleFactors(BenchResults results) {
        return of(results).stream()
                .map(statistics -> Format.scaleFactor(statistics.scaleFactor()))
                .collect(Collectors.joining(", "));
    }

    /** Every target of a run, over all its scale factors, in {@link Target} order. */
    public static List<Target> targets(BenchResults results) {
        return targets(of(results));
    }

    /** Every target of some scale factors, in {@link Target} order. */
    public static List<Target> targets(List<Statistics> scaleFactors) {
        Set<Target> all = EnumSet.noneOf(Target.class);
        scaleFactors.forEach(statistics -> all.addAll(statistics.targets()));
        return List.copyOf(all);
    }
}
