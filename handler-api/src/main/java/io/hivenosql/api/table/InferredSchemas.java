package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.spi.TableModel;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Tables created with neither a column list nor a mapping file: the store infers the columns
 * ({@link NoSqlConnector#inferSchema}) when Hive first opens the new table's SerDe, in HiveServer2, and Hive stores
 * them in the metastore; the metastore hook then records how they were found ({@link #recordedProperties}). The
 * inference is kept under the table's name and properties until that hook takes it (at most two minutes), so that the
 * SerDe's several openings and the hook of one CREATE see one sample, the store is sampled once, and the next CREATE of
 * the same table (after a DROP, to see a changed schema) samples again.
 */
public final class InferredSchemas {
    /** The property recording when and from what the columns were inferred. */
    public static final String INFERRED_KEY = NoSqlTableProperties.SCHEMA_INFERRED.key();

    /** The property recording where inference widened a type or gave up on one. */
    public static final String NOTES_KEY = NoSqlTableProperties.SCHEMA_NOTES.key();

    private static final ObjectMapper JSON = new ObjectMapper();
    /** Long enough for one CREATE's openings of the SerDe; the hook takes the entry (a later CREATE samples again). */
    private static final Duration KEEP = Duration.ofMinutes(2);

    private static final int MAX_KEPT = 64;
    private static final InferredSchemas SHARED = new InferredSchemas(Clock.systemUTC());

    private record Kept(InferredSchema schema, Instant at) {}

    private final Clock clock;
    private final Map<String, Kept> kept = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Kept> eldest) {
            return size() > MAX_KEPT;
        }
    };

    InferredSchemas(Clock clock) {
        this.clock = requireNonNull(clock, "clock is null");
    }

    static InferredSchemas shared() {
        return SHARED;
    }

    /**
     * Whether a table's columns come from the store: a store that can infer (a connector, not a file format), no
     * column list, no mapping file and no inline mapping (which renames columns a list must name).
     */
    static boolean applies(TableModel model, List<HiveColumn> ddlColumns, Map<String, String> properties) {
        return model instanceof NoSqlConnector
                && ddlColumns.isEmpty()
                && isBlank(properties.get(NoSqlTableProperties.MAPPING_URL.key()))
                && isBlank(properties.get(model.columnsMappingProperty()));
    }

    /** The table's inferred columns: kept from this CREATE's earlier call, or sampled now. */
    InferredSchema infer(
            NoSqlConnector connector,
            TableConfig config,
            SecretResolver secrets,
            TableFiles files,
            Map<String, String> owned)
            throws HandlerException {
        String key = key(config.tableName(), owned);
        Optional<InferredSchema> recent = recent(key);
        if (recent.isPresent()) {
            return recent.get();
        }
        InferredSchema schema = sample(connector, config, secrets, files);
        synchronized (kept) {
            kept.put(key, new Kept(schema, clock.instant()));
        }
        return schema;
    }

    /**
     * Infers the table's columns now, within its sample budget ({@code nosql.schema.sample-size} and {@code
     * sample-seconds}): the one way both CREATE and {@code bin/hive-nosql map} ask the store.
     */
    public static InferredSchema sample(
            NoSqlConnector connector, TableConfig config, SecretResolver secrets, TableFiles files)
            throws HandlerException {
        SampleBudget budget = new SampleBudget(
                config.get(NoSqlTableProperties.SCHEMA_SAMPLE_SIZE),
                Duration.ofSeconds(config.<Integer>get(NoSqlTableProperties.SCHEMA_SAMPLE_SECONDS)));
        try {
            return connector.inferSchema(config.tableName(), config, secrets, files, budget);
        } catch (IOException e) {
            throw new HandlerException(
                    HandlerErrorCode.STORE_ERROR,
                    "table " + config.tableName() + " has no column list, and inferring its columns from the store "
                            + "failed: " + e.getMessage() + ". List the columns in the DDL, or give a mapping file",
                    e);
        }
    }

    private Optional<InferredSchema> recent(String key) {
        synchronized (kept) {
            Kept entry = kept.get(key);
            if (entry == null || entry.at().plus(KEEP).isBefore(clock.instant())) {
                kept.remove(key);
                return Optional.empty();
            }
            return Optional.of(entry.schema());
        }
    }

    /**
     * The properties the metastore hook adds to a table whose columns this JVM inferred when Hive opened its SerDe,
     * given the columns Hive is about to store: the inline mapping of the columns whose store path is not their name
     * (a camelCase field, say), when and from what they were inferred, and the notes. Empty for any other table, and
     * when Hive's columns are not the inferred ones.
     *
     * @param mappingProperty the store's inline mapping property, e.g. {@code mongo.columns.mapping}
     */
    Map<String, String> recordedProperties(
            String tableName, Map<String, String> owned, List<HiveColumn> columns, String mappingProperty) {
        InferredSchema schema;
        synchronized (kept) {
            String key = key(tableName, owned);
            Optional<InferredSchema> found = recent(key);
            if (found.isEmpty() || !sameColumns(found.get(), columns)) {
                return Map.of();
            }
            kept.remove(key);
            schema = found.get();
        }
        Map<String, String> recorded = new LinkedHashMap<>();
        String renames = renames(schema.mapping().columns());
        if (!renames.isEmpty()) {
            recorded.put(mappingProperty, renames);
        }
        recorded.putAll(schema.properties());
        Instant at = clock.instant().truncatedTo(ChronoUnit.SECONDS);
        recorded.put(INFERRED_KEY, at + ": " + schema.sampled());
        if (!schema.notes().isEmpty()) {
            recorded.put(NOTES_KEY, String.join("; ", schema.notes()));
        }
        return recorded;
    }

    private static boolean sameColumns(InferredSchema schema, List<HiveColumn> columns) {
        List<ColumnMapping> inferred = schema.mapping().columns();
        if (inferred.size() != columns.size()) {
            return false;
        }
        for (int i = 0; i < columns.size(); i++) {
            if (!inferred.get(i).name().equalsIgnoreCase(columns.get(i).name())
                    || !inferred.get(i)
                            .type()
                            .typeName()
                            .equalsIgnoreCase(columns.get(i).type().typeName())) {
                return false;
            }
        }
        return true;
    }

    /** The inline mapping ({@code {"userid":"userId"}}) of the columns whose path is not their name; empty if none. */
    private static String renames(List<ColumnMapping> columns) {
        ObjectNode renames = JSON.createObjectNode();
        for (ColumnMapping column : columns) {
            if (!column.path().equals(column.name())) {
                renames.put(column.name(), column.path());
            }
        }
        return renames.isEmpty() ? "" : renames.toString();
    }

    private static String key(String tableName, Map<String, String> owned) {
        Map<String, String> stable = new TreeMap<>(owned);
        stable.remove(INFERRED_KEY);
        stable.remove(NOTES_KEY);
        return tableName + "\n" + stable;
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
