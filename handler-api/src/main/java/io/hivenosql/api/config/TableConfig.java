package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The validated, typed view of a table's properties. Built once by {@link #validate}, which reports every violation of
 * the table together; getters then return parsed values without re-parsing.
 */
public final class TableConfig {
    private final String tableName;
    private final Map<String, String> raw;
    private final Map<TableProperty, Object> values;

    private TableConfig(String tableName, Map<String, String> raw, Map<TableProperty, Object> values) {
        this.tableName = tableName;
        this.raw = Collections.unmodifiableMap(new LinkedHashMap<>(raw));
        this.values = Collections.unmodifiableMap(new HashMap<>(values));
    }

    /**
     * Parses the declared properties out of {@code properties}. Keys that start with one of {@code ownedPrefixes}
     * but are not declared are reported as unknown, with the closest declared key as a suggestion.
     *
     * @throws HandlerException listing every violation, one per line
     */
    public static TableConfig validate(
            String tableName,
            Map<String, String> properties,
            List<? extends TableProperty> declared,
            Set<String> ownedPrefixes) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(properties, "properties is null");
        requireNonNull(declared, "declared is null");
        requireNonNull(ownedPrefixes, "ownedPrefixes is null");
        List<String> violations = new ArrayList<>();
        int missing = 0;
        int unknown = 0;
        int secrets = 0;
        Map<TableProperty, Object> values = new HashMap<>();
        Map<String, TableProperty> byKey = new LinkedHashMap<>();
        for (TableProperty property : declared) {
            TableProperty previous = byKey.put(property.key(), property);
            if (previous != null && previous != property) {
                throw new IllegalArgumentException("two declared properties have the key '" + property.key() + "'");
            }
            String value = properties.get(property.key());
            if (value == null) {
                value = property.defaultValue();
            }
            if (value == null) {
                if (property.required()) {
                    violations.add("missing required property '" + property.key() + "' (" + property.doc() + ")");
                    missing++;
                }
                continue;
            }
            try {
                values.put(property, property.type().parse(value));
            } catch (HostUserInfoException e) {
                violations.add("property '" + property.key() + "': " + e.getMessage());
                secrets++;
            } catch (IllegalArgumentException e) {
                violations.add("property '" + property.key() + "': " + e.getMessage());
            }
        }
        List<String> lowerPrefixes = ownedPrefixes.stream()
                .map(prefix -> prefix.toLowerCase(Locale.ROOT))
                .toList();
        for (String key : new TreeSet<>(properties.keySet())) {
            String lowerKey = key.toLowerCase(Locale.ROOT);
            // case-insensitive: 'Redis.Key.Prefix' must not be silently ignored
            if (!byKey.containsKey(key) && lowerPrefixes.stream().anyMatch(lowerKey::startsWith)) {
                String suggestion = Suggestions.closest(key, byKey.keySet())
                        .map(s -> "; did you mean '" + s + "'?")
                        .orElse("; known properties: " + String.join(", ", byKey.keySet()));
                violations.add("unknown property '" + key + "'" + suggestion);
                unknown++;
            }
        }
        if (!violations.isEmpty()) {
            HandlerErrorCode code;
            if (secrets > 0) {
                code = HandlerErrorCode.PLAINTEXT_SECRET;
            } else if (missing == violations.size()) {
                code = HandlerErrorCode.MISSING_TABLE_PROPERTY;
            } else if (unknown == violations.size()) {
                code = HandlerErrorCode.UNKNOWN_TABLE_PROPERTY;
            } else {
                code = HandlerErrorCode.INVALID_TABLE_PROPERTY;
            }
            throw new HandlerException(
                    code,
                    "table " + tableName + " has " + violations.size() + " invalid propert"
                            + (violations.size() == 1 ? "y" : "ies") + ":\n  - " + String.join("\n  - ", violations)
                            + "\nFix them in the table's TBLPROPERTIES.");
        }
        return new TableConfig(tableName, properties, values);
    }

    public String tableName() {
        return tableName;
    }

    /** The parsed value, or the parsed default; {@code null} when the property is unset and has no default. */
    @SuppressWarnings("unchecked")
    public <T> T get(TableProperty property) {
        return (T) values.get(property);
    }

    public <T> Optional<T> getOptional(TableProperty property) {
        return Optional.ofNullable(get(property));
    }

    /** Whether the table set the property itself (as opposed to taking the default). */
    public boolean isSet(TableProperty property) {
        return raw.containsKey(property.key());
    }

    /** A property that no handler declares (e.g. Hive's own {@code external.table.purge}). */
    public Optional<String> raw(String key) {
        return Optional.ofNullable(raw.get(key));
    }

    /** All raw properties the config was built from. */
    public Map<String, String> rawProperties() {
        return raw;
    }
}
