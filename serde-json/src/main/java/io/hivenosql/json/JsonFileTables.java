package io.hivenosql.json;

import java.util.Properties;
import org.apache.hadoop.conf.Configuration;

/** STUB (owned by the JsonInputFormat helper): registers the table's properties for the reader. */
final class JsonFileTables {
    private JsonFileTables() {}

    static void register(Configuration conf, Properties properties) {}
}
