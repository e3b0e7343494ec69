package io.hivenosql.api.hive;

import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;

/**
 * Sets the columns a task reads as Hive's planner does, through what every Hive line has (Hive 4's five-argument
 * {@code appendReadColumns} and Hive 3's four-argument one have no common form).
 */
public final class TestingProjections {
    private TestingProjections() {}

    /** Reads only these columns: their ids, and their names in the same order. */
    public static void readOnly(Configuration conf, List<Integer> ids, List<String> names) {
        ColumnProjectionUtils.appendReadColumns(conf, ids);
        conf.set(ColumnProjectionUtils.READ_COLUMN_NAMES_CONF_STR, String.join(",", names));
    }
}
