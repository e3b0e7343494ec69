package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.Utf8;
import io.hivenosql.api.types.ValueConversionException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The key of a row, from its key columns' values and back.
 *
 * <ul>
 *   <li>One key column: {@code prefix + canonical text} ({@link TextValueCodec}), UTF-8, byte for byte, nothing
 *       escaped ({@code user:42}).
 *   <li>Several key columns ({@code redis.key.column = 'a,b'}): {@code prefix + part(a) + separator + part(b)}, where a
 *       part is the column's canonical text with a backslash written before every backslash and before every
 *       occurrence of the separator's first character ({@code redis.key.separator}, default {@code :}). Key
 *       {@code li:7:3} is (7, 3); the texts {@code a:b} and {@code c\} give {@code li:a\:b:c\\}. Reading undoes this:
 *       a backslash takes the next character literally, an unescaped separator ends a part, so every key parses back
 *       to exactly the texts it was written from.
 * </ul>
 *
 * <p>Reading is strict: a key part must be the canonical text of its value ({@code 7}, not {@code 007}, {@code +7},
 * {@code 7.0} or {@code -0} for an int; {@code true}, not {@code TRUE} or {@code 1}), and a composite key must be
 * escaped exactly as written ({@code a\b} escapes a character that needs none). Other spellings are not values of
 * the key column: key lookups ({@code id = 7}) find a row only under its canonical key, so a scan must not read
 * another spelling as the same value. Float and double key columns, which are never looked up, read leniently.
 */
final class RedisKeyCodec {
    private static final char ESCAPE = '\\';

    private final String tableName;
    private final byte[] prefix;
    private final int[] columns;
    private final DataType[] types;
    private final String[] names;
    private final String separator;
    private final char special;

    /**
     * @param columns the key columns' indexes in the table, in key order
     * @param types their types
     * @param names their names
     * @param separator the separator of key parts (non-empty, no backslash)
     */
    RedisKeyCodec(String tableName, byte[] prefix, int[] columns, DataType[] types, String[] names, String separator) {
        this.tableName = requireNonNull(tableName, "tableName is null");
        this.prefix = requireNonNull(prefix, "prefix is null").clone();
        this.columns = requireNonNull(columns, "columns is null").clone();
        this.types = requireNonNull(types, "types is null").clone();
        this.names = requireNonNull(names, "names is null").clone();
        this.separator = requireNonNull(separator, "separator is null");
        if (columns.length == 0 || types.length != columns.length || names.length != columns.length) {
            throw new IllegalArgumentException("a key needs one or more columns, each with a type and a name");
        }
        if (separator.isEmpty() || separator.indexOf(ESCAPE) >= 0) {
            throw new IllegalArgumentException("a key separator must be non-empty and have no backslash");
        }
        this.special = separator.charAt(0);
    }

    /** The number of key columns. */
    int size() {
        return columns.length;
    }

    /** The table index of the key column at a key position. */
    int column(int position) {
        return columns[position];
    }

    DataType type(int position) {
        return types[position];
    }

    String name(int position) {
        return names[position];
    }

    /** The key position of a table column, or -1 when it is not a key column. */
    int position(int column) {
        for (int i = 0; i < columns.length; i++) {
            if (columns[i] == column) {
                return i;
            }
        }
        return -1;
    }

    /** The key position of a column name (case-insensitive), or -1. */
    int position(String columnName) {
        for (int i = 0; i < names.length; i++) {
            if (names[i].equalsIgnoreCase(columnName)) {
                return i;
            }
        }
        return -1;
    }

    /**
     * The canonical text of a key value (unescaped).
     *
     * @throws IllegalArgumentException when the value is not of the column's neutral class
     * @throws ValueConversionException when it cannot be written (a decimal beyond its precision)
     */
    String text(int position, Object value) {
        return TextValueCodec.encode(types[position], value);
    }

    /** The key of the canonical texts of every key column, in key order. */
    byte[] keyOfTexts(List<String> texts) {
        if (texts.size() != columns.length) {
            throw new IllegalArgumentException(
                    "table " + tableName + " has " + columns.length + " key columns, got " + texts.size() + " values");
        }
        if (columns.length == 1) {
            return concat(prefix, texts.get(0).getBytes(UTF_8));
        }
        StringBuilder suffix = new StringBuilder();
        for (int i = 0; i < texts.size(); i++) {
            if (i > 0) {
                suffix.append(separator);
            }
            appendEscaped(suffix, texts.get(i));
        }
        return concat(prefix, suffix.toString().getBytes(UTF_8));
    }

    /** The key of the key columns' values, in key order (none null). */
    byte[] key(Object... values) {
        List<String> texts = new ArrayList<>(values.length);
        for (int i = 0; i < values.length; i++) {
            texts.add(text(i, values[i]));
        }
        return keyOfTexts(texts);
    }

    /**
     * The literal start of every key whose first key column has this canonical text: {@code prefix + part +
     * separator}. Only for several key columns.
     */
    byte[] firstPartPrefix(String text) {
        if (columns.length < 2) {
            throw new IllegalStateException("table " + tableName + " has a single key column");
        }
        StringBuilder start = new StringBuilder();
        appendEscaped(start, text);
        start.append(separator);
        return concat(prefix, start.toString().getBytes(UTF_8));
    }

