package io.hivenosql.sandbox.bench;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs the methods of a server-backed JMH benchmark (a raw-driver baseline, then the others: the handler, and
 * possibly a second baseline) in several rounds against one server that this JVM started and loaded. A round is one
 * JMH run (one fork) of each method; the order rotates from round to round (round 1: baseline first, round 2: the
 * second method first, ...), so that a slow spell of a busy machine tends to hit every method and none always runs
 * first. Prints each round's medians, the spread of its iterations and each method's ratio to the baseline (rows/s
 * over the baseline's rows/s), then the same over all rounds. The handler modules' benchmarks share it (jmh-core is a
 * dependency of the sandbox, which no handler jar contains).
 */
public final class JmhRounds {
    private final Class<?> benchmark;
    private final List<String> methods;
    private final long rowsPerOperation;

    /** {@code baseline} is what the others are measured against; {@code others} in the order of the first round. */
    public JmhRounds(Class<?> benchmark, String baseline, List<String> others, long rowsPerOperation) {
        this.benchmark = requireNonNull(benchmark, "benchmark is null");
        List<String> all = new ArrayList<>();
        all.add(requireNonNull(baseline, "baseline is null"));
        all.addAll(requireNonNull(others, "others is null"));
        if (all.size() < 2) {
            throw new IllegalArgumentException("at least one method besides the baseline");
        }
        this.methods = List.copyOf(all);
        this.rowsPerOperation = rowsPerOperation;
    }

    /**
     * Runs {@code rounds} rounds with the given JMH parameters; the forks get {@code systemProperties} (the server to
     * use) and the maximum heap {@code heap}.
     */
    public void run(int rounds, Map<String, String> params, Map<String, String> systemProperties, String heap)
            throws RunnerException {
        String baseline = methods.get(0);
        List<String> summary = new ArrayList<>();
        Map<String, List<Double>> ratios = new LinkedHashMap<>();
        Map<String, List<Double>> times = new LinkedHashMap<>();
        methods.forEach(method -> times.put(method, new ArrayList<>()));
        methods.subList(1, methods.size()).forEach(method -> ratios.put(method, new ArrayList<>()));
        for (int round = 1; round <= rounds; round++) {
            Map<String, Statistics> statistics = new LinkedHashMap<>();
            for (int i = 0; i < methods.size(); i++) {
                String method = methods.get((i + round - 1) % methods.size());
                RunResult result = runOne(method, params, systemProperties, heap);
                times.get(method).addAll(iterations(result));
                statistics.put(method, result.getPrimaryResult().getStatistics());
            }
            double baselineMedian = statistics.get(baseline).getPercentile(50);
            for (String method : methods) {
                summary.add(line(round, method, statistics.get(method)));
            }
            for (String method : ratios.keySet()) {
                double ratio = baselineMedian / statistics.get(method).getPercentile(50);
                ratios.get(method).add(ratio);
                summary.add(
                        String.format(Locale.ROOT, "round %d: ratio %s / %s = %.2f", round, method, baseline, ratio));
            }
        }
        System.out.println();
        System.out.println("== " + benchmark.getSimpleName() + ": " + rowsPerOperation + " rows per operation, "
                + rounds + " round(s); ms per operation (the whole table), median of the measured iterations");
        summary.forEach(System.out::println);
        double baselineMedian = median(times.get(baseline));
        ratios.forEach((method, values) -> System.out.printf(
                Locale.ROOT,
                "== ratio (%s rows/s / %s rows/s) per round: %s, median %.2f%n",
                method,
                baseline,
                values.stream()
                        .map(ratio -> String.format(Locale.ROOT, "%.2f", ratio))
                        .toList(),
                median(values)));
        for (String method : methods) {
            double median = median(times.get(method));
            System.out.printf(
                    Locale.ROOT,
                    "== all rounds: %s median %,.0f ms = %,.0f rows/s; ratio to %s %.2f%n",
                    method,
                    median,
                    rowsPerOperation * 1000.0 / median,
                    baseline,
                    baselineMedian / median);
        }
    }

    private RunResult runOne(
            String method, Map<String, String> params, Map<String, String> systemProperties, String heap)
            throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        options.include(Pattern.quote(benchmark.getName()) + "\\." + method + "$");
        params.forEach(options::param);
        List<String> jvmArgs = new ArrayList<>();
        jvmArgs.add("-Xmx" + heap);
        // Hive's serde classes (StringInternUtils, behind the ObjectInspector factories) open java.net.URI's fields
        jvmArgs.add("--add-opens=java.base/java.net=ALL-UNNAMED");
        systemProperties.forEach((key, value) -> jvmArgs.add("-D" + key + "=" + value));
        options.jvmArgsAppend(jvmArgs.toArray(String[]::new));
        Collection<RunResult> results = new Runner(options.build()).run();
        if (results.size() != 1) {
            throw new IllegalStateException("JMH returned " + results.size() + " results for " + method);
        }
        return results.iterator().next();
    }

    private static List<Double> iterations(RunResult result) {
        List<Double> times = new ArrayList<>();
        result.getBenchmarkResults().forEach(benchmark -> benchmark
                .getIterationResults()
                .forEach(iteration -> times.add(iteration.getPrimaryResult().getScore())));
        return times;
    }

    private static double median(List<Double> values) {
        double[] sorted =
                values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }

    private String line(int round, String method, Statistics statistics) {
        double median = statistics.getPercentile(50);
        return String.format(
                Locale.ROOT,
                "round %d: %-24s median %,7.0f ms (iterations %,.0f-%,.0f, n=%d) = %,.0f rows/s",
                round,
                method,
                median,
                statistics.getMin(),
                statistics.getMax(),
                statistics.getN(),
                rowsPerOperation * 1000.0 / median);
    }
}
