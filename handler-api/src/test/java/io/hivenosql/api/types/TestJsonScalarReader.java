package io.hivenosql.api.types;

import static io.hivenosql.api.types.PrimitiveType.BOOLEAN;
import static io.hivenosql.api.types.PrimitiveType.FLOAT;
import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.SMALLINT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import org.junit.jupiter.api.Test;

class TestJsonScalarReader {
    @Test
    void tellsNaNAndTheInfinitiesFromNumbers() throws IOException {
        for (String text : new String[] {"NaN", "Infinity", "-Infinity"}) {
            try (JsonParser parser = positioned(text)) {
                assertThat(JsonScalarReader.isNonNumeric(parser)).as(text).isTrue();
            }
        }
        for (String text : new String[] {"0", "-1", "42.5", "-0.0", "1e400"}) {
            try (JsonParser parser = positioned(text)) {
                assertThat(JsonScalarReader.isNonNumeric(parser)).as(text).isFalse();
            }
        }
    }

    @Test
    void readsLosslessScalarsOfOtherJsonTypes() throws IOException {
        try (JsonParser parser = positioned("\"17\"")) {
            assertThat(JsonScalarReader.readIntegral(parser, parser.currentToken(), SMALLINT))
                    .isEqualTo((short) 17);
        }
        try (JsonParser parser = positioned("0")) {
            assertThat(JsonScalarReader.readBoolean(parser, parser.currentToken()))
                    .isFalse();
        }
        try (JsonParser parser = positioned("-Infinity")) {
            assertThat(JsonScalarReader.readFloating(parser, parser.currentToken(), FLOAT))
                    .isEqualTo(Float.NEGATIVE_INFINITY);
        }
        try (JsonParser parser = positioned("[1, {\"a\": null}]")) {
            assertThat(JsonScalarReader.readString(parser, parser.currentToken()))
                    .isEqualTo("[1,{\"a\":null}]");
            // the whole array was read
            assertThat(parser.currentToken()).isEqualTo(JsonToken.END_ARRAY);
        }
    }

    @Test
    void mismatchesNameWhatWasExpectedAndFound() throws IOException {
        try (JsonParser parser = positioned("NaN")) {
            assertThatThrownBy(() -> JsonScalarReader.readIntegral(parser, parser.currentToken(), INT))
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("not a whole number, got a number");
        }
        try (JsonParser parser = positioned("{\"a\": 1}")) {
            assertThatThrownBy(() -> JsonScalarReader.expectString(parser, parser.currentToken(), STRING))
                    .hasMessageContaining("{...}")
                    .hasMessageContaining("expected a JSON string, got an object");
        }
        try (JsonParser parser = positioned("null")) {
            assertThat(JsonScalarReader.mismatch(parser, parser.currentToken(), BOOLEAN, "expected a JSON boolean"))
                    .hasMessageContaining("expected a JSON boolean, got null");
        }
    }

    private static JsonParser positioned(String json) throws IOException {
        JsonParser parser = JsonValueCodec.factory().createParser(json);
        parser.nextToken();
        return parser;
    }
}
