package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The figures of one store target over its timed runs: each step's time (the sum of its statements' times in a run;
 * median, fastest and slowest run) and rows changed, the rewrite's time over the MERGE's (the ratio of the medians, and
 * the range of the runs' own ratios, each taken within one run), the rewrite's time over the 1-row MERGE's (the ratio
 * no MERGE of that shape can pass here: a statement's fixed cost), and the checks that passed.
 */
public record DmlSummary(
        Target target,
        Map<DmlStep, StepFigures> steps,
        double ratio,
        double lowestRunRatio,
        double highestRunRatio,
        double ceiling,
        int checksPassed,
        int checks) {
    /** The target: the 1% MERGE at least this many times faster than the rewrite. */
    public static final double TARGET_RATIO = 10;

    /** A step's seconds over the timed runs, and the rows it changes. */
    public record StepFigures(double median, double min, double max, long rows, int runs) {}

    public DmlSummary {
        requireNonNull(target, "target is null");
        steps = Map.copyOf(requireNonNull(steps, "steps is null"));
    }

    /** Whether the ratio of the medians reaches {@link #TARGET_RATIO}. */
    public boolean targetMet() {
        return ratio >= TARGET_RATIO;
    }

    /** The summary of each target that has timed runs, in the order of the targets. */
    public static List<DmlSummary> of(List<Target> targets, List<DmlMeasurement> measurements, List<DmlCheck> checks) {
        List<DmlSummary> summaries = new ArrayList<>();
        for (Target target : targets) {
            Map<DmlStep, Map<Integer, Double>> seconds = new TreeMap<>();
            Map<DmlStep, Map<Integer, Long>> rows = new TreeMap<>();
            for (DmlMeasurement measurement : measurements) {
                if (measurement.target() != target || measurement.warmup()) {
                    continue;
                }
                seconds.computeIfAbsent(measurement.step(), step -> new TreeMap<>())
                        .merge(measurement.run(), measurement.seconds(), Double::sum);
                rows.computeIfAbsent(measurement.step(), step -> new TreeMap<>())
                        .merge(measurement.run(), measurement.rows(), Long::sum);
            }
            if (seconds.isEmpty()) {
                continue;
            }
            Map<DmlStep, StepFigures> steps = new TreeMap<>();
            seconds.forEach((step, byRun) -> {
                List<Double> values = new ArrayList<>(byRun.values());
                steps.put(
                        step,
                        new StepFigures(
                                median(values),
                                Collections.min(values),
                                Collections.max(values),
                                rows.get(step).values().iterator().next(),
                                values.size()));
            });
            List<Double> ratios = new ArrayList<>();
            Map<Integer, Double> merges = seconds.getOrDefault(DmlStep.MERGE, Map.of());
            Map<Integer, Double> rewrites = seconds.getOrDefault(DmlStep.REWRITE, Map.of());
            merges.forEach((run, merge) -> {
                Double rewrite = rewrites.get(run);
                if (rewrite != null && merge > 0) {
                    ratios.add(rewrite / merge);
                }
            });
            double ratio = ratioOfMedians(steps, DmlStep.REWRITE, DmlStep.MERGE);
            List<DmlCheck> own =
                    checks.stream().filter(check -> check.target() == target).toList();
            summaries.add(new DmlSummary(
                    target,
                    steps,
                    ratio,
                    ratios.isEmpty() ? Double.NaN : Collections.min(ratios),
                    ratios.isEmpty() ? Double.NaN : Collections.max(ratios),
                    ratioOfMedians(steps, DmlStep.REWRITE, DmlStep.ONE_ROW_MERGE),
                    (int) own.stream().filter(DmlCheck::matches).count(),
                    own.size()));
        }
        return summaries;
    }

    /** The median time of {@code slower} over that of {@code faster}; NaN when either step did not run. */
    private static double ratioOfMedians(Map<DmlStep, StepFigures> steps, DmlStep slower, DmlStep faster) {
        return steps.containsKey(slower) && steps.containsKey(faster)
                ? steps.get(slower).median() / steps.get(faster).median()
                : Double.NaN;
    }

    static double median(List<Double> values) {
        if (values.isEmpty()) {
            throw new IllegalArgumentException("no values");
        }
        List<Double> sorted = new ArrayList<>(values);
        Collections.sort(sorted);
        int middle = sorted.size() / 2;
        return sorted.size() % 2 == 1 ? sorted.get(middle) : (sorted.get(middle - 1) + sorted.get(middle)) / 2;
    }
}
