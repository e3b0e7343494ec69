package io.hivenosql.api.hive.line.hive3;

import io.hivenosql.api.hive.line.HiveLine;
import io.hivenosql.api.hive.line.QueryCancellation;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.Driver;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hive.common.util.HiveVersionInfo;

/**
 * Hive 3.1 (Amazon EMR 7's 3.1.3-amzn): the driver's {@link Driver.LockedDriverState}, the console's info line for
 * warnings (Hive 3's console has no warning level), {@code MapWork}'s linked map of partitions.
 */
public final class Hive3Line implements HiveLine {
    @Override
    public String name() {
        return "Hive 3 (" + HiveVersionInfo.getVersion() + ")";
    }

    /**
     * As on Hive 4: only a driver that is executing or executed when asked is captured, so that the state of an
     * earlier query that this pooled thread ran never cancels a later read; a thread that runs no driver has a fresh
     * (initialized) state, which is never captured.
     */
    @Override
    public QueryCancellation currentQuery() {
        Driver.LockedDriverState state = Driver.LockedDriverState.getLockedDriverState();
        state.stateLock.lock();
        try {
            String phase = phase(state);
            boolean running = (phase.equals("EXECUTING") || phase.equals("EXECUTED")) && !state.isAborted();
            return running ? () -> cancelled(state) : QueryCancellation.NONE;
        } finally {
            state.stateLock.unlock();
        }
    }

    private static boolean cancelled(Driver.LockedDriverState state) {
        // the lock makes the closing thread's state change visible (the state field is not volatile)
        state.stateLock.lock();
        try {
            String phase = phase(state);
            return state.isAborted() || phase.equals("CLOSED") || phase.equals("DESTROYED");
        } finally {
            state.stateLock.unlock();
        }
    }

    /** The driver's phase by name: Hive 3's {@code Driver.DriverState} enum is package-private. */
    private static String phase(Driver.LockedDriverState state) {
        Object phase = state.driverState;
        return String.valueOf(phase);
    }

    @Override
    public void printSessionWarning(String message) {
        if (SessionState.get() != null) {
            SessionState.getConsole().printInfo(message);
        }
    }

    @Override
    public Map<Path, PartitionDesc> pathToPartitionInfo(MapWork work) {
        return work.getPathToPartitionInfo();
    }
}
