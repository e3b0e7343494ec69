package io.hivenosql.sandbox.hive;

import java.util.Locale;

/** The execution engine of a {@link LocalHiveServer}: both run their jobs inside the server's JVM. */
public enum HiveEngine {
    /** Tez local mode (the default): a DAG runs in-process, 0.5-1.5 s a query once the first DAG ran. */
    TEZ("tez"),
    /** MapReduce local mode ({@code mapreduce.framework.name=local}): deprecated in Hive 4, slower, still works. */
    MR("mr");

    private final String hiveName;

    HiveEngine(String hiveName) {
        this.hiveName = hiveName;
    }

    /** The value of {@code hive.execution.engine}. */
    public String hiveName() {
        return hiveName;
    }

    /** Parses {@code tez} or {@code mr} (any case). */
    public static HiveEngine fromName(String name) {
        String normalized = name.trim().toLowerCase(Locale.ROOT);
        for (HiveEngine engine : values()) {
            if (engine.hiveName.equals(normalized)) {
                return engine;
            }
        }
        throw new IllegalArgumentException("Unknown Hive engine '" + name + "': use tez or mr");
    }
}
