package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RequestType;
import io.hivenosql.bench.failover.RowsCheck;
import io.hivenosql.bench.failover.Timeline;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Everything a failover run measured, for its report.
 *
 * @param store the store's name ({@code cassandra}, {@code redis})
 * @param storeDescription its nodes, replication and consistency
 * @param victim the node killed and restarted
 * @param issued the requests the clients took (fewer than {@code requests} when the run hit its deadline)
 * @param noticed how long after the kill the store had dealt with it (Redis: the promotion window; Cassandra: until
 *     every other node held the killed one DOWN), when it did
 * @param noticedMeaning what {@code noticed} measures
 * @param mayFailWhileNoticing whether requests in flight during {@code noticed} may fail (the target: Redis
 *     yes, Cassandra at QUORUM no)
 * @param events what happened when, as text ({@code +12.3 s: killed ...})
 * @param execution how Hive ran each request type (a fetch task that sessions run at the same time, or a job)
 * @param storeKeysMethod how the store's own client counted the rows
 * @param memory the memory of each process of the run
 */
public record FailoverResults(
        Instant started,
        MachineInfo machine,
        String store,
        String storeDescription,
        String victim,
        int clients,
        int requests,
        int issued,
        List<RequestRecord> records,
        Timeline timeline,
        Optional<Duration> noticed,
        String noticedMeaning,
        boolean mayFailWhileNoticing,
        List<String> events,
        Map<RequestType, String> execution,
        RowsCheck rows,
        String storeKeysMethod,
        List<ProcessMemory> memory) {
    /**
     * A process's memory at the end of the run.
     *
     * @param residentBytes resident set size (VmRSS)
     * @param peakBytes its peak (VmHWM)
     */
    public record ProcessMemory(String name, long pid, long residentBytes, long peakBytes) {
        public ProcessMemory {
            requireNonNull(name, "name is null");
        }
    }

    public FailoverResults {
        requireNonNull(started, "started is null");
        requireNonNull(machine, "machine is null");
        requireNonNull(store, "store is null");
        requireNonNull(storeDescription, "storeDescription is null");
        requireNonNull(victim, "victim is null");
        records = List.copyOf(records);
        requireNonNull(timeline, "timeline is null");
        requireNonNull(noticed, "noticed is null");
        requireNonNull(noticedMeaning, "noticedMeaning is null");
        events = List.copyOf(events);
        execution = Map.copyOf(execution);
        requireNonNull(rows, "rows is null");
        requireNonNull(storeKeysMethod, "storeKeysMethod is null");
        memory = List.copyOf(memory);
    }

    /** The table by phase. */
    public List<FailoverStatistics.Row> phases() {
        return FailoverStatistics.byPhase(records, timeline, clients);
    }

    /** The table by phase and request type. */
    public List<FailoverStatistics.Row> phasesByType() {
        return FailoverStatistics.byPhaseAndType(records, timeline, clients);
    }

    /** Requests the clients took that never ended (cut at the deadline). */
    public int unfinished() {
        return issued - records.size();
    }
}
