package io.hivenosql.api.types;

import static io.hivenosql.api.types.PrimitiveType.BIGINT;
import static io.hivenosql.api.types.PrimitiveType.BINARY;
import static io.hivenosql.api.types.PrimitiveType.BOOLEAN;
import static io.hivenosql.api.types.PrimitiveType.DATE;
import static io.hivenosql.api.types.PrimitiveType.DOUBLE;
import static io.hivenosql.api.types.PrimitiveType.FLOAT;
import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static io.hivenosql.api.types.PrimitiveType.TIMESTAMP;
import static io.hivenosql.api.types.PrimitiveType.TINYINT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestJsonValueCodec {
    @Test
    void scalarsRoundTrip() {
        assertRoundTrip(BOOLEAN, true, "true");
        assertRoundTrip(TINYINT, (byte) -7, "-7");
        assertRoundTrip(INT, Integer.MIN_VALUE, "-2147483648");
        assertRoundTrip(BIGINT, Long.MAX_VALUE, "9223372036854775807");
        assertRoundTrip(BIGINT, Long.MIN_VALUE, "-9223372036854775808");
        assertRoundTrip(BIGINT, (1L << 53) + 1, "9007199254740993");
        assertRoundTrip(DOUBLE, 0.1, "0.1");
        assertRoundTrip(DOUBLE, Double.NaN, "\"NaN\"");
        assertRoundTrip(DOUBLE, Double.NEGATIVE_INFINITY, "\"-Infinity\"");
        assertRoundTrip(FLOAT, 1.1f, "1.1");
        assertRoundTrip(STRING, "quote \" and \\ and \u0001", "\"quote \\\" and \\\\ and \\u0001\"");
        assertRoundTrip(BINARY, new byte[] {1, 2, 3}, "\"AQID\"");
        assertRoundTrip(DATE, LocalDate.of(1, 1, 1), "\"0001-01-01\"");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 1, 2, 3, 4, 5, 600_000), "\"2024-01-02T03:04:05.0006\"");
        assertRoundTrip(new CharType(3), "ab ", "\"ab\"");
        assertRoundTrip(new VarcharType(5), "hello", "\"hello\"");
        assertRoundTrip(STRING, null, "null");
    }

    @Test
    void decimalsKeepEveryDigit() {
        DecimalType wide = new DecimalType(38, 18);
        BigDecimal max = new BigDecimal("99999999999999999999.999999999999999999");
        assertRoundTrip(wide, max, "99999999999999999999.999999999999999999");
        assertRoundTrip(wide, max.negate(), "-99999999999999999999.999999999999999999");
        assertRoundTrip(new DecimalType(10, 9), new BigDecimal("0.000000100"), "0.000000100");
        assertThat(JsonValueCodec.fromJson(new DecimalType(10, 2), "1.005")).isEqualTo(new BigDecimal("1.01"));
        assertThat(JsonValueCodec.fromJson(new DecimalType(10, 2), "\"7\"")).isEqualTo(new BigDecimal("7.00"));
        assertThatThrownBy(() -> JsonValueCodec.fromJson(new DecimalType(3, 1), "123.4"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("does not fit decimal(3,1)");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(new DecimalType(3, 1), "NaN"))
                .hasMessageContaining("expected a finite number");
    }

    @Test
    void numbersReadWithoutDouble() {
        assertThat(JsonValueCodec.fromJson(BIGINT, "9007199254740993")).isEqualTo(9007199254740993L);
        assertThat(JsonValueCodec.fromJson(BIGINT, "9.007199254740993e15")).isEqualTo(9007199254740993L);
        assertThat(JsonValueCodec.fromJson(BIGINT, "42.0")).isEqualTo(42L);
        assertThatThrownBy(() -> JsonValueCodec.fromJson(BIGINT, "9223372036854775808"))
                .hasMessageContaining("out of range for bigint");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(INT, "42.5"))
                .hasMessageContaining("'42.5' as int: has a fractional part");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(TINYINT, "300"))
                .hasMessageContaining("cannot read '300' as tinyint: out of range for tinyint");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(FLOAT, "1e39")).hasMessageContaining("out of range for float");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(DOUBLE, "1e400")).hasMessageContaining("out of range");
        assertThat(JsonValueCodec.fromJson(DOUBLE, "NaN")).isEqualTo(Double.NaN);
        assertThat(JsonValueCodec.fromJson(DOUBLE, "-Infinity")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(JsonValueCodec.fromJson(DOUBLE, "3")).isEqualTo(3.0);
    }

    @Test
    void leniencyWhereLossless() {
        assertThat(JsonValueCodec.fromJson(INT, "\"42\"")).isEqualTo(42);
        assertThat(JsonValueCodec.fromJson(STRING, "true")).isEqualTo("true");
        assertThat(JsonValueCodec.fromJson(STRING, "1.50")).isEqualTo("1.50");
        assertThat(JsonValueCodec.fromJson(STRING, "{\"a\": [1, 2]}")).isEqualTo("{\"a\":[1,2]}");
        assertThat(JsonValueCodec.fromJson(BOOLEAN, "1")).isEqualTo(true);
        assertThat(JsonValueCodec.fromJson(BOOLEAN, "\"false\"")).isEqualTo(false);
        assertThat(JsonValueCodec.fromJson(DATE, "19723")).isEqualTo(LocalDate.of(2024, 1, 1));
        assertThat(JsonValueCodec.fromJson(TIMESTAMP, "1704067200123"))
                .isEqualTo(LocalDateTime.of(2024, 1, 1, 0, 0, 0, 123_000_000));
        assertThat(JsonValueCodec.fromJson(TIMESTAMP, "-1"))
                .isEqualTo(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000));
        assertThat(JsonValueCodec.fromJson(new VarcharType(2), "12345")).isEqualTo("12");
    }

    @Test
    void mismatchesSayWhy() {
        assertThatThrownBy(() -> JsonValueCodec.fromJson(new ArrayType(INT), "{\"a\":1}"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("cannot read '{...}' as array<int>: expected a JSON array, got an object");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(INT, "[1]"))
                .hasMessageContaining("expected a JSON number, got an array");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(INT, "true"))
                .hasMessageContaining("expected a JSON number, got a boolean");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(BOOLEAN, "2")).hasMessageContaining("true, false, 1 or 0");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(DATE, "true"))
                .hasMessageContaining("expected a string or a whole number of epoch days, got a boolean");
        assertThat(JsonValueCodec.fromJson(TIMESTAMP, "1.5"))
                .isEqualTo(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_500_000));
        assertThatThrownBy(() -> JsonValueCodec.fromJson(TIMESTAMP, "1.0000005"))
                .hasMessageContaining("has digits below nanoseconds (epoch milliseconds)");
        DataType struct = DataTypes.parse("struct<a:int>");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(struct, "[1]")).hasMessageContaining("expected a JSON object");
    }

    @Test
    void malformedJsonIsAConversionError() {
        assertThatThrownBy(() -> JsonValueCodec.fromJson(new ArrayType(INT), "[1, 2"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("malformed JSON")
                .hasMessageContaining("line 1");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(INT, "1 2"))
                .hasMessageContaining("unexpected text after the JSON value at line 1, column 3");
        assertThatThrownBy(() -> JsonValueCodec.fromJson(INT, "")).hasMessageContaining("got empty text");
    }

    @Test
    void structs() {
        StructType type =
                (StructType) DataTypes.parse("struct<city:string,zipCode:int,geo:struct<lat:double,lon:double>>");
        List<Object> value = Arrays.asList("Paris", 75001, Arrays.asList(48.85, 2.35));
        String json = JsonValueCodec.toJson(type, value);
        assertThat(json).isEqualTo("{\"city\":\"Paris\",\"zipCode\":75001,\"geo\":{\"lat\":48.85,\"lon\":2.35}}");
        assertThat(JsonValueCodec.fromJson(type, json)).isEqualTo(value);
        // case-insensitive, any order, unknown fields skipped (even nested ones), missing fields null
        assertThat(JsonValueCodec.fromJson(
                        type, "{\"ZIPCODE\": 1, \"extra\": {\"deep\": [1, {\"x\": 2}]}, \"City\": \"Lyon\"}"))
                .isEqualTo(Arrays.asList("Lyon", 1, null));
        assertThat(JsonValueCodec.toJson(type, Arrays.asList(null, null, null)))
                .isEqualTo("{\"city\":null,\"zipCode\":null,\"geo\":null}");
        assertThatThrownBy(() -> JsonValueCodec.toJson(type, List.of("x")))
                .hasMessageContaining("needs 3 field values, got 1");
    }

    @Test
    void mapsKeyedByCanonicalText() {
        MapType type = new MapType(DATE, new ArrayType(BIGINT));
        Map<Object, Object> value = new LinkedHashMap<>();
        value.put(LocalDate.of(2024, 3, 1), List.of(1L, Long.MAX_VALUE));
        value.put(LocalDate.of(2024, 3, 2), null);
        String json = JsonValueCodec.toJson(type, value);
        assertThat(json).isEqualTo("{\"2024-03-01\":[1,9223372036854775807],\"2024-03-02\":null}");
        assertThat(JsonValueCodec.fromJson(type, json)).isEqualTo(value);
        assertThatThrownBy(() -> JsonValueCodec.fromJson(new MapType(INT, STRING), "{\"x\": \"y\"}"))
                .hasMessageContaining("'x' as int");
        Map<Object, Object> nullKey = new LinkedHashMap<>();
        nullKey.put(null, "v");
        assertThatThrownBy(() -> JsonValueCodec.toJson(new MapType(STRING, STRING), nullKey))
                .hasMessageContaining("map key is null");
    }

    @Test
    void readLeavesTheParserOnTheLastTokenOfTheValue() throws IOException {
        DataType struct = DataTypes.parse("struct<a:array<int>>");
        try (JsonParser parser = JsonValueCodec.factory().createParser("[{\"a\": [1, 2], \"b\": {}}, 5, \"x\"]")) {
            assertThat(parser.nextToken()).isEqualTo(JsonToken.START_ARRAY);
            parser.nextToken();
            assertThat(JsonValueCodec.CANONICAL.read(parser, struct)).isEqualTo(List.of(List.of(1, 2)));
            assertThat(parser.currentToken()).isEqualTo(JsonToken.END_OBJECT);
            parser.nextToken();
            assertThat(JsonValueCodec.CANONICAL.read(parser, INT)).isEqualTo(5);
            parser.nextToken();
            assertThat(JsonValueCodec.CANONICAL.read(parser, STRING)).isEqualTo("x");
            assertThat(parser.nextToken()).isEqualTo(JsonToken.END_ARRAY);
        }
    }

    @Test
    void arraysHoldNulls() {
        ArrayType type = new ArrayType(new DecimalType(5, 2));
        List<Object> value = Arrays.asList(new BigDecimal("1.00"), null, new BigDecimal("-999.99"));
        assertRoundTrip(type, value, "[1.00,null,-999.99]");
        assertRoundTrip(type, List.of(), "[]");
    }

    private static void assertRoundTrip(DataType type, Object value, String json) {
        assertThat(JsonValueCodec.toJson(type, value)).isEqualTo(json);
        assertThat(JsonValueCodec.fromJson(type, json)).isEqualTo(value);
    }
}
