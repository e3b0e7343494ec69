package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import java.util.Optional;

/**
 * Which attempt of a Hive task opened a table: Tez (and MapReduce) run a failed task again, up to {@code maxAttempts}
 * times, and every attempt talks to the same store. {@link #NONE} outside tasks (HiveServer2, split planning).
 *
 * @param number 0 for the first attempt, 1 for the first retry, ...
 * @param maxAttempts how many attempts the engine makes before it fails the query (Tez's
 *     {@code tez.am.task.max.failed.attempts}, 4 by default)
 * @param task the query and task the attempt belongs to, when it runs in a Hive query on Tez (which commits the
 *     query's writes in HiveServer2 after the DAG succeeded); empty elsewhere
 */
public record TaskAttempt(int number, int maxAttempts, Optional<QueryTask> task) {
    /** Not a task, or a task whose attempt is unknown: waits as a first attempt does. */
    public static final TaskAttempt NONE = new TaskAttempt(0, 1);

    public TaskAttempt {
        if (number < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "attempt number must be >= 0 and maxAttempts >= 1: " + number + ", " + maxAttempts);
        }
        requireNonNull(task, "task is null");
    }

    /** An attempt of a task of no known query. */
    public TaskAttempt(int number, int maxAttempts) {
        this(number, maxAttempts, Optional.empty());
    }

    /** Whether an earlier attempt of the same task failed. */
    public boolean isRetry() {
        return number > 0;
    }
}
