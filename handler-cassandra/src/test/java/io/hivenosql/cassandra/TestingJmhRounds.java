package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Collection;
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
 * Runs the two methods of a server-backed JMH benchmark (a raw-driver baseline and the handler) in several rounds
 * against one server that this JVM started and loaded. A round is one JMH run (one fork) of each method, the baseline
 * first in odd rounds and the handler first in even ones, so that a slow spell of a busy machine tends to hit both
 * sides of a round and neither side always runs first. Prints each round's medians, the spread of its iterations and
 * the handler's ratio to the baseline, then the same over all rounds.
 */
final class TestingJmhRounds {
    private final Class<?> benchmark;
    private final String baseline;
    private final String handler;
    private final long rowsPerOperation;

    TestingJmhRounds(Class<?> benchmark, String baseline, String handler, long rowsPerOperation) {
        this.benchmark = requireNonNull(benchmark, "benchmark is null");
        this.baseline = requireNonNull(baseline, "baseline is null");
        this.handler = requireNonNull(handler, "handler is null");
        this.rowsPerOperation = rowsPerOperation;
    }

    /**
     * Runs {@code rounds} rounds with the given JMH parameters; the forks get {@code systemProperties} (the server to
     * use) and the maximum heap {@code heap}.
     */
    void run(int rounds, Map<String, String> params, Map<String, String> systemProperties, String heap)
            throws RunnerException {
        List<String> summary = new ArrayList<>();
        List<Double> ratios = new ArrayList<>();
        List<Double> rawTimes = new ArrayList<>();
        List<Double> handlerTimes = new ArrayList<>();
        for (int round = 1; round <= rounds; round++) {
            RunResult raw;
            RunResult ours;
            if (round % 2 == 1) {
                raw = runOne(baseline, params, systemProperties, heap);
                ours = runOne(handler, params, systemProperties, heap);
            } else {
                ours = runOne(handler, params, systemProperties, heap);
                raw = runOne(baseline, params, systemProperties, heap);
            }
            rawTimes.addAll(iterations(raw));
            handlerTimes.addAll(iterations(ours));
            Statistics rawStatistics = raw.getPrimaryResult().getStatistics();
            Statistics handlerStatistics = ours.getPrimaryResult().getStatistics();
            double ratio = rawStatistics.getPercentile(50) / handlerStatistics.getPercentile(50);
            ratios.add(ratio);
            summary.add(line(round, baseline, rawStatistics));
            summary.add(line(round, handler, handlerStatistics));
            summary.add(String.format(Locale.ROOT, "round %d: ratio %s / %s = %.2f", round, handler, baseline, ratio));
        }
        System.out.println();
        System.out.println("== " + benchmark.getSimpleName() + ": " + rowsPerOperation + " rows per operation, "
                + rounds + " round(s); ms per operation (the whole table), median of the measured iterations");
        summary.forEach(System.out::println);
        System.out.printf(
                Locale.ROOT,
                "== ratio (handler rows/s / raw rows/s) per round: %s, median %.2f%n",
                ratios.stream()
                        .map(ratio -> String.format(Locale.ROOT, "%.2f", ratio))
                        .toList(),
                median(ratios));
        double rawMedian = median(rawTimes);
        double handlerMedian = median(handlerTimes);
        System.out.printf(
                Locale.ROOT,
                "== all rounds: %s median %,.0f ms = %,.0f rows/s; %s median %,.0f ms = %,.0f rows/s; ratio %.2f%n",
                baseline,
                rawMedian,
                rowsPerOperation * 1000.0 / rawMedian,
                handler,
                handlerMedian,
                rowsPerOperation * 1000.0 / handlerMedian,
                rawMedian / handlerMedian);
    }

    private RunResult runOne(
            String method, Map<String, String> params, Map<String, String> systemProperties, String heap)
            throws RunnerException {
        OptionsBuilder options = new OptionsBuilder();
        options.include(Pattern.quote(benchmark.getName()) + "\\." + method + "$");
        params.forEach(options::param);
        List<String> jvmArgs = new ArrayList<>();
        jvmArgs.add("-Xmx" + heap);
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
