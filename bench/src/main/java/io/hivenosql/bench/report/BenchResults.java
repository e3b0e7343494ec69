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

    /** How often each query ran: {@code 3 timed runs after 1 warm-up}, {@code 1 timed run, no warm-up}. */
    public String runsDescription() {
        String timed = runs + (runs == 1 ? " timed run" : " timed runs");
        return switch (warmups) {
            case 0 -> timed + ", no warm-up";
            case 1 -> timed + " after 1 warm-up";
            default -> timed + " after " + warmups + " warm-ups";
        };
    }
}
