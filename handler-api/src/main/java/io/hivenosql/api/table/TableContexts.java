package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.mapping.MappingResolver;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableModel;
import io.hivenosql.api.tls.TlsContexts;
import io.hivenosql.api.types.UnsupportedTypeException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeMap;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.metastore.api.hive_metastoreConstants;
import org.apache.hadoop.hive.serde.serdeConstants;

/**
 * Builds a {@link TableContext} for a connector from what Hive hands over: table properties (CREATE, SerDe, statistics,
 * writers) or a job configuration (tasks). The handler resolves the mapping once, when it configures the job, and
 * ships it in {@value #MAPPING_KEY} together with the table's own properties, so that tasks read neither mapping files
 * nor properties of other tables that share their configuration.
 */
public final class TableContexts {
    /** Keys the handler itself sets; never taken from TBLPROPERTIES. */
    public static final String INTERNAL_PREFIX = "nosql.internal.";
    /** The resolved, bound mapping ({@link MappingResolver#toJson}). */
    public static final String MAPPING_KEY = INTERNAL_PREFIX + "mapping";
    /** The qualified table name, e.g. {@code default.person}. */
    public static final String TABLE_KEY = INTERNAL_PREFIX + "table";
    /** The table's own {@code <store>.*} and {@code nosql.*} properties as a JSON object. */
    public static final String PROPERTIES_KEY = INTERNAL_PREFIX + "properties";
    /** The credential provider path HiveServer2 checked for the table, which its tasks ask. */
    public static final String PROVIDERS_KEY = INTERNAL_PREFIX + "credential.providers";

    private static final ObjectMapper JSON = new ObjectMapper();

    private TableContexts() {}

