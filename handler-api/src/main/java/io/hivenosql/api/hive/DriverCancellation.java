package io.hivenosql.api.hive;

import org.apache.hadoop.hive.ql.DriverState;

/**
 * Whether HiveServer2 gave up the query whose fetch task this thread reads for.
 *
 * <p>Hive 4.0.1 runs a fetch task with {@code hive.fetch.task.caching} (the default) on the operation's background
 * thread inside {@code Driver.run}, before the driver records it as its fetch task. {@code Statement.cancel()} then
 * closes the driver (its state becomes CLOSED, then DESTROYED) but neither closes the task's reader nor interrupts the
 * thread, and the read would go on to the end of the table. The driver's state is the one signal left: a reader
 * captures the thread's {@link DriverState} when it opens and checks it as it reads.
 *
 * <p>Only a state that is executing or executed when the reader opens is captured, so that the state of an earlier
 * query that this pooled thread ran (closed since) never cancels a later read. A thread that runs no driver (Tez and
 * MapReduce tasks, whose killed attempts are interrupted instead) has a fresh state, which is never captured.
 */
final class DriverCancellation {
    static final DriverCancellation NONE = new DriverCancellation(null);

    private final DriverState state;

    private DriverCancellation(DriverState state) {
        this.state = state;
    }

    /** The driver state of the query this thread runs, or {@link #NONE} outside HiveServer2's driver. */
    static DriverCancellation ofCurrentThread() {
        DriverState state = DriverState.getDriverState();
        state.lock();
        try {
            boolean running = (state.isExecuting() || state.isExecuted()) && !state.isAborted();
            return running ? new DriverCancellation(state) : NONE;
        } finally {
            state.unlock();
        }
    }

    /** True once the driver was aborted, closed or destroyed: the query was cancelled or its operation closed. */
    boolean cancelled() {
        if (state == null) {
            return false;
        }
        // the lock makes the closing thread's state change visible (DriverState's field is not volatile)
        state.lock();
        try {
            return state.isAborted() || state.isClosed() || state.isDestroyed();
        } finally {
            state.unlock();
        }
    }
}
