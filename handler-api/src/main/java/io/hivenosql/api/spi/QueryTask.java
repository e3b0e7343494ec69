package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

/**
 * Which task of which query a task attempt runs, as Hive on Tez tells it: the query id HiveServer2 gave the query
 * ({@code hive.query.id}, also known to HiveServer2 when the query commits) and the task's place in the query's DAG
 * (vertex index, task index within the vertex). Two attempts of one task have the same value; the attempts of two
 * tasks never do.
 */
public record QueryTask(String queryId, int vertex, int task) {
    public QueryTask {
        requireNonNull(queryId, "queryId is null");
        if (queryId.isBlank() || vertex < 0 || task < 0) {
            throw new IllegalArgumentException(
                    "query id must not be blank, vertex and task >= 0: '" + queryId + "', " + vertex + ", " + task);
        }
    }
}