    private void appendEscaped(StringBuilder out, String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == ESCAPE || c == special) {
                out.append(ESCAPE);
            }
            out.append(c);
        }
    }

    /**
     * The unescaped texts of a key's parts (the key has the prefix), one per key column.
     *
     * @throws ValueConversionException when the key does not have one part per key column, ends in a lone backslash,
     *     or is not well-formed UTF-8
     */
    String[] split(byte[] key) {
        String suffix = Utf8.decode(
                key,
                prefix.length,
                key.length - prefix.length,
                () -> "the key columns (" + String.join(", ", names) + ")");
        if (columns.length == 1) {
            return new String[] {suffix};
        }
        List<String> parts = new ArrayList<>(columns.length);
        StringBuilder part = new StringBuilder();
        int i = 0;
        while (i < suffix.length()) {
            char c = suffix.charAt(i);
            if (c == ESCAPE) {
                if (i + 1 == suffix.length()) {
                    throw malformed(suffix, "it ends in a lone backslash (a literal backslash is written \\\\)");
                }
                part.append(suffix.charAt(i + 1));
                i += 2;
            } else if (suffix.startsWith(separator, i)) {
                parts.add(part.toString());
                part.setLength(0);
                i += separator.length();
            } else {
                part.append(c);
                i++;
            }
        }
        parts.add(part.toString());
        if (parts.size() != columns.length) {
            throw malformed(
                    suffix,
                    "it has " + parts.size() + (parts.size() == 1 ? " part" : " parts") + " separated by '" + separator
                            + "', expected " + columns.length + " (" + String.join(", ", names) + "); a '"
                            + special + "' or '\\' inside a value is written with a backslash before it");
        }
        return parts.toArray(new String[0]);
    }

    /**
     * The value of a key column from its part's text.
     *
     * @throws ValueConversionException when the text is not a value of the column's type
     */
    Object decode(int position, String text) {
        Object value = TextValueCodec.decode(types[position], text);
        if (strict(types[position])) {
            String canonical = TextValueCodec.encode(types[position], value);
            if (!canonical.equals(text)) {
                throw notCanonical(text, position, canonical);
            }
        }
        return value;
    }

    /**
     * The value of a single key column from a key, read from the bytes (integer keys without building a String).
     *
     * @throws ValueConversionException when the suffix is not a value of the key type
     */
    Object decodeSingle(byte[] key) {
        if (columns.length != 1) {
            throw new IllegalStateException("table " + tableName + " has " + columns.length + " key columns");
        }
        byte[] suffix = Arrays.copyOfRange(key, prefix.length, key.length);
        Object value = TextValueCodec.decode(types[0], suffix);
        if (strict(types[0])) {
            byte[] canonical = TextValueCodec.encode(types[0], value).getBytes(UTF_8);
            if (!Arrays.equals(canonical, suffix)) {
                throw notCanonical(new String(suffix, UTF_8), 0, new String(canonical, UTF_8));
            }
        }
        return value;
    }

    /**
     * The parts of a key that is spelt as {@link #keyOfTexts} spells its parts: {@link #split}, then {@link
     * #checkEscapes}.
     *
     * @throws ValueConversionException when the key does not split into one part per key column, is not UTF-8, or
     *     escapes a character that needs no escape
     */
    String[] splitCanonical(byte[] key) {
        String[] parts = split(key);
        checkEscapes(key, parts);
        return parts;
    }

    /**
     * Checks that the parts {@link #split} gave are escaped in the key exactly as {@link #keyOfTexts} escapes them.
     *
     * @throws ValueConversionException when the key escapes a character that needs no escape
     */
    void checkEscapes(byte[] key, String[] parts) {
        byte[] canonical = keyOfTexts(Arrays.asList(parts));
        if (!Arrays.equals(canonical, key)) {
            String suffix = new String(key, prefix.length, key.length - prefix.length, UTF_8);
            throw malformed(
                    suffix,
                    "it escapes a character that needs no backslash (only '\\' and '" + special + "' are escaped), so "
                            + "it is not the key of its values, which is '"
                            + new String(canonical, prefix.length, canonical.length - prefix.length, UTF_8) + "'");
        }
    }

    /** Float and double keys are never looked up (their text is not unique), so they may keep any spelling. */
    private static boolean strict(DataType type) {
        return type != PrimitiveType.FLOAT && type != PrimitiveType.DOUBLE;
    }

    private ValueConversionException notCanonical(String text, int position, String canonical) {
        return new ValueConversionException(
                text,
                types[position].typeName(),
                "key column " + names[position] + " of table " + tableName + ": '" + text
                        + "' is not the canonical text of its value, '" + canonical
                        + "', which is the key this handler "
                        + "writes and looks up (rename the key, or map the column as string to read it as text)",
                null);
    }

    private ValueConversionException malformed(String suffix, String reason) {
        return new ValueConversionException(
                suffix, "the key columns (" + String.join(", ", names) + ") of table " + tableName, reason, null);
    }

    private static byte[] concat(byte[] first, byte[] second) {
        byte[] result = Arrays.copyOf(first, first.length + second.length);
        System.arraycopy(second, 0, result, first.length, second.length);
        return result;
    }
}
