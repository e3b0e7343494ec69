package io.hivenosql.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonTemporalFormat;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The readers that decode straight into Hive's values ({@link JsonHiveReaders}, with the fast scalar paths of
 * {@link JsonScalarReaders}) give what the neutral path gives ({@code HiveValues.toHive} of the codec's value): the
 * same values, the same errors with the same messages, and the parser left on the same token.
 */
class TestJsonHiveReaders {
    private static final JsonStyle ISO = JsonStyle.CANONICAL;

    /** The value (byte arrays as lists, to compare), or the error's message, and where the parser was left. */
    private static String outcome(String json, JsonValueReader reader) {
        try (JsonParser parser = JsonValueCodec.factory().createParser(json)) {
            parser.enable(JsonParser.Feature.USE_FAST_DOUBLE_PARSER);
            parser.nextToken();
            String result;
            try {
                Object value = parser.currentToken() == com.fasterxml.jackson.core.JsonToken.VALUE_NULL
                        ? null
                        : reader.read(parser);
                result = "value " + comparable(value);
            } catch (ValueConversionException e) {
                return "error " + e.getMessage();
            }
            return result + " at " + parser.currentLocation().getCharOffset();
        } catch (IOException e) {
            return "malformed " + e.getMessage();
        }
    }

    private static Object comparable(Object value) {
        if (value instanceof byte[] bytes) {
            return Arrays.toString(bytes);
        }
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(element -> copy.add(comparable(element)));
            return copy;
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(comparable(k), comparable(v)));
            return copy;
        }
        // leaves with their class; lists and maps of any class (Hive's inspectors take any List and Map)
        return value == null ? null : value + " " + value.getClass().getSimpleName();
    }

    private static void assertSameAsNeutral(String hiveType, JsonStyle style, String... jsons) {
        DataType type = DataTypes.parse(hiveType);
        JsonValueCodec codec = JsonValueCodec.of(style);
        JsonValueReader fast = JsonHiveReaders.of(type, codec);
        JsonValueReader general = JsonHiveReaders.general(type, codec);
        for (String json : jsons) {
            assertThat(outcome(json, fast)).as("%s from %s", hiveType, json).isEqualTo(outcome(json, general));
        }
    }

    @Test
    void integers() {
        assertSameAsNeutral(
                "bigint",
                ISO,
                "0",
                "-9223372036854775808",
                "9223372036854775807",
                "9223372036854775808",
                "42.0",
                "42.5",
                "\"42\"",
                "1e2",
                "null",
                "true",
                "[1]");
        assertSameAsNeutral("int", ISO, "2147483647", "2147483648", "-2147483648", "-2147483649", "7");
        assertSameAsNeutral("smallint", ISO, "32767", "32768", "-32768", "-1");
        assertSameAsNeutral("tinyint", ISO, "127", "128", "-128", "-129", "0");
    }

    @Test
    void doublesAreParsedExactly() {
        assertSameAsNeutral(
                "double",
                ISO,
                "1.5",
                "-0.0",
                "1e308",
                "1e309",
                "-1e309",
                "NaN",
                "-Infinity",
                "\"NaN\"",
                "0.1",
                "123456789012345678901234567890",
                "4.9e-324",
                "2.2250738585072011e-308",
                "\"x\"");
        SplittableRandom random = new SplittableRandom(5);
        DataType type = DataTypes.parse("double");
        JsonValueReader fast = JsonHiveReaders.of(type, JsonValueCodec.CANONICAL);
        for (int i = 0; i < 20_000; i++) {
            double value = Double.longBitsToDouble(random.nextLong());
            String text = Double.isFinite(value) ? Double.toString(value) : "1";
            String digits = random.nextLong() + "." + Long.toUnsignedString(random.nextLong()) + "e"
                    + random.nextInt(-330, 310);
            for (String json : List.of(text, digits)) {
                double expected = Double.parseDouble(json);
                if (Double.isFinite(expected)) {
                    assertThat(outcome(json, fast)).as(json).startsWith("value " + expected + " Double");
                }
            }
        }
        assertSameAsNeutral("float", ISO, "1.5", "3.4028235e39", "0.1", "NaN");
    }

    @Test
    void strings() {
        assertSameAsNeutral(
                "string",
                ISO,
                "\"\"",
                "\"a\\u00e9\\n\\\"\"",
                "\"Zürich 東京 \uD83D\uDE00\"",
                "42",
                "4.20",
                "true",
                "[1,{\"a\":2}]",
                "{\"a\":1}");
        assertSameAsNeutral("varchar(3)", ISO, "\"abcdef\"", "\"ab\"");
        assertSameAsNeutral("char(3)", ISO, "\"a\"", "\"abcd\"");
        assertSameAsNeutral("binary", ISO, "\"AAEC/w==\"", "\"AAEC_w\"", "\"!\"", "1");
        assertSameAsNeutral("boolean", ISO, "true", "false", "1", "0", "\"TRUE\"", "2");
    }

    private static final String[] DATES = {
        "\"2024-02-29\"",
        "\"2023-02-29\"",
        "\"1900-02-29\"",
        "\"2000-02-29\"",
        "\"0001-01-01\"",
        "\"9999-12-31\"",
        "\"0000-01-01\"",
        "\" 2024-01-01 \"",
        "\"2024-1-5\"",
        "\"2024-13-01\"",
        "\"2024-04-31\"",
        "\"2024-01-00\"",
        "\"2024/01/01\"",
        "\"+10000-01-01\"",
        "\"31.12.2024\"",
        "19000",
        "-719162",
        "1.5",
        "\"\""
    };

    @Test
    void datesInEveryFormat() {
        for (String format : List.of("iso", "epoch-days", "dd.MM.yyyy")) {
            assertSameAsNeutral(
                    "date", new JsonStyle(JsonTemporalFormat.ISO, JsonTemporalFormat.date(format), true), DATES);
        }
    }

    private static final String[] TIMESTAMPS = {
        "\"2024-01-01T10:00:00\"",
        "\"2024-01-01 10:00:00.123\"",
        "\"2024-01-01T10:00:00.1\"",
        "\"2024-01-01T10:00:00.123456789\"",
        "\"2024-01-01T10:00:00.1234567891\"",
        "\"2024-01-01T10:00:00.\"",
        "\"2024-01-01T24:00:00\"",
        "\"2024-01-01T23:60:00\"",
        "\"2024-01-01T23:59:60\"",
        "\"2024-01-01t10:00:00\"",
        "\"2024-01-01T10:00\"",
        "\"2024-01-01T10:00:00Z\"",
        "\"2024-01-01T10:00:00.5+02:00\"",
        "\"2024-01-01\"",
        "\"0001-01-01T00:00:00\"",
        "\"0000-12-31T00:00:00\"",
        "\"9999-12-31T23:59:59.999999999\"",
        "\"2024-02-30T00:00:00\"",
        "\"2024-01-01T10:00:00.12a\"",
        "\"2024/01/01 10:00:00.123\"",
        "1700000000123",
        "1700000000123.5",
        "1700000000",
        "true"
    };

    @Test
    void timestampsInEveryFormat() {
        for (String format : List.of("iso", "iso-utc", "epoch-millis", "epoch-seconds", "yyyy/MM/dd HH:mm:ss.SSS")) {
            assertSameAsNeutral(
                    "timestamp",
                    new JsonStyle(JsonTemporalFormat.timestamp(format), JsonTemporalFormat.ISO, true),
                    TIMESTAMPS);
        }
    }

    @Test
    void decimalsWithoutBigDecimalWhenTheyFit() {
        assertSameAsNeutral(
                "decimal(12,2)",
                ISO,
                "17",
                "17.5",
                "17.555",
                "17.554",
                "-0",
                "-0.00",
                "0.001",
                "0.005",
                "9999999999.99",
                "-9999999999.99",
                "99999999999",
                "9999999999.995",
                "1e3",
                "1E+3",
                "1.5e-1",
                "\"12.5\"",
                "\"1e400\"",
                "NaN",
                "-12.30",
                "0",
                "true");
        assertSameAsNeutral(
                "decimal(38,0)",
                ISO,
                "9".repeat(38),
                "-" + "9".repeat(38),
                "9".repeat(39),
                "123456789012345678",
                "1234567890123456789",
                "0.5");
        assertSameAsNeutral(
                "decimal(38,38)",
                ISO,
                "0.12345678901234567890123456789012345678",
                "-0.00000000000000000000000000000000000001",
                "0.123456789012345678901234567890123456789",
                "1");
        assertSameAsNeutral(
                "decimal(38,18)",
                ISO,
                "12345678901234567890.123456789012345678",
                "12345678901234567890.1234567890123456789",
                "-0.000000000000000001",
                "123456789012345678901");
        assertSameAsNeutral("decimal(5,5)", ISO, "0.00001", "0.000005", "1", "0");
        assertSameAsNeutral("decimal(3,0)", ISO, "999", "1000", "999.5", "-999.4");
    }

    @Test
    void nestedValuesWithNulls() {
        assertSameAsNeutral("array<int>", ISO, "[1,null,3]", "[]", "null", "{}", "[1,\"x\"]", "[[1]]", "\"[1]\"");
        assertSameAsNeutral(
                "map<string,int>", ISO, "{\"a\":1,\"b\":null}", "{}", "{\"a\":1,\"a\":2}", "[1]", "{\"a\":\"x\"}");
        assertSameAsNeutral("map<int,string>", ISO, "{\"1\":\"a\",\"-2\":null}", "{\"x\":\"a\"}");
        assertSameAsNeutral("map<date,decimal(5,2)>", ISO, "{\"2024-01-01\":1.5}", "{\"2024-13-01\":1}");
        assertSameAsNeutral(
                "array<struct<a:int,b:string,c:array<date>>>",
                ISO,
                "[{\"a\":1,\"b\":\"x\",\"c\":[\"2024-01-01\",null]},null,{}]",
                "[{\"A\":1,\"unknown\":{\"z\":[1,{\"q\":2}]},\"B\":null}]",
                "[{\"c\":[],\"b\":\"y\",\"a\":2}]",
                "[{\"a\":\"x\"}]",
                "[{\"a\":1,\"a\":2}]",
                "[5]");
    }

    @Test
    void structFieldsMatchAsTheStyleSays() {
        String[] objects = {
            "{\"Name\":\"a\",\"name\":\"b\",\"NAME\":\"c\"}",
            "{\"NAME\":\"c\"}",
            "{\"zip\":1,\"Name\":\"a\"}",
            "{\"name\":\"a\",\"zip\":2,\"ZIP\":3}"
        };
        for (boolean caseInsensitive : List.of(true, false)) {
            JsonStyle style = new JsonStyle(JsonTemporalFormat.ISO, JsonTemporalFormat.ISO, caseInsensitive);
            assertSameAsNeutral("struct<name:string,zip:int>", style, objects);
            assertSameAsNeutral("struct<zip:int,name:string>", style, objects);
            // the same names again: remembered lookups give the same fields
            assertSameAsNeutral("struct<name:string,zip:int>", style, objects);
        }
    }
}
