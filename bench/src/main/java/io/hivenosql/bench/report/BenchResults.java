package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * A whole benchmark run: when, where, with how many timed runs per query, and the results per scale factor.
 *
 * @param servers what serves a target, where the run knows it (e.g. {@code mongo -> the in-memory test double ...}):
 *     the report names the target with it ({@link #label}), so that no stand-in passes for the real store
 */
public record BenchResults(
        Instant started,
        MachineInfo machine,
        int warmups,
        int runs,
        List<ScaleFactorResults> scaleFactors,
        Map<Target, String> servers) {
    public BenchResults {
        requireNonNull(started, "started is null");
        requireNonNull(machine, "machine is null");
        scaleFactors = List.copyOf(requireNonNull(scaleFactors, "scaleFactors is null"));
        servers = Map.copyOf(requireNonNull(servers, "servers is null"));
        if (warmups < 0 || runs < 1) {
            throw new IllegalArgumentException("warmups must be >= 0 and runs >= 1: " + warmups + ", " + runs);
        }
    }

    /** Without knowing what serves the targets (an existing HiveServer2 and stores). */
    public BenchResults(
            Instant started, MachineInfo machine, int warmups, int runs, List<ScaleFactorResults> scaleFactors) {
        this(started, machine, warmups, runs, scaleFactors, Map.of());
    }

    /**
     * A target's name with what serves it when known: {@code mongo-ferretdb (FerretDB 1.24 on PostgreSQL 15, a
     * MongoDB-compatible server, not mongod)}, else {@code hdfs-orc}.
     */
    public String label(Target target) {
        String server = servers.get(target);
        return server == null ? target.cliName() : target.cliName() + " (" + server + ")";
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
