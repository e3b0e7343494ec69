package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * The timed (not warm-up) runs of one query on one target: how many, their median, fastest and slowest time, and the
 * rows the last of them returned.
 */
public record RunSummary(int runs, Duration median, Duration min, Duration max, long rows) {
    public RunSummary {
        requireNonNull(median, "median is null");
        requireNonNull(min, "min is null");
        requireNonNull(max, "max is null");
        Measurements.requireAtLeast("runs", runs, 1);
        if (min.compareTo(median) > 0 || median.compareTo(max) > 0) {
            throw new IllegalArgumentException("need min <= median <= max: " + min + ", " + median + ", " + max);
        }
    }

    /** The summary of the non-warm-up runs among {@code measurements}, or empty when there is none. */
    public static Optional<RunSummary> of(Collection<QueryMeasurement> measurements) {
        List<QueryMeasurement> timed = measurements.stream()
                .filter(measurement -> !measurement.warmup())
                .sorted((a, b) -> Integer.compare(a.run(), b.run()))
                .toList();
        if (timed.isEmpty()) {
            return Optional.empty();
        }
        List<Duration> times =
                new ArrayList<>(timed.stream().map(QueryMeasurement::elapsed).toList());
        times.sort(null);
        return Optional.of(new RunSummary(
                times.size(),
                median(times),
                times.get(0),
                times.get(times.size() - 1),
                timed.get(timed.size() - 1).rows()));
    }

    public double medianSeconds() {
        return Statistics.seconds(median);
    }

    public double minSeconds() {
        return Statistics.seconds(min);
    }

    public double maxSeconds() {
        return Statistics.seconds(max);
    }

    /** The median of sorted durations: the middle one, or the mean of the middle two. */
    private static Duration median(List<Duration> sorted) {
        int middle = sorted.size() / 2;
        if (sorted.size() % 2 == 1) {
            return sorted.get(middle);
        }
        return sorted.get(middle - 1).plus(sorted.get(middle)).dividedBy(2);
    }
}