    /** The validated context of a table from its properties; resolves the mapping (reads the mapping file). */
    public static TableContext fromTableProperties(TableModel connector, Properties properties, Configuration conf) {
        Map<String, String> map = toMap(properties);
        String tableName = map.get(hive_metastoreConstants.META_TABLE_NAME);
        if (tableName == null || tableName.isBlank()) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR, "Hive passed table properties without the table name ('name')");
        }
        List<HiveColumn> columns;
        try {
            columns = HiveColumn.fromHiveProperties(
                    map.get(serdeConstants.LIST_COLUMNS), map.get(serdeConstants.LIST_COLUMN_TYPES));
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    e instanceof UnsupportedTypeException
                            ? HandlerErrorCode.UNSUPPORTED_TYPE
                            : HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": " + e.getMessage());
        }
        return create(connector, tableName, map, columns, conf);
    }

    /**
     * As {@link #fromTableProperties}, but takes the mapping and properties the handler put into the job configuration
     * when they belong to the same table (tasks), so that a mapping file need not be readable there.
     */
    public static TableContext forTask(TableModel connector, Properties properties, Configuration conf) {
        String tableName = properties.getProperty(hive_metastoreConstants.META_TABLE_NAME);
        if (conf != null
                && tableName != null
                && tableName.equals(conf.get(TABLE_KEY))
                && conf.get(MAPPING_KEY) != null) {
            return fromJobConf(connector, conf);
        }
        return fromTableProperties(connector, properties, conf);
    }

    /** The context of the table a task works on, from the job properties the handler configured. */
    public static TableContext fromJobConf(TableModel connector, Configuration conf) {
        String tableName = conf.get(TABLE_KEY);
        String mapping = conf.get(MAPPING_KEY);
        if (tableName == null || mapping == null) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "the job configuration lacks " + TABLE_KEY + " / " + MAPPING_KEY + ", which "
                            + connector.getClass().getSimpleName() + "'s storage handler sets: is the table defined "
                            + "with STORED BY and the handler jar added to Hive (hive.aux.jars.path or ADD JAR)?");
        }
        String properties = conf.get(PROPERTIES_KEY);
        TableHandle handle = BoundTables.shared().get(connector, tableName, mapping, properties, () -> {
            TableConfig config = validate(connector, tableName, propertiesFromJobConf(connector, conf));
            return connector.bind(config, MappingResolver.fromJson(mapping));
        });
        String providers = conf.get(PROVIDERS_KEY);
        HadoopSecretResolver secrets = providers == null
                ? HadoopSecretResolver.forTable(conf, handle.config())
                : HadoopSecretResolver.of(conf, providers);
        return new TableContext(handle, secrets, TaskAttempts.of(conf), new HadoopMappingSource(conf));
    }

    /**
     * The job properties that let tasks open the table: its own properties, plus the resolved mapping and name. The
     * table's handle is kept under exactly that text (see {@link BoundTables}), so that the split planning of the query
     * in this JVM ({@code getSplits} in HiveServer2) takes this handle instead of binding the table again.
     */
    public static Map<String, String> jobProperties(TableModel connector, TableContext table) {
        return jobProperties(connector, table, Map.of());
    }

    /**
     * {@link #jobProperties(TableModel, TableContext)}, with some of the table's properties replaced for the tasks of
     * this query only; the tasks then bind the table themselves (the handle bound here has the table's own properties).
     */
    public static Map<String, String> jobProperties(
            TableModel connector, TableContext table, Map<String, String> overrides) {
        Map<String, String> owned =
                new LinkedHashMap<>(ownedProperties(connector, table.config().rawProperties()));
        owned.putAll(overrides);
        Map<String, String> result = new LinkedHashMap<>(owned);
        String mapping = MappingResolver.toJson(table.mapping());
        String properties = serializedProperties(owned);
        result.put(TABLE_KEY, table.tableName());
        result.put(MAPPING_KEY, mapping);
        if (table.secrets() instanceof HadoopSecretResolver resolver) {
            // always set, so that a table never takes the providers another table of the same job left in the conf
            result.put(PROVIDERS_KEY, resolver.providerPath());
        }
        result.put(PROPERTIES_KEY, properties);
        if (overrides.isEmpty()) {
            BoundTables.shared().get(connector, table.tableName(), mapping, properties, table::handle);
        }
        return result;
    }

    private static String serializedProperties(Map<String, String> owned) {
        try {
            return JSON.writeValueAsString(new TreeMap<>(owned));
        } catch (JsonProcessingException e) {
            throw new HandlerException(HandlerErrorCode.INTERNAL_ERROR, "cannot serialize the table properties", e);
        }
    }

    /**
     * Validates, resolves and binds. {@code properties} are all of the table's properties; {@code nosql.internal.*}
     * keys among them are ignored (the metastore hook rejects them at CREATE).
     */
    public static TableContext create(
            TableModel connector,
            String tableName,
            Map<String, String> properties,
            List<HiveColumn> ddlColumns,
            Configuration conf) {
        requireNonNull(connector, "connector is null");
        Configuration effective = conf == null ? new Configuration() : conf;
        Map<String, String> own = withoutInternal(properties);
        Map<String, String> external = connector
                .tlsProperties()
                .map(tls -> tls.withServerDefaults(own, effective::get))
                .orElse(own);
        TableConfig config = validate(connector, tableName, external);
        HadoopSecretResolver secrets = HadoopSecretResolver.forTable(effective, config);
        HadoopMappingSource files = new HadoopMappingSource(effective);
        TableMapping mapping = InferredSchemas.applies(connector, ddlColumns, external)
                ? InferredSchemas.shared()
                        .infer((NoSqlConnector) connector, config, secrets, files, ownedProperties(connector, external))
                        .mapping()
                : MappingResolver.resolve(tableName, ddlColumns, external, connector.columnsMappingProperty(), files);
        return new TableContext(bindShared(connector, config, mapping), secrets, TaskAttempts.of(conf), files);
    }

    /**
     * The handle of a table opened from its properties: the one this JVM already bound from the same mapping and
     * properties (see {@link BoundTables}), looked up by value, so that HiveServer2's planning calls share one handle
     * (and, e.g., one check of a Cassandra table's live schema) without serializing the table on every call.
     */
    private static TableHandle bindShared(TableModel connector, TableConfig config, TableMapping mapping) {
        return BoundTables.shared()
                .get(
                        connector,
                        config.tableName(),
                        mapping,
                        ownedProperties(connector, config.rawProperties()),
                        () -> connector.bind(config, mapping));
    }

    /**
     * The properties the metastore hook records on a new table whose columns were inferred from the store (see
     * {@link InferredSchemas#recordedProperties}); empty for any other table.
     */
    public static Map<String, String> inferenceRecord(
            TableModel connector, String tableName, Map<String, String> properties, List<HiveColumn> columns) {
        return InferredSchemas.shared()
                .recordedProperties(
                        tableName,
                        ownedProperties(connector, withoutInternal(properties)),
                        columns,
                        connector.columnsMappingProperty());
    }

    /**
     * Checks the table's stored secret, if it uses one: the alias exists and its binding admits every host the table
     * names (see {@link io.hivenosql.api.spi.SecretResolver#requireBound}); and its TLS material, if it connects with
     * TLS: the session user may read the files, the providers hold their passwords' aliases and the stores open
     * ({@link TlsContexts#create}). Called at CREATE, ALTER and query compile time in HiveServer2; secrets are cleared
     * at once.
     */
    public static void checkSecret(TableModel connector, TableContext table) {
        connector.secretUse(table.config()).ifPresent(use -> table.secrets()
                .requireBound(table.tableName(), use)
                .clear());
        // the TLS material too: its files readable by the session user, its passwords' aliases held, its stores opened
        connector
                .tlsSettings(table.config())
                .ifPresent(settings -> TlsContexts.create(settings, table.files(), table.secrets()));
    }

    /**
     * Validates the table's properties. A property that holds a password in plain text is never accepted, wherever a
     * table is opened (the SerDe sees a new table before the metastore hook does); its value is never echoed.
     */
    public static TableConfig validate(TableModel connector, String tableName, Map<String, String> properties) {
        List<String> secrets = properties.keySet().stream()
                .filter(TableContexts::isPlainSecret)
                .sorted()
                .toList();
        if (secrets.isEmpty()) {
            return TableConfig.validate(tableName, properties, declared(connector), ownedPrefixes(connector));
        }
        Map<String, String> others = new LinkedHashMap<>(properties);
        secrets.forEach(others::remove);
        List<String> problems = new ArrayList<>();
        secrets.forEach(key -> problems.add(plainSecret(connector, key)));
        try {
            TableConfig.validate(tableName, others, declared(connector), ownedPrefixes(connector));
        } catch (HandlerException e) {
            problems.add(e.detail());
        }
        throw new HandlerException(
                HandlerErrorCode.PLAINTEXT_SECRET,
                "table " + tableName + " cannot be used:\n  - " + String.join("\n  - ", problems));
    }

    private static boolean isPlainSecret(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return lower.contains("password") && !lower.endsWith(".alias");
    }

    private static String plainSecret(TableModel connector, String key) {
        // a TLS store's password (<store>.ssl.keystore.password) has an alias property of its own
        String aliasKey = declared(connector).stream()
                .map(TableProperty::key)
                .filter(declaredKey -> declaredKey.equalsIgnoreCase(key + ".alias"))
                .findFirst()
                .orElse(connector.storeName() + ".password.alias");
        return "property '" + key + "' holds a plain-text secret, which every user who can DESCRIBE the table could "
                + "read. Store the password in a Hadoop credential provider instead: run 'hadoop credential create "
                + "<alias> -provider jceks://hdfs/user/hive/nosql.jceks', then set '" + aliasKey + "'='<alias>'"
                + " and 'nosql.credentials.provider'='jceks://hdfs/user/hive/nosql.jceks' and remove '" + key + "'";
    }

    /** The connector's table properties and the shared {@code nosql.*} ones. */
    public static List<TableProperty> declared(TableModel connector) {
        List<TableProperty> declared = new ArrayList<>(connector.tableProperties());
        declared.addAll(List.of(NoSqlTableProperties.values()));
        return declared;
    }

    /** {@code <store>.} and {@code nosql.}: the key prefixes whose unknown keys are errors. */
    public static Set<String> ownedPrefixes(TableModel connector) {
        return Set.of(connector.storeName() + ".", "nosql.");
    }

    /** The keys with an owned prefix, without {@code nosql.internal.*}. */
    public static Map<String, String> ownedProperties(TableModel connector, Map<String, String> properties) {
        Set<String> prefixes = ownedPrefixes(connector);
        Map<String, String> result = new LinkedHashMap<>();
        properties.forEach((key, value) -> {
            if (!key.startsWith(INTERNAL_PREFIX) && prefixes.stream().anyMatch(key::startsWith)) {
                result.put(key, value);
            }
        });
        return result;
    }

    static Map<String, String> toMap(Properties properties) {
        Map<String, String> map = new LinkedHashMap<>();
        for (String key : properties.stringPropertyNames()) {
            map.put(key, properties.getProperty(key));
        }
        return map;
    }

    private static Map<String, String> withoutInternal(Map<String, String> properties) {
        Map<String, String> result = new LinkedHashMap<>();
        properties.forEach((key, value) -> {
            if (!key.startsWith(INTERNAL_PREFIX)) {
                result.put(key, value);
            }
        });
        return result;
    }

    private static Map<String, String> propertiesFromJobConf(TableModel connector, Configuration conf) {
        String serialized = conf.get(PROPERTIES_KEY);
        if (serialized != null) {
            try {
                return JSON.readValue(serialized, new TypeReference<LinkedHashMap<String, String>>() {});
            } catch (JsonProcessingException e) {
                throw new HandlerException(
                        HandlerErrorCode.INTERNAL_ERROR,
                        "the table properties in the job configuration (" + PROPERTIES_KEY + ") are corrupt",
                        e);
            }
        }
        Map<String, String> all = new LinkedHashMap<>();
        for (Map.Entry<String, String> entry : conf) {
            all.put(entry.getKey(), entry.getValue());
        }
        return ownedProperties(connector, all);
    }
}
