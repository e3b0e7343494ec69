package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.Suggestions;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.MappingRoles;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.StoreTable;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.tls.TlsSettings;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.json.JsonLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A Redis table as the connector sees it: the validated properties, the key and TTL columns, the stored field of each
 * other column, and the key codec ({@link RedisKeyCodec}). With one key column a row's key is
 * {@code prefix + TextValueCodec.encode(keyType, keyValue)} in UTF-8, byte for byte; with several, the parts are
 * escaped and joined by {@code redis.key.separator}.
 *
 * <p>A hash field is named by the column's path as it is (a dot is just a character). A string value is a JSON object
 * laid out by the JSON SerDe's {@link JsonLayout}: a path {@code a.b} is field {@code b} of the object in field
 * {@code a}, and names match case-insensitively.
 */
final class RedisTable extends StoreTable {
    private final List<HostAndPort> nodes;
    private final byte[] prefix;
    private final String prefixText;
    private final int[] keyColumns;
    private final boolean[] isKey;
    private final RedisKeyCodec keyCodec;
    private final int ttlColumn;
    private final RedisValueType valueType;
    private final RedisSettings settings;
    private final List<Integer> fieldColumns;
    private final byte[][] fieldNames;
    private final JsonLayout jsonLayout;

    private RedisTable(String name, TableConfig config, TableMapping mapping, int[] keyColumns, int ttlColumn) {
        super(config, bound(mapping, keyColumns, ttlColumn));
        this.nodes = config.get(RedisTableProperties.NODES);
        this.prefixText = config.get(RedisTableProperties.KEY_PREFIX);
        this.prefix = prefixText.getBytes(UTF_8);
        this.keyColumns = keyColumns.clone();
        this.isKey = new boolean[mapping.size()];
        for (int column : keyColumns) {
            isKey[column] = true;
        }
        this.keyCodec = new RedisKeyCodec(
                name,
                prefix,
                keyColumns,
                Arrays.stream(keyColumns)
                        .mapToObj(c -> mapping.column(c).type())
                        .toArray(DataType[]::new),
                Arrays.stream(keyColumns)
                        .mapToObj(c -> mapping.column(c).name())
                        .toArray(String[]::new),
                config.get(RedisTableProperties.KEY_SEPARATOR));
        this.ttlColumn = ttlColumn;
        this.valueType = config.get(RedisTableProperties.VALUE_TYPE);
        this.settings = RedisSettings.of(config);
        List<Integer> fields = new ArrayList<>();
        this.fieldNames = new byte[mapping.size()][];
        for (int i = 0; i < mapping.size(); i++) {
            if (!isKey[i] && i != ttlColumn) {
                fields.add(i);
                fieldNames[i] = mapping.column(i).path().getBytes(UTF_8);
            }
        }
        this.fieldColumns = List.copyOf(fields);
        this.jsonLayout = valueType == RedisValueType.STRING
                ? JsonLayout.of(
                        name,
                        mapping,
                        fields.stream().mapToInt(Integer::intValue).toArray(),
                        JsonStyle.CANONICAL,
                        false,
                        RedisTableProperties.COLUMNS_MAPPING.key())
                : null;
    }

    /** The table a connector call works on, as {@link RedisConnector#bind} built it. */
    static RedisTable of(TableContext table) {
        return requireNonNull(table, "table is null").handle(RedisTable.class);
    }

