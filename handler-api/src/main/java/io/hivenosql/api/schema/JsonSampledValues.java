package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.hivenosql.api.types.JsonValueCodec;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * JSON values as schema inference sees them (Redis string values, JSON in Redis hash fields, JSON files), each mapped
 * to the kind whose inferred column the JSON readers ({@link JsonValueCodec}, the JSON SerDe's row decoder) read it
 * into exactly:
 *
 * <ul>
 *   <li>numbers by their text ({@link SampledNumbers}: integers, doubles a double holds exactly, else exact
 *       decimals); {@code NaN} and the infinities, as tokens or as the strings {@code "NaN"}, {@code "Infinity"},
 *       {@code "-Infinity"} that {@link JsonValueCodec} writes for them: floating.
 *   <li>strings: a date or timestamp in the forms {@link TextSampledValues} recognises, else text (a string holding a
 *       number stays text: JSON has numbers, so the writer chose a string).
 *   <li>true and false: boolean; null: null; objects: documents; arrays: arrays.
 * </ul>
 */
public final class JsonSampledValues {
    private JsonSampledValues() {}

    /**
     * The document a JSON text holds, when it is exactly one JSON object (whitespace around it allowed, as the readers
     * allow); empty for anything else (malformed, another value, text after the object): every column reads such a
     * value as a bad record.
     */
    public static Optional<SampledValue.Document> document(byte[] json) {
        requireNonNull(json, "json is null");
        try (JsonParser parser = JsonValueCodec.factory().createParser(json)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            SampledValue.Document document = (SampledValue.Document) value(parser);
            return parser.nextToken() == null ? Optional.of(document) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The value of a text that is exactly one JSON object or array, else text. */
    static SampledValue valueOrText(String text) {
        try (JsonParser parser = JsonValueCodec.factory().createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first != JsonToken.START_OBJECT && first != JsonToken.START_ARRAY) {
                return SampledValue.TEXT;
            }
            SampledValue value = value(parser);
            return parser.nextToken() == null ? value : SampledValue.TEXT;
        } catch (IOException e) {
            return SampledValue.TEXT;
        }
    }

    /** The value at the parser's current token, which it consumes (nested values included). */
    private static SampledValue value(JsonParser parser) throws IOException {
        JsonToken token = parser.currentToken();
        return switch (token) {
            case START_OBJECT -> {
                List<SampledValue.Field> fields = new ArrayList<>();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    fields.add(new SampledValue.Field(name, value(parser)));
                }
                yield new SampledValue.Document(fields);
            }
            case START_ARRAY -> {
                List<SampledValue> elements = new ArrayList<>();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    elements.add(value(parser));
                }
                yield new SampledValue.Array(elements);
            }
            case VALUE_STRING -> string(parser.getText());
            case VALUE_NUMBER_INT -> number(parser);
            case VALUE_NUMBER_FLOAT -> parser.isNaN()
                    ? new SampledValue.Floating(parser.getDoubleValue())
                    : SampledNumbers.of(parser.getText());
            case VALUE_TRUE, VALUE_FALSE -> SampledValue.BOOLEAN;
            case VALUE_NULL -> SampledValue.NULL;
            default -> throw new IOException("unexpected JSON token " + token);
        };
    }

    private static SampledValue number(JsonParser parser) throws IOException {
        if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
            return new SampledValue.Decimal(new BigDecimal(parser.getBigIntegerValue()));
        }
        return SampledValue.Int.of(parser.getLongValue());
    }

    private static SampledValue string(String text) {
        SampledValue special = TextSampledValues.special(text);
        if (special != null) {
            return special;
        }
        SampledValue temporal = TextSampledValues.temporal(text);
        return temporal != null ? temporal : SampledValue.TEXT;
    }
}
