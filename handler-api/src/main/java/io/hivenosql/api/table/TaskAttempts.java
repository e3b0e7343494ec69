package io.hivenosql.api.table;

import io.hivenosql.api.spi.QueryTask;
import io.hivenosql.api.spi.TaskAttempt;
import java.util.Locale;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.mapred.TaskAttemptID;
import org.apache.hadoop.mapreduce.TaskType;

/**
 * The {@link TaskAttempt} of a task's configuration: Hive's Tez processor and Tez's MapReduce inputs set
 * {@code mapreduce.task.attempt.id} ({@code attempt_<cluster>_<job>_m_<task>_<attempt>}), as MapReduce does; the
 * number of attempts is Tez's {@code tez.am.task.max.failed.attempts} (MapReduce's {@code mapreduce.map.maxattempts}
 * / {@code mapreduce.reduce.maxattempts}), 4 by default in both.
 *
 * <p>In a task of a Hive query on Tez, Hive's Tez processor also sets {@code hive.tez.vertex.index},
 * {@code hive.tez.task.index} and {@code hive.tez.task.attempt.number}, and the query's configuration carries
 * {@code hive.query.id} and {@code hive.execution.engine=tez}: together the {@link QueryTask} of the attempt. The
 * MapReduce-style attempt id alone does not name a task of a DAG: Hive builds it from the application id and the task
 * index, so the first tasks of two vertices (two inputs of a UNION ALL) have the same id.
 */
public final class TaskAttempts {
    static final String ATTEMPT_ID = "mapreduce.task.attempt.id";
    static final String LEGACY_ATTEMPT_ID = "mapred.task.id";
    static final String TEZ_MAX_ATTEMPTS = "tez.am.task.max.failed.attempts";
    static final String MAP_MAX_ATTEMPTS = "mapreduce.map.maxattempts";
    static final String REDUCE_MAX_ATTEMPTS = "mapreduce.reduce.maxattempts";
    static final int DEFAULT_MAX_ATTEMPTS = 4;
    /** Set by HiveServer2 for every query; the same in the query's tasks and in its commit. */
    public static final String QUERY_ID = "hive.query.id";
    /** {@code tez} or {@code mr}; only Hive on Tez commits a non-native table's insert (InsertCommitHook). */
    public static final String ENGINE = "hive.execution.engine";

    static final String VERTEX_INDEX = "hive.tez.vertex.index";
    static final String TASK_INDEX = "hive.tez.task.index";
    static final String TEZ_ATTEMPT_NUMBER = "hive.tez.task.attempt.number";

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
        Optional<QueryTask> task = queryTask(conf);
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
        int number = task.isPresent() ? conf.getInt(TEZ_ATTEMPT_NUMBER, parsed.getId()) : parsed.getId();
        if (number < 0) {
            return TaskAttempt.NONE;
        }
        return new TaskAttempt(number, Math.max(max, number + 1), task);
    }

    /** Whether the configuration runs queries on Tez: only then does HiveServer2 commit a non-native table's insert. */
    public static boolean onTez(Configuration conf) {
        return conf != null && "tez".equals(conf.get(ENGINE, "").trim().toLowerCase(Locale.ROOT));
    }

    /** The query task of a Tez task's configuration, empty unless every key is there and well formed. */
    static Optional<QueryTask> queryTask(Configuration conf) {
        String query = conf.get(QUERY_ID);
        if (!onTez(conf) || query == null || query.isBlank()) {
            return Optional.empty();
        }
        int vertex;
        int task;
        int attempt;
        try {
            vertex = Integer.parseInt(conf.get(VERTEX_INDEX, "-1").trim());
            task = Integer.parseInt(conf.get(TASK_INDEX, "-1").trim());
            attempt = Integer.parseInt(conf.get(TEZ_ATTEMPT_NUMBER, "-1").trim());
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (vertex < 0 || task < 0 || attempt < 0) {
            return Optional.empty();
        }
        return Optional.of(new QueryTask(query.trim(), vertex, task));
    }
}
