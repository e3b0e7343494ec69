package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.json.JsonReadFeature;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The JSON form of neutral values: complex values in Redis hash fields, JSON documents, and the JSON SerDe.
 *
 * <p>Writing: booleans and numbers as JSON booleans and numbers, with every digit (bigint as a long, decimal as its
 * plain digits at the column scale, never through double); NaN and the infinities as the strings {@code "NaN"},
 * {@code "Infinity"}, {@code "-Infinity"}; binary as a base64 string; date, timestamp and char as their
 * {@link TextValueCodec canonical text}; array as a JSON array; map as a JSON object keyed by the canonical text of
 * the key; struct as a JSON object with the struct's field names.
 *
 * <p>Reading is lenient where nothing is lost: a string holding a value in canonical text ({@code "42"} into int,
 * {@code "NaN"} into double), a number with a zero fraction into an integer type ({@code 42.0}), any scalar into
 * string ({@code true} gives {@code "true"}, numbers keep their text), an object or array into string (its JSON text),
 * epoch milliseconds into timestamp and epoch days into date, 1 and 0 into boolean. Struct fields match
 * case-insensitively; unknown fields are skipped and missing ones are null. Anything else is a
 * {@link ValueConversionException} saying why ({@code 42.5} into int: "has a fractional part").
 *
 * <p>That is the {@link #CANONICAL} codec, which every store uses for complex values in text form. A table that chooses
 * its own {@link JsonStyle} (the JSON SerDe's {@code json.timestamp.format}, {@code json.date.format} and
 * {@code json.case-insensitive}) gets a codec of its own from {@link #of}: dates and timestamps are then written and
 * read as {@link JsonTemporalFormat} says, and struct fields match case-sensitively when asked.
 */
public final class JsonValueCodec {
    /** ISO-8601 dates and timestamps, case-insensitive struct fields. */
    public static final JsonValueCodec CANONICAL = new JsonValueCodec(JsonStyle.CANONICAL);

    private static final JsonFactory FACTORY = JsonFactory.builder()
            .enable(JsonReadFeature.ALLOW_NON_NUMERIC_NUMBERS)
            .build();

    private final JsonStyle style;

    private JsonValueCodec(JsonStyle style) {
        this.style = requireNonNull(style, "style is null");
    }

    /** The codec of a style. */
    public static JsonValueCodec of(JsonStyle style) {
        return style.equals(JsonStyle.CANONICAL) ? CANONICAL : new JsonValueCodec(style);
    }

    public JsonStyle style() {
        return style;
    }

    /** The shared factory (non-numeric numbers such as {@code NaN} allowed on read). */
    public static JsonFactory factory() {
        return FACTORY;
    }

    /** Writes a neutral value; {@code null} as JSON null. */
    public void write(JsonGenerator generator, DataType type, Object value) throws IOException {
        if (value == null) {
            generator.writeNull();
            return;
        }
        if (type instanceof PrimitiveType primitive) {
            switch (primitive) {
                case BOOLEAN -> generator.writeBoolean((Boolean) value);
                case TINYINT, SMALLINT, INT -> generator.writeNumber(((Number) value).intValue());
                case BIGINT -> generator.writeNumber(((Number) value).longValue());
                case FLOAT -> generator.writeNumber((Float) value);
                case DOUBLE -> generator.writeNumber((Double) value);
                case STRING -> generator.writeString((String) value);
                case BINARY -> generator.writeString(TextValueCodec.encode(type, value));
                case DATE -> {
                    if (!(value instanceof LocalDate date)) {
                        throw new IllegalArgumentException("a date value must be a LocalDate, got " + value.getClass());
                    }
                    style.dates().writeDate(generator, date);
                }
                case TIMESTAMP -> {
                    if (!(value instanceof LocalDateTime timestamp)) {
                        throw new IllegalArgumentException(
                                "a timestamp value must be a LocalDateTime, got " + value.getClass());
                    }
                    style.timestamps().writeTimestamp(generator, timestamp);
                }
            }
        } else if (type instanceof DecimalType) {
            // plain digits as a JSON number: BigDecimal.toString could use an exponent, doubles lose digits
            generator.writeNumber(TextValueCodec.encode(type, value));
        } else if (type instanceof VarcharType || type instanceof CharType) {
            generator.writeString(TextValueCodec.encode(type, value));
        } else if (type instanceof ArrayType array) {
            List<?> list = (List<?>) value;
            generator.writeStartArray(list, list.size());
            for (Object element : list) {
                write(generator, array.elementType(), element);
            }
            generator.writeEndArray();
        } else if (type instanceof MapType map) {
            generator.writeStartObject(value);
            for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
                if (entry.getKey() == null) {
                    throw ValueConversionException.cannotWrite(
                            "null", map.keyType(), "a map key is null; JSON object keys cannot be null");
                }
                generator.writeFieldName(TextValueCodec.encode(map.keyType(), entry.getKey()));
                write(generator, map.valueType(), entry.getValue());
            }
            generator.writeEndObject();
        } else if (type instanceof StructType struct) {
            List<?> values = (List<?>) value;
            List<StructType.Field> fields = struct.fields();
            if (values.size() != fields.size()) {
                throw new IllegalArgumentException("a " + struct.typeName() + " value needs " + fields.size()
                        + " field values, got " + values.size());
            }
            generator.writeStartObject(value);
            for (int i = 0; i < fields.size(); i++) {
                generator.writeFieldName(fields.get(i).name());
                write(generator, fields.get(i).type(), values.get(i));
            }
            generator.writeEndObject();
        }
    }

    /**
     * Reads a neutral value. The parser is positioned on the value's first token and is left on its last token (the
     * value token itself for scalars, the closing bracket for arrays and objects).
     *
     * @throws ValueConversionException when the JSON value does not convert to the type
     */
    public Object read(JsonParser parser, DataType type) throws IOException {
        JsonToken token = parser.currentToken();
        if (token == null) {
            throw new ValueConversionException("", type, "no JSON value: the input ended");
        }
        if (token == JsonToken.VALUE_NULL) {
            return null;
        }
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> JsonScalarReader.readBoolean(parser, token);
                case TINYINT, SMALLINT, INT, BIGINT -> JsonScalarReader.readIntegral(parser, token, primitive);
                case FLOAT, DOUBLE -> JsonScalarReader.readFloating(parser, token, primitive);
                case STRING -> JsonScalarReader.readString(parser, token);
                case BINARY -> token == JsonToken.VALUE_EMBEDDED_OBJECT
                        ? parser.getBinaryValue()
                        : TextValueCodec.decode(type, JsonScalarReader.expectString(parser, token, type));
                case DATE -> style.dates().readDate(parser, token);
                case TIMESTAMP -> style.timestamps().readTimestamp(parser, token);
            };
        }
        if (type instanceof DecimalType decimal) {
            if (token == JsonToken.VALUE_NUMBER_INT
                    || token == JsonToken.VALUE_NUMBER_FLOAT && !JsonScalarReader.isNonNumeric(parser)) {
                return NeutralValues.decimal(parser.getDecimalValue(), decimal, null);
            }
            if (token == JsonToken.VALUE_NUMBER_FLOAT) {
                throw JsonScalarReader.mismatch(parser, token, type, "expected a finite number");
            }
            return TextValueCodec.decode(type, JsonScalarReader.expectString(parser, token, type));
        }
        if (type instanceof VarcharType varchar) {
            return NeutralValues.varchar(JsonScalarReader.readString(parser, token), varchar.length());
        }
        if (type instanceof CharType charType) {
            return NeutralValues.padChar(JsonScalarReader.readString(parser, token), charType.length());
        }
        if (type instanceof ArrayType array) {
            return readArray(parser, token, array);
        }
        if (type instanceof MapType map) {
            return readMap(parser, token, map);
        }
        return readStruct(parser, token, (StructType) type);
    }

    /** The JSON text of a neutral value. */
    public static String toJson(DataType type, Object value) {
        requireNonNull(type, "type is null");
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = FACTORY.createGenerator(out)) {
            CANONICAL.write(generator, type, value);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write JSON for " + type.typeName(), e);
        }
        return out.toString();
    }

    /**
     * The neutral value of a JSON text holding exactly one value.
     *
     * @throws ValueConversionException for malformed JSON too, with the line and column
     */
    public static Object fromJson(DataType type, String json) {
        requireNonNull(type, "type is null");
        requireNonNull(json, "json is null");
        try (JsonParser parser = FACTORY.createParser(json)) {
            if (parser.nextToken() == null) {
                throw new ValueConversionException(json, type, "expected a JSON value, got empty text");
            }
            Object value = CANONICAL.read(parser, type);
            if (parser.nextToken() != null) {
                throw new ValueConversionException(
                        json, type, "unexpected text after the JSON value at " + where(parser.currentTokenLocation()));
            }
            return value;
        } catch (JsonProcessingException e) {
            throw new ValueConversionException(
                    json,
                    type.typeName(),
                    "malformed JSON: " + e.getOriginalMessage() + " at " + where(e.getLocation()),
                    e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read JSON from a string", e);
        }
    }

    private static String where(JsonLocation location) {
        return location == null
                ? "unknown position"
                : "line " + location.getLineNr() + ", column " + location.getColumnNr();
    }

    private List<Object> readArray(JsonParser parser, JsonToken token, ArrayType type) throws IOException {
        if (token != JsonToken.START_ARRAY) {
            throw JsonScalarReader.mismatch(parser, token, type, "expected a JSON array");
        }
        List<Object> values = new ArrayList<>();
        while (parser.nextToken() != JsonToken.END_ARRAY) {
            values.add(read(parser, type.elementType()));
        }
        return values;
    }

    private Map<Object, Object> readMap(JsonParser parser, JsonToken token, MapType type) throws IOException {
        if (token != JsonToken.START_OBJECT) {
            throw JsonScalarReader.mismatch(parser, token, type, "expected a JSON object");
        }
        Map<Object, Object> values = new LinkedHashMap<>();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            Object key = TextValueCodec.decode(type.keyType(), parser.currentName());
            parser.nextToken();
            values.put(key, read(parser, type.valueType()));
        }
        return values;
    }

    private List<Object> readStruct(JsonParser parser, JsonToken token, StructType type) throws IOException {
        if (token != JsonToken.START_OBJECT) {
            throw JsonScalarReader.mismatch(parser, token, type, "expected a JSON object");
        }
        List<StructType.Field> fields = type.fields();
        Object[] values = new Object[fields.size()];
        StructFieldChoice choice = new StructFieldChoice(fields.size());
        int expected = 0;
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String name = parser.currentName();
            int index = fieldIndex(fields, name, expected);
            parser.nextToken();
            if (index < 0 || !choice.take(index, name, fields.get(index).name().equals(name))) {
                parser.skipChildren();
            } else {
                values[index] = read(parser, fields.get(index).type());
                expected = index + 1;
            }
        }
        choice.check(type);
        return Arrays.asList(values);
    }

    /** Field lookup as the style says, trying the next field in order first (fields usually arrive in order). */
    private int fieldIndex(List<StructType.Field> fields, String name, int expected) {
        if (expected < fields.size() && matches(fields.get(expected).name(), name)) {
            return expected;
        }
        for (int i = 0; i < fields.size(); i++) {
            if (matches(fields.get(i).name(), name)) {
                return i;
            }
        }
        return -1;
    }

    private boolean matches(String field, String name) {
        // exact first: the usual case, and much cheaper than a case-insensitive comparison
        return field.equals(name) || style.caseInsensitive() && field.equalsIgnoreCase(name);
    }
}
