package io.hivenosql.api.hive;

import io.hivenosql.api.spi.TaskAttempt;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * The {@link TaskAttempt} of a task's configuration: Hive's Tez processor and Tez's MapReduce inputs set
 * {@code mapreduce.task.attempt.id} ({@code attempt_<cluster>_<job>_m_<task>_<attempt>}), as MapReduce does; the
 * number of attempts is Tez's {@code tez.am.task.max.failed.attempts} (MapReduce's {@code mapreduce.map.maxattempts}
 * / {@code mapreduce.reduce.maxattempts}), 4 by default in both.
 */
public final class TaskAttempts {
    static final String ATTEMPT_ID = "mapreduce.task.attempt.id";
    static final String LEGACY_ATTEMPT_ID = "mapred.task.id";
    static final String TEZ_MAX_ATTEMPTS = "tez.am.task.max.failed.attempts";
    static final String MAP_MAX_ATTEMPTS = "mapreduce.map.maxattempts";
    static final String REDUCE_MAX_ATTEMPTS = "mapreduce.reduce.maxattempts";
    static final int DEFAULT_MAX_ATTEMPTS = 4;

    private TaskAttempts() {}

    /** The attempt the configuration belongs to; {@link TaskAttempt#NONE} when it names none (or nothing parsable). */
    public static TaskAttempt of(Configuration conf) {
        if (conf == null) {
            return TaskAttempt.NONE;
        }
        String id = conf.get(ATTEMPT_ID, conf.get(LEGACY_ATTEMPT_ID));
        if (id == null || id.isBlank()) {
            return TaskAttempt.NONE;
        }
        TaskAttemptID parsed;
        try {
            parsed = TaskAttemptID.forName(id.trim());
        } catch (IllegalArgumentException e) {
            return TaskAttempt.NONE;
        }
        if (parsed == null || parsed.getId() < 0) {
            return TaskAttempt.NONE;
        }
        String engineKey = parsed.getTaskType() == TaskType.REDUCE ? REDUCE_MAX_ATTEMPTS : MAP_MAX_ATTEMPTS;
        int max = conf.getInt(TEZ_MAX_ATTEMPTS, conf.getInt(engineKey, DEFAULT_MAX_ATTEMPTS));
        return new TaskAttempt(parsed.getId(), Math.max(max, parsed.getId() + 1));
    }
}
