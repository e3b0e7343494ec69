package io.hivenosql.bench.failover;

import java.io.Closeable;
import java.time.Duration;
import java.util.Map;
import java.util.Set;

/** A replicated store the failover workload runs against: it started it, kills one node and restarts it. */
interface ReplicatedStore extends Closeable {
    /** What runs, for the report: nodes, replication, consistency. */
    String description();

    /** The part of {@code CREATE TABLE} after the columns: {@code STORED BY ... TBLPROPERTIES (...)}. */
    String storedBy(String database);

    /** The node the run kills, for the report. */
    String victim();

    /** Kills the node (SIGKILL to its pid). */
    void kill();

    /**
     * Waits until the store has dealt with the kill, and returns how long that took from the kill: for Redis the
     * promotion of the killed master's replica, for Cassandra until every other node holds the killed one DOWN.
     */
    Duration awaitNoticed(Duration timeout);

    /** What {@link #awaitNoticed} measures, for the report: {@code promotion window: ...}. */
    String noticedMeaning();

    /**
     * Whether requests in flight during that window may fail (the target): a Redis master's slots have no
     * server until the promotion; a Cassandra ring at QUORUM always has two replicas.
     */
    boolean mayFailWhileNoticing();

    /** Restarts the killed node and waits until every node is up again. */
    void restart(Duration timeout);

    /** The keys of the workload's table, read with the store's own client (not through Hive). */
    Set<Long> storedKeys();

    /** How the store's own client read {@link #storedKeys()}, for the report. */
    String storedKeysMethod();

    /** The pid of each node process, by name, for the memory they use. */
    Map<String, Long> pids();

    /** Stops every process it started (by pid). */
    @Override
    void close();
}
