package io.hivenosql.bench.failover;

/** The three kinds of request of the failover workload's mix (see {@link RequestMix}). */
public enum RequestType {
    /** One row by its key: {@code SELECT ... WHERE k = ?}, pushed to the store as a key read. */
    LOOKUP("lookup"),
    /** One group's rows: {@code SELECT ... WHERE grp = ?}, a scan of the whole (small) table that Hive filters. */
    SCAN("scan"),
    /** A few new keys: {@code INSERT INTO ... VALUES (...), ...}. */
    INSERT("insert");

    private final String label;

    RequestType(String label) {
        this.label = label;
    }

    /** The name the report and the CSV use. */
    public String label() {
        return label;
    }
}
