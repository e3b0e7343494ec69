package io.hivenosql.json;

import io.hivenosql.api.hive.FileTables;
import java.io.IOException;
import java.util.List;
import java.util.Properties;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat;
import org.apache.hadoop.mapred.JobConf;

/**
 * Finds the JSON table a file belongs to, for {@link JsonInputFormat}'s reader: in the query plan of Tez and MapReduce
 * tasks, or registered by {@link JsonSerDe} in the job configuration of fetch tasks ({@link FileTables}). Keeps the
 * {@code json.*} and {@code nosql.*} properties.
 */
final class JsonFileTables {
    private static final FileTables TABLES = new FileTables(
            "JSON",
            List.of("json.", "nosql."),
            JsonSerDe.class.getName(),
            JsonInputFormat.class.getName(),
            HiveIgnoreKeyTextOutputFormat.class.getName()); // named beside JsonInputFormat in the DDL

    private JsonFileTables() {}

    /** Remembers the table's properties in {@code conf} when it is a JobConf (fetch tasks read them back). */
    static void register(Configuration conf, Properties properties) {
        TABLES.register(conf, properties);
    }

    /**
     * The properties of the table (or partition) that holds {@code file}.
     *
     * @throws IOException when neither the plan nor a registration names it
     */
    static Properties find(JobConf job, Path file) throws IOException {
        return TABLES.find(job, file);
    }
}
