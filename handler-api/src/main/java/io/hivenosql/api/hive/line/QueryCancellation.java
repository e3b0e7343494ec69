package io.hivenosql.api.hive.line;

/**
 * Whether HiveServer2 gave up the query whose fetch task a thread reads for, as that Hive line's driver state tells it.
 *
 * <p>Hive runs a fetch task with {@code hive.fetch.task.caching} (the default) on the operation's background thread
 * inside {@code Driver.run}. {@code Statement.cancel()} then closes the driver but neither closes the task's reader nor
 * interrupts the thread, and the read would go on to the end of the table. The driver's state is the one signal left:
 * a reader captures the thread's state when it opens ({@link HiveLine#currentQuery()}) and checks it as it reads.
 */
@FunctionalInterface
public interface QueryCancellation {
    /** A thread that runs no query: never cancelled this way (Tez and MapReduce interrupt a killed task instead). */
    QueryCancellation NONE = () -> false;

    /** True once the driver was aborted, closed or destroyed: the query was cancelled or its operation closed. */
    boolean cancelled();
}
