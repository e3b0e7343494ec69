package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonString;
import org.bson.BsonValue;

/**
 * Parses {@code mongo.indexes}: indexes separated by {@code ;}, each a {@code ,}-separated list of
 * {@code column[:1|-1|hashed|text]} (ascending when the type is left out), optionally preceded by {@code unique}, e.g.
 * {@code unique o_orderkey; o_custkey, o_orderdate:-1}. A column is a Hive column name, resolved to the field path it
 * maps to; {@code column.sub.field} indexes a field inside a struct or map column. Pure: no server is contacted.
 */
final class MongoIndexes {
    static final String SYNTAX = "indexes separated by ';', each a ','-separated list of column[:1|-1|hashed|text] "
            + "(1 ascending, the default; -1 descending), optionally preceded by 'unique ', e.g. "
            + "'unique o_orderkey; o_custkey, o_orderdate:-1'";

    private MongoIndexes() {}

    /** The kind of one index key. */
    enum KeyType {
        ASCENDING("1", new BsonInt32(1)),
        DESCENDING("-1", new BsonInt32(-1)),
        HASHED("hashed", new BsonString("hashed")),
        TEXT("text", new BsonString("text"));

        private final String text;
        private final BsonValue value;

        KeyType(String text, BsonValue value) {
            this.text = text;
            this.value = value;
        }

        BsonValue value() {
            return value;
        }

        static KeyType parse(String text) {
            for (KeyType type : values()) {
                if (type.text.equalsIgnoreCase(text)) {
                    return type;
                }
            }
            return null;
        }
    }

    /** One key of an index: a field path and its kind. */
    record Key(String path, KeyType type) {
        Key {
            requireNonNull(path, "path is null");
            requireNonNull(type, "type is null");
        }
    }

    /**
     * One index to create.
     *
     * @param entry the entry of {@code mongo.indexes} it comes from, for messages
     */
    record Index(String entry, List<Key> keys, boolean unique) {
        Index {
            requireNonNull(entry, "entry is null");
            keys = List.copyOf(requireNonNull(keys, "keys is null"));
            if (keys.isEmpty()) {
                throw new IllegalArgumentException("an index needs a key");
            }
        }

        /** The keys document of {@code createIndex}, e.g. {@code {"cust": 1, "date": -1}}. */
        BsonDocument document() {
            BsonDocument document = new BsonDocument();
            for (Key key : keys) {
                document.append(key.path(), key.type().value());
            }
            return document;
        }
    }

    /**
     * The indexes of a {@code mongo.indexes} value, in order; blank entries (a trailing {@code ;}) are skipped.
     *
     * @throws HandlerException INVALID_TABLE_PROPERTY naming the entry and showing the syntax, or COLUMN_NOT_FOUND
     *     naming an unknown column
     */
    static List<Index> parse(String tableName, String value, TableMapping mapping) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(value, "value is null");
        requireNonNull(mapping, "mapping is null");
        List<Index> indexes = new ArrayList<>();
        for (String raw : value.split(";", -1)) {
            String entry = raw.strip();
            if (!entry.isEmpty()) {
                indexes.add(parseIndex(tableName, entry, mapping));
            }
        }
        if (indexes.isEmpty()) {
            throw invalid(tableName, value, "it names no index");
        }
        return List.copyOf(indexes);
    }

    private static Index parseIndex(String tableName, String entry, TableMapping mapping) {
        String keysText = entry;
        boolean unique = false;
        String[] words = entry.split("\\s+", 2);
        if (words.length == 2 && words[0].equalsIgnoreCase("unique")) {
            unique = true;
            keysText = words[1];
        } else if (entry.equalsIgnoreCase("unique") && mapping.indexOf("unique") < 0) {
            throw invalid(tableName, entry, "'unique' must be followed by the columns of the index");
        }
        List<Key> keys = new ArrayList<>();
        Set<String> paths = new HashSet<>();
        for (String rawKey : keysText.split(",", -1)) {
            Key key = parseKey(tableName, entry, rawKey.strip(), mapping);
            if (!paths.add(key.path())) {
                throw invalid(tableName, entry, "field " + key.path() + " appears twice in one index");
            }
            keys.add(key);
        }
        if (unique && keys.stream().anyMatch(key -> key.type() == KeyType.HASHED)) {
            throw invalid(
                    tableName, entry, "MongoDB cannot make a hashed index unique; drop 'unique' or the ':hashed'");
        }
        return new Index(entry, keys, unique);
    }

    private static Key parseKey(String tableName, String entry, String key, TableMapping mapping) {
        if (key.isEmpty()) {
            throw invalid(tableName, entry, "a column name is missing");
        }
        String[] parts = key.split(":", -1);
        if (parts.length > 2) {
            throw invalid(tableName, entry, "'" + key + "' has more than one ':'");
        }
        String column = parts[0].strip();
        KeyType type = KeyType.ASCENDING;
        if (parts.length == 2) {
            type = KeyType.parse(parts[1].strip());
            if (type == null) {
                throw invalid(
                        tableName,
                        entry,
                        "'" + parts[1].strip() + "' of '" + key + "' is not an index type; write 1, -1, hashed or "
                                + "text");
            }
        }
        if (column.isEmpty() || column.chars().anyMatch(Character::isWhitespace)) {
            throw invalid(tableName, entry, "'" + column + "' is not a column name");
        }
        return new Key(path(tableName, column, mapping), type);
    }

    /** The field path of {@code column}, or of {@code column.sub.field} inside a struct or map column. */
    private static String path(String tableName, String column, TableMapping mapping) {
        int index = mapping.indexOf(column);
        if (index >= 0) {
            return mapping.column(index).path();
        }
        int dot = column.indexOf('.');
        if (dot > 0) {
            int parent = mapping.indexOf(column.substring(0, dot));
            String rest = column.substring(dot + 1);
            if (parent >= 0 && !rest.isEmpty() && !rest.startsWith(".") && !rest.endsWith(".")) {
                return mapping.column(parent).path() + "." + rest;
            }
        }
        throw new HandlerException(
                HandlerErrorCode.COLUMN_NOT_FOUND,
                "table " + tableName + ": property '" + MongoTableProperties.INDEXES.key() + "' names column '"
                        + column + "', which the table does not have; columns: "
                        + String.join(", ", mapping.names()) + " (index Hive columns, not field paths: "
                        + "the handler maps each to its field)");
    }

    private static HandlerException invalid(String tableName, String entry, String problem) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + tableName + ": property '" + MongoTableProperties.INDEXES.key() + "', entry '" + entry
                        + "': " + problem + ". Syntax: " + SYNTAX);
    }
}
