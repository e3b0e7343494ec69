package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructFieldChoice;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.TextValueCodec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Readers that decode JSON straight into Hive's Java values (Long, String, HiveDecimal, Hive Date and Timestamp,
 * List, Map ...), the values {@code HiveValues.toHive} makes of the neutral ones, without the neutral values and the
 * second pass over them. Common scalar forms take a fast path ({@link JsonScalarReaders}); every other form, and
 * every error, goes through the table's {@link JsonValueCodec} and {@link HiveValues#toHive}, so values and messages
 * are those of the neutral path. Struct fields are found by identity first (Jackson hands out interned names), then
 * as the codec matches them, remembered per name.
 */
final class JsonHiveReaders {
    private JsonHiveReaders() {}

    /** The reader of values of {@code type} under the codec's style. */
    static JsonValueReader of(DataType type, JsonValueCodec codec) {
        requireNonNull(codec, "codec is null");
        if (type instanceof ArrayType array) {
            return new ArrayReader(array, of(array.elementType(), codec), codec);
        }
        if (type instanceof MapType map) {
            return new MapReader(map, of(map.valueType(), codec), codec);
        }
        if (type instanceof StructType struct) {
            JsonValueReader[] readers = new JsonValueReader[struct.fields().size()];
            for (int i = 0; i < readers.length; i++) {
                readers[i] = of(struct.fields().get(i).type(), codec);
            }
            return new StructReader(struct, readers, codec);
        }
        JsonValueReader fast = JsonScalarReaders.of(type, codec);
        return fast != null ? fast : general(type, codec);
    }

    /** The neutral path: the codec's value converted as {@link HiveValues#toHive} converts it. */
    static JsonValueReader general(DataType type, JsonValueCodec codec) {
        return parser -> HiveValues.toHive(type, codec.read(parser, type));
    }

    private record ArrayReader(ArrayType type, JsonValueReader elements, JsonValueCodec codec)
            implements JsonValueReader {
        @Override
        public Object read(JsonParser parser) throws IOException {
            JsonToken token = parser.currentToken();
            if (token != JsonToken.START_ARRAY) {
                return general(type, codec).read(parser);
            }
            List<Object> values = new ArrayList<>();
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                values.add(token == JsonToken.VALUE_NULL ? null : elements.read(parser));
            }
            return values;
        }
    }

    private record MapReader(MapType type, JsonValueReader values, JsonValueCodec codec) implements JsonValueReader {
        @Override
        public Object read(JsonParser parser) throws IOException {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                return general(type, codec).read(parser);
            }
            DataType keyType = type.keyType();
            Map<Object, Object> map = new LinkedHashMap<>();
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                Object key = keyType == PrimitiveType.STRING
                        ? name
                        : HiveValues.toHive(keyType, TextValueCodec.decode(keyType, name));
                JsonToken token = parser.nextToken();
                map.put(key, token == JsonToken.VALUE_NULL ? null : values.read(parser));
            }
            return map;
        }
    }

    private static final class StructReader implements JsonValueReader {
        /** Names remembered per struct type, hits and misses alike, before lookups stop being remembered. */
        private static final int MAX_REMEMBERED = 4096;

        private final StructType type;
        private final JsonValueReader[] readers;
        private final JsonValueCodec codec;
        private final String[] names;
        private final boolean caseInsensitive;
        /** Whether each name matches at most one field, so that a name's field does not depend on the order. */
        private final boolean unique;

        private final Map<String, Integer> seen = new HashMap<>();
        /** Never re-entered while it reads: a struct cannot hold its own type. */
        private final StructFieldChoice choice;

        StructReader(StructType type, JsonValueReader[] readers, JsonValueCodec codec) {
            this.type = type;
            this.readers = readers;
            this.codec = codec;
            this.caseInsensitive = codec.style().caseInsensitive();
            this.names = new String[readers.length];
            this.choice = new StructFieldChoice(readers.length);
            Set<String> distinct = new HashSet<>();
            for (int i = 0; i < names.length; i++) {
                names[i] = type.fields().get(i).name().intern();
                distinct.add(caseInsensitive ? names[i].toLowerCase(Locale.ROOT) : names[i]);
            }
            this.unique = distinct.size() == names.length && !(caseInsensitive && hasFoldingSurprises());
        }

        /** Non-ASCII names, whose case-insensitive equality lower-casing may not capture: left to the codec's scan. */
        private boolean hasFoldingSurprises() {
            for (String name : names) {
                for (int i = 0; i < name.length(); i++) {
                    if (name.charAt(i) >= 0x80) {
                        return true;
                    }
                }
            }
            return false;
        }

        @Override
        public Object read(JsonParser parser) throws IOException {
            if (parser.currentToken() != JsonToken.START_OBJECT) {
                return general(type, codec).read(parser);
            }
            Object[] values = new Object[readers.length];
            choice.reset();
            int expected = 0;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String name = parser.currentName();
                int index = index(name, expected);
                JsonToken token = parser.nextToken();
                if (index < 0 || !choice.take(index, name, names[index].equals(name))) {
                    parser.skipChildren();
                } else {
                    values[index] = token == JsonToken.VALUE_NULL ? null : readers[index].read(parser);
                    expected = index + 1;
                }
            }
            choice.check(type);
            return Arrays.asList(values);
        }

        private int index(String name, int expected) {
            if (expected < names.length && names[expected] == name) {
                return expected;
            }
            if (!unique) {
                return scan(name, expected);
            }
            Integer known = seen.get(name);
            if (known != null) {
                return known;
            }
            int index = scan(name, expected);
            if (seen.size() < MAX_REMEMBERED) {
                seen.put(name, index);
            }
            return index;
        }

        /** The codec's lookup: the expected field first, then the first that matches. */
        private int scan(String name, int expected) {
            if (expected < names.length && matches(names[expected], name)) {
                return expected;
            }
            for (int i = 0; i < names.length; i++) {
                if (matches(names[i], name)) {
                    return i;
                }
            }
            return -1;
        }

        private boolean matches(String field, String name) {
            return field.equals(name) || caseInsensitive && field.equalsIgnoreCase(name);
        }
    }
}
