package io.hivenosql.api.config;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.enumOf;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

/** Properties every handler shares; their keys start with {@code nosql.}. */
public enum NoSqlTableProperties implements TableProperty {
    MAPPING_URL(
            "nosql.mapping.url",
            nonEmptyString(),
            null,
            "External mapping file: a JSON mapping or an Avro .avsc record schema, on HDFS (hdfs:), on HiveServer2's "
                    + "local file system (file: or a plain path, only under the directories of its "
                    + "hivenosql.mapping.file.roots setting) or on its classpath (classpath:, .json and .avsc only); "
                    + "the session user must be able to read it. With it the DDL may omit the column list."),
    BAD_RECORD_POLICY(
            "nosql.bad-record.policy",
            enumOf(BadRecordPolicy.class),
            "fail",
            "What to do with a stored value that does not convert to its column type: fail the query, "
                    + "read the field as NULL, or skip the record."),
    READ_VECTORIZED(
            "nosql.read.vectorized",
            bool(),
            "true",
            "In a vectorized Hive task, fill Hive's column batches straight from the store's values (true), or have "
                    + "Hive deserialize the table's rows into batches as for any other SerDe (false: the input format "
                    + "becomes the store's row-only one, shown by DESCRIBE FORMATTED). Fetch tasks read rows either way."),
    READ_AHEAD_BATCHES(
            "nosql.read.vectorized.read-ahead",
            PropertyType.integer(0, 64),
            "2",
            "In a vectorized Hive task, how many column batches of 1,024 rows a thread of the reader fills ahead of "
                    + "the task, reading and decoding the store's records while Hive's operators work on the batch "
                    + "before (one more core per task while it scans). 0 fills each batch on the task's thread when "
                    + "the task asks for it."),
    CREDENTIALS_PROVIDER(
            "nosql.credentials.provider",
            nonEmptyString(),
            null,
            "Hadoop credential provider path holding the store's password and its binding (e.g. "
                    + "jceks://hdfs/user/hive/nosql.jceks), used only when the session user may read it; defaults to "
                    + "hadoop.security.credential.provider.path of the Hive configuration."),
    RUNTIME_KEYS_MAX(
            "nosql.read.runtime-keys.max",
            PropertyType.custom("auto, or an integer in [0, " + RuntimeKeysMax.CEILING + "]", RuntimeKeysMax::parse),
            "auto",
            "Runtime join-key pushdown (Tez): the most join keys of a filtered table that a scan of this table reads "
                    + "as keyed reads (Cassandra partitions, MongoDB $in, Redis key lookups) when the table is "
                    + "joined on its key; with more keys the table is scanned and Hive joins as usual. auto weighs "
                    + "the keys against the table's estimated rows (what a key read costs the store in rows of a "
                    + "scan; 1,000 keys when the store cannot estimate its rows). 0 turns it off (no pruning event is "
                    + "planned)."),
    SCHEMA_SAMPLE_SIZE(
            "nosql.schema.sample-size",
            PropertyType.integer(1, 100_000),
            "1000",
            "A table created with neither a column list nor a mapping file takes its columns from the store: the "
                    + "CQL table's own columns (Cassandra), or a sample of this many documents (MongoDB) or keys "
                    + "(Redis) whose fields and value types decide the columns."),
    SCHEMA_SAMPLE_SECONDS(
            "nosql.schema.sample-seconds",
            PropertyType.integer(1, 600),
            "30",
            "The longest a sample for nosql.schema.sample-size may read; the columns are inferred from what was read "
                    + "by then, and nosql.schema.inferred says how much that was."),
    SCHEMA_INFERRED(
            "nosql.schema.inferred",
            nonEmptyString(),
            null,
            "Written by the handler on a table whose columns it inferred at CREATE: when, and from what (e.g. 1,000 "
                    + "of about 52,000 documents by $sample). Informational; DESCRIBE FORMATTED and SHOW CREATE TABLE "
                    + "show it."),
    SCHEMA_NOTES(
            "nosql.schema.notes",
            nonEmptyString(),
            null,
            "Written by the handler with nosql.schema.inferred: each column whose type inference widened (int and "
                    + "double seen: double) or gave up on (mixed types: string holding the value's JSON text). "
                    + "Informational.");

    private final PropertySpec spec;

    /** The table's {@code nosql.read.runtime-keys.max}, its default ({@code auto}) when the table has none. */
    public static RuntimeKeysMax runtimeKeysMax(TableConfig config) {
        RuntimeKeysMax max = config.get(RUNTIME_KEYS_MAX);
        return max == null ? RuntimeKeysMax.AUTO : max;
    }

    NoSqlTableProperties(String key, PropertyType<?> type, String defaultValue, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, false, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
