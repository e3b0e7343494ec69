package io.hivenosql.api.file;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.hive.line.HiveLines;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.util.Collection;
import java.util.List;
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
 * Finds the table a file belongs to, for the record readers of file SerDes (BSON dump files, JSON lines). Hive hands
 * an input format the split and the job configuration, not the table, yet such a reader needs the table's columns,
 * mapping and bad-record policy (it converts, so that {@code 'nosql.bad-record.policy'='skip'} can drop a record: a
 * SerDe cannot drop rows). Two sources, tried in this order:
 *
 * <ol>
 *   <li>In Tez and MapReduce tasks: the query plan ({@code hive.exec.plan}), whose partition descriptions map the
 *       table's and partitions' directories to their properties, as Hive's own input formats look them up (a
 *       partition's properties over its table's).
 *   <li>Where no plan exists (HiveServer2's fetch tasks for simple SELECTs): the SerDe {@linkplain #register registers}
 *       the table's properties in the {@link JobConf} it is initialized with, which is the one the fetch task then
 *       passes to the input format. Registrations are keyed by the table's (or partition's) location; a file takes the
 *       deepest one above it. Only JobConfs are written to, never a session's HiveConf.
 * </ol>
 *
 * <p>One instance per file format, shared by its SerDe and input format, e.g.
 * {@code new FileTables("JSON", List.of("json.", "nosql."), JsonSerDe.class.getName(), ...)}. Immutable and
 * thread-safe.
 */
public final class FileTables {
    private static final Logger LOG = LoggerFactory.getLogger(FileTables.class);
    private static final ObjectMapper JSON = new ObjectMapper();

    private final String format;
    private final String registeredPrefix;
    private final List<String> keptPrefixes;
    private final String serDeClass;
    private final String inputFormatClass;
    private final String outputFormatClass;

    /**
     * @param format the files' format as messages name it ({@code BSON}, {@code JSON}); lower-cased, it also names the
     *     registrations ({@code nosql.internal.<format>.table.<location>})
     * @param keptPrefixes the property key prefixes a registration keeps, e.g. {@code mongo.} and {@code nosql.}
     *     (compared regardless of case; {@code nosql.internal.*} keys are never kept); Hive's table name, location,
     *     column names and types are always kept
     * @param serDeClass the SerDe the tables are declared with, for the message when no table owns a file
     * @param inputFormatClass the input format that reads the files, for that message
     * @param outputFormatClass the output format the DDL names beside it, for that message
     */
    public FileTables(
            String format,
            Collection<String> keptPrefixes,
            String serDeClass,
            String inputFormatClass,
            String outputFormatClass) {
        this.format = requireNonEmpty(format, "format");
        this.registeredPrefix = TableContexts.INTERNAL_PREFIX + format.toLowerCase(Locale.ROOT) + ".table.";
        this.keptPrefixes = requireNonNull(keptPrefixes, "keptPrefixes is null").stream()
                .map(prefix -> requireNonEmpty(prefix, "a kept prefix").toLowerCase(Locale.ROOT))
                .toList();
        if (this.keptPrefixes.isEmpty()) {
            throw new IllegalArgumentException("keptPrefixes is empty");
        }
        this.serDeClass = requireNonEmpty(serDeClass, "serDeClass");
        this.inputFormatClass = requireNonEmpty(inputFormatClass, "inputFormatClass");
        this.outputFormatClass = requireNonEmpty(outputFormatClass, "outputFormatClass");
    }

    private static String requireNonEmpty(String value, String name) {
        requireNonNull(value, name + " is null");
        if (value.isEmpty()) {
            throw new IllegalArgumentException(name + " is empty");
        }
        return value;
    }

    /** The files' format as messages name it, e.g. {@code BSON}. */
    public String format() {
        return format;
    }

    /** The key prefix of the registrations: this + a location's path -> the table's properties as a JSON object. */
    public String registeredPrefix() {
        return registeredPrefix;
    }

    /**
     * Remembers the table's properties in {@code conf} when it is a {@link JobConf} (see the class comment): those
     * with a kept prefix and Hive's name, columns and location. Call it from the SerDe's {@code initialize}.
     */
    public void register(Configuration conf, Properties properties) {
        requireNonNull(properties, "properties is null");
        if (!(conf instanceof JobConf)) {
            return;
        }
        String location = properties.getProperty(hive_metastoreConstants.META_TABLE_LOCATION);
        String key = registeredPrefix + (location == null ? "" : pathOf(location));
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
                    "cannot serialize the properties of " + format + " table "
                            + properties.getProperty(hive_metastoreConstants.META_TABLE_NAME),
                    e);
        }
    }

    private boolean isKept(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        return keptPrefixes.stream().anyMatch(lower::startsWith) && !lower.startsWith(TableContexts.INTERNAL_PREFIX)
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
    public Properties find(JobConf job, Path file) throws IOException {
        requireNonNull(job, "job is null");
        requireNonNull(file, "file is null");
        Properties fromPlan = fromPlan(job, file);
        if (fromPlan != null) {
            return fromPlan;
        }
        Properties registered = registered(job, file);
        if (registered != null) {
            return registered;
        }
        throw new IOException("cannot tell which table the " + format + " file " + file + " belongs to: "
                + simpleName(inputFormatClass) + " reads the files of Hive tables declared with ROW FORMAT SERDE '"
                + serDeClass + "', and found neither a Hive query plan nor the table's properties in the job "
                + "configuration. Declare the table with that SerDe (and STORED AS INPUTFORMAT '" + inputFormatClass
                + "' OUTPUTFORMAT '" + outputFormatClass + "').");
    }

    private static String simpleName(String className) {
        return className.substring(className.lastIndexOf('.') + 1);
    }

    private static Properties fromPlan(JobConf job, Path file) {
        String plan = HiveConf.getVar(job, HiveConf.ConfVars.PLAN);
        if (plan == null || plan.isEmpty()) {
            return null;
        }
        try {
            MapWork work = Utilities.getMapWork(job);
            Map<Path, PartitionDesc> partitions =
                    work == null ? null : HiveLines.current().pathToPartitionInfo(work);
            if (partitions == null) {
                return null;
            }
            PartitionDesc partition = HiveFileFormatUtils.getFromPathRecursively(partitions, file, null);
            return partition == null ? null : properties(partition);
        } catch (IOException | RuntimeException e) {
            // no plan for this file (a stale hive.exec.plan, another vertex): fall back to the registrations
            LOG.debug("no partition of the query plan holds {}: {}", file, e.toString());
            return null;
        }
    }

    /**
     * A partition's properties over its table's: a partition keeps the SerDe properties it was created with, while
     * TBLPROPERTIES such as a columns mapping or {@code nosql.bad-record.policy} are the table's.
     */
    public static Properties properties(PartitionDesc partition) {
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

    private Properties registered(JobConf job, Path file) throws IOException {
        Map<String, String> registrations = job.getPropsWithPrefix(registeredPrefix);
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
                    "the " + format + " table properties registered in the job configuration under " + registeredPrefix
                            + best + " are corrupt: " + e.getOriginalMessage(),
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

    @Override
    public String toString() {
        return "FileTables[" + format + ", " + serDeClass + "]";
    }
}
