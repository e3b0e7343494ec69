package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import io.hivenosql.bench.report.MachineInfo;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a run of the DML workload measured and checked, for the report.
 *
 * @param tuning what the run set beyond the defaults ({@link DmlOptions#tuning()}), empty when nothing
 * @param stagedRows the rows of each staging table ({@link DmlStaging#counted()})
 * @param lineitemRows lineitem's rows as loaded
 * @param loads each target's load time of each table
 * @param plans per target, what EXPLAIN shows of the MERGE's read of the store table
 * @param failure why the run stopped, when it did (a check that failed, a statement that failed)
 */
public record DmlResults(
        Instant started,
        MachineInfo machine,
        double scaleFactor,
        int warmups,
        int runs,
        String tuning,
        List<Target> targets,
        Map<String, Long> stagedRows,
        long lineitemRows,
        Map<Target, Map<String, Duration>> loads,
        List<DmlMeasurement> measurements,
        List<DmlCheck> checks,
        Map<Target, String> plans,
        Optional<String> failure) {
    public DmlResults {
        requireNonNull(started, "started is null");
        requireNonNull(machine, "machine is null");
        requireNonNull(tuning, "tuning is null");
        targets = List.copyOf(requireNonNull(targets, "targets is null"));
        stagedRows = Map.copyOf(requireNonNull(stagedRows, "stagedRows is null"));
        loads = Map.copyOf(requireNonNull(loads, "loads is null"));
        measurements = List.copyOf(requireNonNull(measurements, "measurements is null"));
        checks = List.copyOf(requireNonNull(checks, "checks is null"));
        plans = Map.copyOf(requireNonNull(plans, "plans is null"));
        requireNonNull(failure, "failure is null");
    }

    public List<DmlSummary> summaries() {
        return DmlSummary.of(targets, measurements, checks);
    }

    /** Whether every check passed and the run finished. */
    public boolean passed() {
        return failure.isEmpty() && checks.stream().allMatch(DmlCheck::matches);
    }
}
