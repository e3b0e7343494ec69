package io.hivenosql.api.types;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;

/**
 * Reads one JSON scalar token (or, into a string, a whole array or object) as the neutral value of a primitive Hive
 * type, for {@link JsonValueCodec}: leniently where nothing is lost (a string in canonical text, {@code 42.0} into an
 * integer type, 1 and 0 into boolean, any scalar or JSON text into string), and otherwise with a
 * {@link ValueConversionException} saying what was expected and what was found ({@link #mismatch}). Dates and
 * timestamps are read by the codec's {@link JsonTemporalFormat}s, not here.
 */
final class JsonScalarReader {
    private JsonScalarReader() {}

    /** true, false, 1, 0 or a string in canonical text. */
    static Boolean readBoolean(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_STRING -> (Boolean) TextValueCodec.decode(PrimitiveType.BOOLEAN, parser.getText());
            case VALUE_NUMBER_INT -> switch (parser.getText()) {
                case "1" -> Boolean.TRUE;
                case "0" -> Boolean.FALSE;
                default -> throw mismatch(parser, token, PrimitiveType.BOOLEAN, "expected true, false, 1 or 0");
            };
            default -> throw mismatch(parser, token, PrimitiveType.BOOLEAN, "expected a JSON boolean");
        };
    }

    /** An integer, a number with a zero fraction, or a string in canonical text; in the type's range. */
    static Object readIntegral(JsonParser parser, JsonToken token, PrimitiveType type) throws IOException {
        return switch (token) {
            case VALUE_NUMBER_INT -> parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER
                    ? NeutralValues.integralFromDecimal(parser.getDecimalValue(), type, parser.getText())
                    : NeutralValues.integral(parser.getLongValue(), type);
            case VALUE_NUMBER_FLOAT -> {
                if (isNonNumeric(parser)) {
                    throw mismatch(parser, token, type, "not a whole number");
                }
                yield NeutralValues.integralFromDecimal(parser.getDecimalValue(), type, null);
            }
            case VALUE_STRING -> TextValueCodec.decodeIntegral(type, parser.getText());
            default -> throw mismatch(parser, token, type, "expected a JSON number");
        };
    }

    /** A number (NaN and the infinities too) or a string in canonical text; finite numbers in the type's range. */
    static Object readFloating(JsonParser parser, JsonToken token, PrimitiveType type) throws IOException {
        return switch (token) {
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> {
                double value = parser.getDoubleValue();
                if (Double.isInfinite(value) && !isNonNumeric(parser)) {
                    throw NeutralValues.outOfRange(type, parser.getText());
                }
                if (type == PrimitiveType.DOUBLE) {
                    yield value;
                }
                // parsed from the text, like Hive's cast: rounding through double first can round a second time
                float narrow = isNonNumeric(parser) ? (float) value : Float.parseFloat(parser.getText());
                if (Float.isInfinite(narrow) && !Double.isInfinite(value)) {
                    throw NeutralValues.outOfRange(type, parser.getText());
                }
                yield narrow;
            }
            case VALUE_STRING -> TextValueCodec.decode(type, parser.getText());
            default -> throw mismatch(parser, token, type, "expected a JSON number");
        };
    }

    /** Whether a number token is NaN or an infinity (allowed unquoted on read), without allocating. */
    static boolean isNonNumeric(JsonParser parser) throws IOException {
        char[] chars = parser.getTextCharacters();
        int offset = parser.getTextOffset();
        int length = parser.getTextLength();
        char first = chars[offset];
        if ((first == '-' || first == '+') && length > 1) {
            first = chars[offset + 1];
        }
        return !(first >= '0' && first <= '9' || first == '.');
    }

    /** Any scalar's text, or the JSON text of an array or object. */
    static String readString(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case VALUE_STRING, VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getText();
            case VALUE_TRUE -> "true";
            case VALUE_FALSE -> "false";
            case START_ARRAY, START_OBJECT -> {
                StringWriter out = new StringWriter();
                try (JsonGenerator generator = JsonValueCodec.factory().createGenerator(out)) {
                    generator.copyCurrentStructure(parser);
                }
                yield out.toString();
            }
            default -> throw mismatch(parser, token, PrimitiveType.STRING, "expected a JSON string");
        };
    }

    /** The text of a string token; any other token is a mismatch. */
    static String expectString(JsonParser parser, JsonToken token, DataType type) throws IOException {
        if (token != JsonToken.VALUE_STRING) {
            throw mismatch(parser, token, type, "expected a JSON string");
        }
        return parser.getText();
    }

    /** The conversion error of a token that does not read as the type: the reason, and what was found. */
    static ValueConversionException mismatch(JsonParser parser, JsonToken token, DataType type, String reason)
            throws IOException {
        String found =
                switch (token) {
                    case START_ARRAY -> "an array";
                    case START_OBJECT -> "an object";
                    case VALUE_STRING -> "a string";
                    case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> "a number";
                    case VALUE_TRUE, VALUE_FALSE -> "a boolean";
                    default -> token.asString() == null ? token.name() : token.asString();
                };
        String text =
                switch (token) {
                    case START_ARRAY -> "[...]";
                    case START_OBJECT -> "{...}";
                    default -> parser.getText();
                };
        return new ValueConversionException(text, type, reason + ", got " + found);
    }
}
