package io.hivenosql.mongo;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.hive.TableContexts;
import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.io.HiveFileFormatUtils;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.mapred.JobConf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Finds the table a BSON file belongs to, for the record reader. Hive hands an input format the split and the job
 * configuration, not the table, yet reading needs the table's columns, mapping and bad-record policy (the reader
 * converts, so that {@code 'nosql.bad-record.policy'='skip'} can drop a document: a SerDe cannot drop rows). Two
 * sources, tried in this order:
 *
 * <ol>
 *   <li>In Tez and MapReduce tasks: the query plan ({@code hive.exec.plan}), whose partition descriptions map the
 *       table's and partitions' directories to their properties, as Hive's own input formats look them up (a
 *       partition's properties over its table's).
 *   <li>Where no plan exists (HiveServer2's fetch tasks for simple SELECTs): {@link BsonSerDe} registers the table's
 *       properties in the {@link JobConf} it is initialized with, which is the one the fetch task then passes to the
 *       input format. Registrations are keyed by the table's (or partition's) location; a file takes the deepest one
 *       above it. Only JobConfs are written to, never a session's HiveConf.
 * </ol>
 */
final class BsonFileTables {
    /** Registrations: this prefix + the location's path -> the table's properties as JSON. */
    static final String REGISTERED_PREFIX = TableContexts.INTERNAL_PREFIX + "bson.table.";

    private static final Logger LOG = LoggerFactory.getLogger(BsonFileTables.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private BsonFileTables() {}

    /**
     * Remembers the table's properties in {@code conf} when it is a {@link JobConf} (see the class comment); the
     * {@code mongo.*} and {@code nosql.*} properties and Hive's name, columns and location are kept.
     */
    static void register(Configuration conf, Properties properties) {
        if (!(conf instanceof JobConf)) {
            return;
        }
        String location = properties.getProperty(hive_metastoreConstants.META_TABLE_LOCATION);
        String key = REGISTERED_PREFIX + (location == null ? "" : pathOf(location));
        Map<String, String> kept = new TreeMap<>();
        for (String name : properties.stringPropertyNames()) {
            if (isKept(name)) {
                kept.put(name, properties.getProperty(name));
            }
        }
        try {
            conf.set(key, JSON.writeValueAsString(kept));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "cannot serialize the properties of BSON table "
                            + properties.getProperty(hive_metastoreConstants.META_TABLE_NAME),
                    e);
        }
    }

    private static boolean isKept(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return (lower.startsWith("mongo.") || lower.startsWith("nosql."))
                        && !lower.startsWith(TableContexts.INTERNAL_PREFIX)
                || name.equals(hive_metastoreConstants.META_TABLE_NAME)
                || name.equals(hive_metastoreConstants.META_TABLE_LOCATION)
                || name.equals(serdeConstants.LIST_COLUMNS)
                || name.equals(serdeConstants.LIST_COLUMN_TYPES);
    }

    /**
     * The properties of the table (or partition) that holds {@code file}.
     *
     * @throws IOException when neither the plan nor a registration names it
     */
    static Properties find(JobConf job, Path file) throws IOException {
        Properties fromPlan = fromPlan(job, file);
        if (fromPlan != null) {
            return fromPlan;
        }
        Properties registered = registered(job, file);
        if (registered != null) {
            return registered;
        }
        throw new IOException("cannot tell which table the BSON file " + file + " belongs to: "
                + BsonFileInputFormat.class.getSimpleName() + " reads the files of Hive tables declared with ROW "
                + "FORMAT SERDE '" + BsonSerDe.class.getName() + "', and found neither a Hive query plan nor the "
                + "table's properties in the job configuration. Declare the table with that SerDe (and STORED AS "
                + "INPUTFORMAT '" + BsonFileInputFormat.class.getName() + "' OUTPUTFORMAT '"
                + BsonFileOutputFormat.class.getName() + "').");
    }

    private static Properties fromPlan(JobConf job, Path file) {
        String plan = HiveConf.getVar(job, HiveConf.ConfVars.PLAN);
        if (plan == null || plan.isEmpty()) {
            return null;
        }
        try {
            MapWork work = Utilities.getMapWork(job);
            if (work == null || work.getPathToPartitionInfo() == null) {
                return null;
            }
            PartitionDesc partition =
                    HiveFileFormatUtils.getFromPathRecursively(work.getPathToPartitionInfo(), file, null);
            return partition == null ? null : properties(partition);
        } catch (IOException | RuntimeException e) {
            // no plan for this file (a stale hive.exec.plan, another vertex): fall back to the registrations
            LOG.debug("no partition of the query plan holds {}: {}", file, e.toString());
            return null;
        }
    }

    /**
     * A partition's properties over its table's: a partition keeps the SerDe properties it was created with, while
     * TBLPROPERTIES such as {@code mongo.columns.mapping} or {@code nosql.bad-record.policy} are the table's.
     */
    static Properties properties(PartitionDesc partition) {
        Properties merged = new Properties();
        if (partition.getTableDesc() != null && partition.getTableDesc().getProperties() != null) {
            copy(partition.getTableDesc().getProperties(), merged);
        }
        if (partition.getProperties() != null) {
            copy(partition.getProperties(), merged);
        }
        return merged;
    }

    private static void copy(Properties from, Properties to) {
        for (String name : from.stringPropertyNames()) {
            to.setProperty(name, from.getProperty(name));
        }
    }

    private static Properties registered(JobConf job, Path file) throws IOException {
        Map<String, String> registrations = job.getPropsWithPrefix(REGISTERED_PREFIX);
        String filePath = pathOf(file.toString());
        String best = null;
        for (String location : registrations.keySet()) {
            if (!location.isEmpty()
                    && isWithin(filePath, location)
                    && (best == null || location.length() > best.length())) {
                best = location;
            }
        }
        if (best == null && registrations.size() == 1) {
            // one table registered, located elsewhere (a partition outside the table's directory): it is the one
            best = registrations.keySet().iterator().next();
        }
        if (best == null) {
            return null;
        }
        try {
            Map<String, String> map =
                    JSON.readValue(registrations.get(best), new TypeReference<TreeMap<String, String>>() {});
            Properties properties = new Properties();
            properties.putAll(map);
            return properties;
        } catch (JsonProcessingException e) {
            throw new IOException(
                    "the BSON table properties registered in the job configuration under " + REGISTERED_PREFIX + best
                            + " are corrupt: " + e.getOriginalMessage(),
                    e);
        }
    }

    /** The path part of a location, without scheme, authority or trailing slash. */
    static String pathOf(String location) {
        String path = new Path(location).toUri().getPath();
        return path.length() > 1 && path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
    }

    private static boolean isWithin(String path, String directory) {
        return path.equals(directory) || path.startsWith(directory.endsWith("/") ? directory : directory + "/");
    }
}
