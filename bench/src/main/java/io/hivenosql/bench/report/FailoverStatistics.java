package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.failover.FailureCauses;
import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RequestType;
import io.hivenosql.bench.failover.Timeline;
import io.hivenosql.bench.failover.Timeline.Phase;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import org.HdrHistogram.Histogram;

/**
 * The failover study's table from a run's requests: per phase (before the kill, node down, after the restart, the
 * whole run), and per phase and request type, the columns Test, Req/Sec, Millis, 50%, 90%, 99%, 99.5%, 99.9%, Max,
 * Mean, Err, Fail, Thr (and Wrong). A request belongs to the phase in which it ended: one in flight when the node was
 * killed counts as "node down". Latencies are recorded in an HdrHistogram to the microsecond (3 significant digits)
 * and shown in milliseconds; failed requests' latencies count too (the time their client waited for the error).
 */
public final class FailoverStatistics {
    /** The percentiles of the table, as the study has them. */
    static final List<Double> PERCENTILES = List.of(50.0, 90.0, 99.0, 99.5, 99.9);

    private FailoverStatistics() {}

    /**
     * One row of the table.
     *
     * @param test the phase (and request type)
     * @param requests the requests that ended in the phase
     * @param requestsPerSecond requests over the phase's wall time
     * @param millis the phase's wall time in milliseconds
     * @param percentiles latency at {@link #PERCENTILES} in milliseconds (NaN without requests)
     * @param max the longest latency in milliseconds (NaN without requests)
     * @param mean the mean latency in milliseconds (NaN without requests)
     * @param errors Err: failed requests, for any reason
     * @param nodeLoss Fail: of those, requests failed because of the node loss
     * @param wrong requests that succeeded with a wrong result
     * @param threads Thr: client threads
     */
    public record Row(
            String test,
            long requests,
            double requestsPerSecond,
            double millis,
            List<Double> percentiles,
            double max,
            double mean,
            long errors,
            long nodeLoss,
            long wrong,
            int threads) {
        public Row {
            requireNonNull(test, "test is null");
            percentiles = List.copyOf(percentiles);
        }

        /** Failures for another reason than the node loss. */
        public long otherErrors() {
            return errors - nodeLoss;
        }
    }

    /** The phases' rows, then the whole run's. */
    public static List<Row> byPhase(List<RequestRecord> records, Timeline timeline, int threads) {
        List<Row> rows = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            rows.add(row(phase.label(), inPhase(records, timeline, phase, request -> true), timeline, phase, threads));
        }
        return rows;
    }

    /** Per phase (the whole run last), a row per request type. */
    public static List<Row> byPhaseAndType(List<RequestRecord> records, Timeline timeline, int threads) {
        List<Row> rows = new ArrayList<>();
        for (Phase phase : Phase.values()) {
            for (RequestType type : RequestType.values()) {
                rows.add(row(
                        phase.label() + " / " + type.label(),
                        inPhase(records, timeline, phase, request -> request.type() == type),
                        timeline,
                        phase,
                        threads));
            }
        }
        return rows;
    }

    /**
     * The failed requests that were not in flight during the promotion window ({@code window} from the kill): for a
     * Redis Cluster only those in flight while no replica had taken over may fail.
     */
    public static List<RequestRecord> failedOutsideWindow(
            List<RequestRecord> records, Timeline timeline, Duration window) {
        if (timeline.killNanos().isEmpty()) {
            return records.stream()
                    .filter(request -> request.outcome().failed())
                    .toList();
        }
        long from = timeline.killNanos().getAsLong();
        long to = from + window.toNanos();
        return records.stream()
                .filter(request -> request.outcome().failed())
                .filter(request -> request.endNanos() < from || request.startNanos() > to)
                .toList();
    }

    /** Each distinct failure or wrong result (normalized message), with how often it came, most frequent first. */
    public static Map<String, Long> details(List<RequestRecord> records, Predicate<RequestRecord> which) {
        Map<String, Long> counts = new LinkedHashMap<>();
        records.stream()
                .filter(which)
                .forEach(request -> counts.merge(
                        request.outcome() + ": " + FailureCauses.normalize(request.detail()), 1L, Long::sum));
        Map<String, Long> sorted = new LinkedHashMap<>();
        counts.entrySet().stream()
                .sorted(Map.Entry.<String, Long>comparingByValue().reversed())
                .forEach(entry -> sorted.put(entry.getKey(), entry.getValue()));
        return sorted;
    }

    static List<RequestRecord> inPhase(
            List<RequestRecord> records, Timeline timeline, Phase phase, Predicate<RequestRecord> which) {
        return records.stream()
                .filter(which)
                .filter(request -> phase == Phase.ALL || timeline.phaseOf(request.endNanos()) == phase)
                .toList();
    }

    static Row row(String test, List<RequestRecord> requests, Timeline timeline, Phase phase, int threads) {
        long nanos = timeline.phaseNanos(phase);
        double seconds = nanos / 1e9;
        Optional<Histogram> histogram = histogram(requests);
        List<Double> percentiles = PERCENTILES.stream()
                .map(p -> histogram.map(h -> millis(h.getValueAtPercentile(p))).orElse(Double.NaN))
                .toList();
        return new Row(
                test,
                requests.size(),
                seconds > 0 ? requests.size() / seconds : Double.NaN,
                nanos / 1e6,
                percentiles,
                histogram.map(h -> millis(h.getMaxValue())).orElse(Double.NaN),
                histogram.map(h -> h.getMean() / 1000).orElse(Double.NaN),
                requests.stream().filter(request -> request.outcome().failed()).count(),
                requests.stream()
                        .filter(request -> request.outcome() == RequestRecord.Outcome.FAILED_NODE_LOSS)
                        .count(),
                requests.stream()
                        .filter(request -> request.outcome() == RequestRecord.Outcome.WRONG)
                        .count(),
                threads);
    }

    /** The latencies in microseconds, or empty without requests. */
    private static Optional<Histogram> histogram(List<RequestRecord> requests) {
        if (requests.isEmpty()) {
            return Optional.empty();
        }
        Histogram histogram = new Histogram(3);
        for (RequestRecord request : requests) {
            histogram.recordValue(Math.max(1, request.latencyNanos() / 1000));
        }
        return Optional.of(histogram);
    }

    private static double millis(long micros) {
        return micros / 1000.0;
    }
}
