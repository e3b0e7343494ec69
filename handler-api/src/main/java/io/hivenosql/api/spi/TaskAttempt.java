package io.hivenosql.api.spi;

/**
 * Which attempt of a Hive task opened a table: Tez (and MapReduce) run a failed task again, up to {@code maxAttempts}
 * times, and every attempt talks to the same store. {@link #NONE} outside tasks (HiveServer2, split planning).
 *
 * @param number 0 for the first attempt, 1 for the first retry, ...
 * @param maxAttempts how many attempts the engine makes before it fails the query (Tez's
 *     {@code tez.am.task.max.failed.attempts}, 4 by default)
 */
public record TaskAttempt(int number, int maxAttempts) {
    /** Not a task, or a task whose attempt is unknown: waits as a first attempt does. */
    public static final TaskAttempt NONE = new TaskAttempt(0, 1);

    public TaskAttempt {
        if (number < 0 || maxAttempts < 1) {
            throw new IllegalArgumentException(
                    "attempt number must be >= 0 and maxAttempts >= 1: " + number + ", " + maxAttempts);
        }
    }

    /** Whether an earlier attempt of the same task failed. */
    public boolean isRetry() {
        return number > 0;
    }
}
