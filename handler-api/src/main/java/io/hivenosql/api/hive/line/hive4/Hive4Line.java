package io.hivenosql.api.hive.line.hive4;

import io.hivenosql.api.hive.line.HiveLine;
import io.hivenosql.api.hive.line.QueryCancellation;
import java.util.Map;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.DriverState;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.session.SessionState;
import org.apache.hive.common.util.HiveVersionInfo;

/** Hive 4.0 and later: {@link DriverState}, the console's warnings, {@code MapWork}'s map of partitions. */
public final class Hive4Line implements HiveLine {
    @Override
    public String name() {
        return "Hive 4 (" + HiveVersionInfo.getVersion() + ")";
    }

    /**
     * Only a state that is executing or executed when asked is captured, so that the state of an earlier query that
     * this pooled thread ran (closed since) never cancels a later read. A thread that runs no driver has a fresh
     * state, which is never captured.
     */
    @Override
    public QueryCancellation currentQuery() {
        DriverState state = DriverState.getDriverState();
        state.lock();
        try {
            boolean running = (state.isExecuting() || state.isExecuted()) && !state.isAborted();
            return running ? () -> cancelled(state) : QueryCancellation.NONE;
        } finally {
            state.unlock();
        }
    }

    private static boolean cancelled(DriverState state) {
        // the lock makes the closing thread's state change visible (DriverState's field is not volatile)
        state.lock();
        try {
            return state.isAborted() || state.isClosed() || state.isDestroyed();
        } finally {
            state.unlock();
        }
    }

    @Override
    public void printSessionWarning(String message) {
        if (SessionState.get() != null) {
            // logs under the "SessionState" logger, which the operation log shows at every level but NONE
            SessionState.getConsole().printWarn(message);
        }
    }

    @Override
    public Map<Path, PartitionDesc> pathToPartitionInfo(MapWork work) {
        return work.getPathToPartitionInfo();
    }
}
