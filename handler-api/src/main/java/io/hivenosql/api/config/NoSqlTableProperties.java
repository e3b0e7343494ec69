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
    CREDENTIALS_PROVIDER(
            "nosql.credentials.provider",
            nonEmptyString(),
            null,
            "Hadoop credential provider path holding the store's password and its binding (e.g. "
                    + "jceks://hdfs/user/hive/nosql.jceks), used only when the session user may read it; defaults to "
                    + "hadoop.security.credential.provider.path of the Hive configuration.");

    private final PropertySpec spec;

    NoSqlTableProperties(String key, PropertyType<?> type, String defaultValue, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, false, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
