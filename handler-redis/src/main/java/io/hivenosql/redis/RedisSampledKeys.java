package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.schema.DocumentSchemaInference;
import io.hivenosql.api.schema.JsonSampledValues;
import io.hivenosql.api.schema.SampledValue;
import io.hivenosql.api.schema.TextSampledValues;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.Utf8;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The sampled keys of a Redis table and their values, as schema inference sees them, and the columns they give.
 *
 * <ul>
 *   <li>Key columns: the parts of each key after the prefix ({@link RedisKeyCodec#split}, one per key column), typed by
 *       {@link TextSampledValues} and merged by the core ({@link DocumentSchemaInference}); then every sampled part
 *       must decode through {@link RedisKeyCodec#decode} into the type chosen, which reads canonical texts only (a
 *       key {@code 7} but not {@code 007} of an int, and one scale of a decimal): else the key column is string, with
 *       a note. A key that does not split into one part per key column is counted and noted (a bad record of the key
 *       columns in any type).
 *   <li>Hash fields ({@link DocumentSchemaInference.Rules#FLAT_TEXT}): every field seen but the empty-named one of an
 *       all-NULL row, by its exact spelling, its texts typed by {@link TextSampledValues} (JSON objects and arrays
 *       too: complex columns are stored so). A field name that is not UTF-8 is no column's name: noted.
 *   <li>String values ({@link DocumentSchemaInference.Rules#JSON}): the fields of each JSON object
 *       ({@link JsonSampledValues}); a value that is not one JSON object is counted and noted (a bad record of every
 *       column).
 * </ul>
 *
 * Not thread-safe: one per inference.
 */
final class RedisSampledKeys {
    private final RedisTable table;
    private final List<String> keyNames;
    private final List<List<String>> keyTexts = new ArrayList<>();
    private final DocumentSchemaInference keys;
    private final DocumentSchemaInference values;
    private int sampled;
    private int badKeys;
    private String badKeyExample;
    private int notJson;
    private String notJsonExample;
    private final Set<String> unnamedFields = new LinkedHashSet<>();

    /**
     * @param table the table bound with its key columns alone (as string), for the prefix, separator and value type
     * @param keyNames the key columns' names as the table's properties give them, in key order
     */
    RedisSampledKeys(RedisTable table, List<String> keyNames) {
        this.table = requireNonNull(table, "table is null");
        this.keyNames = List.copyOf(requireNonNull(keyNames, "keyNames is null"));
        keyNames.forEach(name -> keyTexts.add(new ArrayList<>()));
        this.keys = new DocumentSchemaInference(keyNames, DocumentSchemaInference.Rules.FLAT_TEXT);
        this.values = new DocumentSchemaInference(
                List.of(),
                table.valueType() == RedisValueType.HASH
                        ? DocumentSchemaInference.Rules.FLAT_TEXT
                        : DocumentSchemaInference.Rules.JSON);
    }

    /** Adds a hash key and its fields (as HGETALL gives them). */
    void addHash(byte[] key, Map<byte[], byte[]> hash) {
        addKey(key);
        List<SampledValue.Field> fields = new ArrayList<>(hash.size());
        for (Map.Entry<byte[], byte[]> field : hash.entrySet()) {
            if (field.getKey().length == 0) {
                continue; // the marker of a row whose stored columns are all NULL
            }
            Optional<String> name = utf8(field.getKey());
            if (name.isEmpty()) {
                unnamedFields.add(Utf8.escape(field.getKey()));
                continue;
            }
            fields.add(new SampledValue.Field(name.get(), TextSampledValues.ofUtf8(field.getValue(), true)));
        }
        values.add(new SampledValue.Document(fields));
    }

    /** Adds a string key and its value (a JSON object, else counted as not one). */
    void addString(byte[] key, byte[] value) {
        addKey(key);
        Optional<SampledValue.Document> document = JsonSampledValues.document(value);
        if (document.isPresent()) {
            values.add(document.get());
        } else {
            notJson++;
            if (notJsonExample == null) {
                notJsonExample = Utf8.escape(key);
            }
        }
    }

    private void addKey(byte[] key) {
        sampled++;
        RedisKeyCodec codec = table.keyCodec();
        String[] parts;
        try {
            parts = codec.splitCanonical(key);
        } catch (RuntimeException e) {
            badKeys++;
            if (badKeyExample == null) {
                badKeyExample = Utf8.escape(key) + "' (" + e.getMessage() + ")";
            }
            return;
        }
        List<SampledValue.Field> fields = new ArrayList<>(parts.length);
        for (int i = 0; i < parts.length; i++) {
            keyTexts.get(i).add(parts[i]);
            fields.add(new SampledValue.Field(keyNames.get(i), TextSampledValues.of(parts[i], false)));
        }
        keys.add(new SampledValue.Document(fields));
    }

    /** How many keys were added. */
    int sampled() {
        return sampled;
    }

    /**
     * The table's columns: the key columns (named as the properties name them, lower-cased, with the role key), the
     * TTL column when {@code ttlColumn} is given (bigint, the role ttl), then a column per field seen.
     *
     * @param notes where the notes go
     */
    List<ColumnMapping> columns(Optional<String> ttlColumn, List<String> notes) {
        List<ColumnMapping> columns = new ArrayList<>(keyColumns(notes));
        ttlColumn.ifPresent(name -> {
            String column = name.toLowerCase(Locale.ROOT);
            columns.add(new ColumnMapping(column, PrimitiveType.BIGINT, column, ColumnRole.TTL));
            notes.add(column + ": the TTL column (" + RedisTableProperties.TTL_COLUMN.key() + "), reads the keys' "
                    + "remaining time to live in seconds");
        });
        if (badKeys > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%,d of %,d sampled keys do not split into %d part%s (%s), e.g. '%s: they are bad records of the "
                            + "key column%s",
                    badKeys,
                    sampled,
                    keyNames.size(),
                    keyNames.size() == 1 ? "" : "s",
                    String.join(", ", keyNames),
                    badKeyExample,
                    keyNames.size() == 1 ? "" : "s"));
        }
        if (notJson > 0) {
            notes.add(String.format(
                    Locale.ROOT,
                    "%,d of %,d sampled values are not one JSON object (e.g. the value of '%s'): they are bad records "
                            + "of every column",
                    notJson,
                    sampled,
                    notJsonExample));
        }
        if (!unnamedFields.isEmpty()) {
            notes.add("hash fields whose names are not UTF-8 are not mapped (no column name can spell them): "
                    + String.join(", ", unnamedFields));
        }
        Set<String> taken = new HashSet<>();
        columns.forEach(column -> taken.add(column.name()));
        columns.addAll(values.columns(taken, notes));
        return columns;
    }

    /**
     * The key columns: each typed from its sampled parts, then string when some part is not the canonical text of a
     * value of that type (which the key codec reads as a bad record), or when no key split.
     */
    private List<ColumnMapping> keyColumns(List<String> notes) {
        List<String> keyNotes = new ArrayList<>();
        List<ColumnMapping> inferred = keys.columns(Set.of(), keyNotes);
        DataType[] types = new DataType[keyNames.size()];
        for (int i = 0; i < keyNames.size(); i++) {
            String path = keyNames.get(i);
            types[i] = inferred.stream()
                    .filter(column -> column.path().equals(path))
                    .map(ColumnMapping::type)
                    .findFirst()
                    .orElse(PrimitiveType.STRING);
        }
        notes.addAll(keyNotes);
        String[] names = keyNames.stream().map(n -> n.toLowerCase(Locale.ROOT)).toArray(String[]::new);
        int[] positions = new int[names.length];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        for (int i = 0; i < names.length; i++) {
            if (types[i] == PrimitiveType.STRING) {
                continue;
            }
            RedisKeyCodec codec = new RedisKeyCodec(
                    table.name(),
                    table.prefix(),
                    positions,
                    types,
                    names,
                    table.config().get(RedisTableProperties.KEY_SEPARATOR));
            for (String text : keyTexts.get(i)) {
                try {
                    codec.decode(i, text);
                } catch (RuntimeException e) {
                    notes.add(names[i] + ": the key part '" + text + "' is not the canonical text of a "
                            + types[i].typeName() + " (the only spelling a key column reads), reads as string");
                    types[i] = PrimitiveType.STRING;
                    break;
                }
            }
        }
        List<ColumnMapping> columns = new ArrayList<>(names.length);
        for (int i = 0; i < names.length; i++) {
            columns.add(new ColumnMapping(names[i], types[i], names[i], ColumnRole.KEY));
        }
        return columns;
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