    /**
     * Checks the Redis rules of a table and resolves its key and TTL columns.
     *
     * @throws HandlerException naming the table, property and column on a violation
     */
    static RedisTable resolve(String tableName, TableConfig config, TableMapping mapping) {
        int[] keyColumns = keyColumns(tableName, config, mapping);
        int ttlColumn = -1;
        Optional<String> ttlName = ttlColumnName(tableName, config, mapping);
        if (ttlName.isPresent()) {
            ttlColumn = findColumn(tableName, mapping, RedisTableProperties.TTL_COLUMN, ttlName.get());
            DataType ttlType = mapping.column(ttlColumn).type();
            if (ttlType != PrimitiveType.INT && ttlType != PrimitiveType.BIGINT) {
                throw new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_TYPE,
                        "table " + tableName + ": TTL column '" + ttlName.get() + "' ("
                                + RedisTableProperties.TTL_COLUMN.key() + ") has type " + ttlType.typeName()
                                + "; declare it int or bigint (seconds to live)");
            }
            if (contains(keyColumns, ttlColumn)) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_TABLE_PROPERTY,
                        "table " + tableName + ": column '" + ttlName.get() + "' cannot be both the key column and the "
                                + "TTL column; set " + RedisTableProperties.TTL_COLUMN.key() + " to another column");
            }
        }
        if (config.isSet(RedisTableProperties.USER) && !config.isSet(RedisTableProperties.PASSWORD_ALIAS)) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": " + RedisTableProperties.USER.key() + " is set but "
                            + RedisTableProperties.PASSWORD_ALIAS.key() + " is not; set it to the alias of the user's "
                            + "password in a Hadoop credential provider");
        }
        TlsSettings.requireValid(config, RedisTableProperties.TLS, config.<Boolean>get(RedisTableProperties.SSL));
        RedisTable table = new RedisTable(tableName, config, mapping, keyColumns, ttlColumn);
        table.checkFieldNames();
        return table;
    }

    /**
     * The key columns named by {@code redis.key.column}, else those a mapping file gives the role {@code key} (in the
     * file's order, exactly as if {@code redis.key.column} listed them), else the first column; each once and
     * primitive. A property and a file that name different key columns are refused.
     */
    private static int[] keyColumns(String tableName, TableConfig config, TableMapping mapping) {
        List<String> fileKeys = MappingRoles.names(mapping, ColumnRole.KEY);
        Optional<List<String>> property = config.getOptional(RedisTableProperties.KEY_COLUMN);
        if (property.isPresent() && !fileKeys.isEmpty() && !sameColumns(mapping, property.get(), fileKeys)) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the mapping gives the role key to column(s) "
                            + String.join(", ", fileKeys) + ", but " + RedisTableProperties.KEY_COLUMN.key() + " is '"
                            + String.join(",", property.get()) + "'; the mapping file's key columns mean what "
                            + RedisTableProperties.KEY_COLUMN.key() + " means: make both name the same columns, or "
                            + "set the key in one place only");
        }
        List<String> names =
                property.orElse(fileKeys.isEmpty() ? List.of(mapping.column(0).name()) : fileKeys);
        int[] keyColumns = new int[names.size()];
        for (int i = 0; i < names.size(); i++) {
            int column = findColumn(tableName, mapping, RedisTableProperties.KEY_COLUMN, names.get(i));
            if (contains(Arrays.copyOf(keyColumns, i), column)) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_TABLE_PROPERTY,
                        "table " + tableName + ": " + RedisTableProperties.KEY_COLUMN.key() + " names column '"
                                + mapping.column(column).name() + "' twice; list each key column once");
            }
            DataType keyType = mapping.column(column).type();
            if (!DataTypes.isPrimitive(keyType)) {
                throw new HandlerException(
                        HandlerErrorCode.UNSUPPORTED_TYPE,
                        "table " + tableName + ": key column '"
                                + mapping.column(column).name() + "' has type "
                                + keyType.typeName() + ", but a Redis key needs a primitive type; set "
                                + RedisTableProperties.KEY_COLUMN.key() + " to a column of a primitive type "
                                + "(string, int, bigint, ...)");
            }
            keyColumns[i] = column;
        }
        return keyColumns;
    }

    /**
     * The TTL column: {@code redis.ttl.column}, else the one column a mapping file gives the role {@code ttl}. Two TTL
     * columns, or a property and a file that name different ones, are refused.
     */
    private static Optional<String> ttlColumnName(String tableName, TableConfig config, TableMapping mapping) {
        List<String> fileTtl = MappingRoles.names(mapping, ColumnRole.TTL);
        Optional<String> property = config.getOptional(RedisTableProperties.TTL_COLUMN);
        if (fileTtl.size() > 1) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the mapping gives the role ttl to columns " + String.join(", ", fileTtl)
                            + ", but a row has one time to live; give the role to one column");
        }
        if (property.isPresent() && !fileTtl.isEmpty() && !sameColumns(mapping, List.of(property.get()), fileTtl)) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": the mapping gives the role ttl to column " + fileTtl.get(0) + ", but "
                            + RedisTableProperties.TTL_COLUMN.key() + " is '" + property.get() + "'; make both name "
                            + "the same column, or set the TTL column in one place only");
        }
        return property.isPresent() ? property : fileTtl.stream().findFirst();
    }

    /** Whether two lists of column names name the same columns (in any order). */
    private static boolean sameColumns(TableMapping mapping, List<String> first, List<String> second) {
        return first.stream()
                .map(mapping::indexOf)
                .collect(Collectors.toSet())
                .equals(second.stream().map(mapping::indexOf).collect(Collectors.toSet()));
    }

    private static boolean contains(int[] columns, int column) {
        return Arrays.stream(columns).anyMatch(c -> c == column);
    }

    /**
     * Two columns may not share a hash field. (String values: the {@link JsonLayout} built by the constructor has
     * already refused two columns on one JSON field, and paths that are not dotted field names.)
     */
    private void checkFieldNames() {
        if (valueType != RedisValueType.HASH) {
            return;
        }
        Map<String, String> seen = new HashMap<>();
        for (int column : fieldColumns) {
            String path = mapping().column(column).path();
            String other = seen.put(path, mapping().column(column).name());
            if (other != null) {
                throw new HandlerException(
                        HandlerErrorCode.INVALID_MAPPING,
                        "table " + name() + ": columns '" + other + "' and '"
                                + mapping().column(column).name()
                                + "' are both mapped to hash field '" + path + "'; map each column to its own field in "
                                + RedisTableProperties.COLUMNS_MAPPING.key());
            }
        }
    }

    /** The mapping with roles: KEY for the key columns, TTL for the TTL column, FIELD for the others. */
    private static TableMapping bound(TableMapping mapping, int[] keyColumns, int ttlColumn) {
        List<ColumnMapping> columns = new ArrayList<>();
        for (int i = 0; i < mapping.size(); i++) {
            ColumnRole role =
                    contains(keyColumns, i) ? ColumnRole.KEY : i == ttlColumn ? ColumnRole.TTL : ColumnRole.FIELD;
            columns.add(mapping.column(i).withRole(role));
        }
        return new TableMapping(columns);
    }

    private static int findColumn(
            String tableName, TableMapping mapping, RedisTableProperties property, String columnName) {
        int index = mapping.indexOf(columnName);
        if (index >= 0) {
            return index;
        }
        String suggestion = Suggestions.closest(columnName, mapping.names())
                .map(s -> "did you mean '" + s + "'? ")
                .orElse("");
        throw new HandlerException(
                HandlerErrorCode.COLUMN_NOT_FOUND,
                "table " + tableName + ": " + property.key() + " names column '" + columnName
                        + "', which the table does not have; " + suggestion + "columns are: "
                        + String.join(", ", mapping.names()));
    }

    /** The key of a row with these key-column values (in key order): see {@link RedisKeyCodec}. */
    byte[] key(Object... keyValues) {
        return keyCodec.key(keyValues);
    }

    boolean hasPrefix(byte[] key) {
        return key.length >= prefix.length && Arrays.equals(key, 0, prefix.length, prefix, 0, prefix.length);
    }

    List<HostAndPort> nodes() {
        return nodes;
    }

    /** The key prefix in UTF-8; callers must not modify it. */
    byte[] prefix() {
        return prefix;
    }

    String prefixText() {
        return prefixText;
    }

    /** The key columns' indexes, in key order; callers must not modify the array. */
    int[] keyColumns() {
        return keyColumns;
    }

    boolean isKeyColumn(int column) {
        return isKey[column];
    }

    RedisKeyCodec keyCodec() {
        return keyCodec;
    }

    /** The TTL column's index, or -1. */
    int ttlColumn() {
        return ttlColumn;
    }

    RedisValueType valueType() {
        return valueType;
    }

    /** How the table's clients connect and batch. */
    RedisSettings settings() {
        return settings;
    }

    /** Indexes of the stored columns (neither key nor TTL), in table order. */
    List<Integer> fieldColumns() {
        return fieldColumns;
    }

    /**
     * Where the stored columns live in the JSON object of a string value; null for hash tables. Read-only and shared:
     * each reader and writer makes its own decoder or encoder over it.
     */
    JsonLayout jsonLayout() {
        return jsonLayout;
    }

    /** The UTF-8 field name of a stored column (hash tables); callers must not modify it. */
    byte[] fieldName(int column) {
        return fieldNames[column];
    }
}
