package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.time.Instant;
import java.util.List;

/** A whole benchmark run: when, where, with how many timed runs per query, and the results per scale factor. */
public record BenchResults(
        Instant started, MachineInfo machine, int warmups, int runs, List<ScaleFactorResults> scaleFactors) {
    public BenchResults {
        requireNonNull(started, "started is null");
        requireNonNull(machine, "machine is null");
        scaleFactors = List.copyOf(requireNonNull(scaleFactors, "scaleFactors is null"));
        if (warmups < 0 || runs < 1) {
            throw new IllegalArgumentException("warmups must be >= 0 and runs >= 1: " + warmups + ", " + runs);
        }
    }
}
