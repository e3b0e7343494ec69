package io.hivenosql.bench;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * Where a copy of the TPC-H data lives: one Hive database per target, each holding the same eight tables, so every
 * query file runs unchanged against each of them.
 */
public enum Target {
    HDFS_ORC("hdfs-orc", false),
    HDFS_TEXT("hdfs-text", false),
    REDIS("redis", true),
    CASSANDRA("cassandra", true),
    MONGO("mongo", true),
    /**
     * MongoDB tables on FerretDB over PostgreSQL (a MongoDB-compatible server, not mongod), beside {@link #MONGO} in
     * the same run, with the same tables ({@link TargetDdl}). Not in {@link #defaults()}: its loads and scans take
     * many times the test double's, so it runs only when named.
     */
    MONGO_FERRETDB("mongo-ferretdb", true);

    private final String cliName;
    private final boolean store;

    Target(String cliName, boolean store) {
        this.cliName = cliName;
        this.store = store;
    }

    /** The name on the command line and in reports, e.g. {@code hdfs-orc}. */
    public String cliName() {
        return cliName;
    }

    /** The Hive database of this target's tables, e.g. {@code tpch_hdfs_orc}. */
    public String database() {
        return "tpch_" + name().toLowerCase(Locale.ROOT);
    }

    /** Whether the target is a NoSQL store (with a raw driver scan to compare with), not an HDFS table format. */
    public boolean isStore() {
        return store;
    }

    /** The target of a command-line name, case-insensitively. */
    public static Target fromCliName(String name) {
        for (Target target : values()) {
            if (target.cliName.equalsIgnoreCase(name.trim())) {
                return target;
            }
        }
        throw new IllegalArgumentException("Unknown target '" + name + "': use one of " + names());
    }

    /** {@code hdfs-orc, hdfs-text, redis, cassandra, mongo, mongo-ferretdb}. */
    public static String names() {
        return Arrays.stream(values()).map(Target::cliName).collect(Collectors.joining(", "));
    }

    /** The targets of a run that names none: every one but {@link #MONGO_FERRETDB}, which is too slow for it. */
    public static List<Target> defaults() {
        return Arrays.stream(values())
                .filter(target -> target != MONGO_FERRETDB)
                .toList();
    }

    /** Whether the target's tables are MongoDB collections (the test double's, or FerretDB's). */
    public boolean isMongo() {
        return this == MONGO || this == MONGO_FERRETDB;
    }

    /** Every target, the HDFS ones first. */
    public static List<Target> all() {
        return List.of(values());
    }
}
