package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonTemporalFormat;
import io.hivenosql.api.types.JsonValueCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;

/**
 * The fast writers ({@link JsonValueWriters}) write byte for byte what the neutral path writes ({@link JsonValueCodec}
 * on {@link HiveValues#fromHive}, i.e. {@link JsonRowEncoder}), for Hive's Java and writable inspectors, and fail as
 * the general writer fails.
 */
class TestJsonValueWriters {
    private static final JsonStyle ISO = JsonStyle.CANONICAL;

    static String write(JsonValueWriter writer, Object value) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (JsonGenerator generator = JsonValueCodec.factory().createGenerator(out)) {
            writer.write(generator, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toString(UTF_8);
    }

    private static String reference(DataType type, ObjectInspector inspector, Object value, JsonStyle style) {
        JsonValueCodec codec = JsonValueCodec.of(style);
        return write((generator, v) -> codec.write(generator, type, HiveValues.fromHive(inspector, v, type)), value);
    }

    /** Writes each Java value, and its writable form, with the fast writer and the neutral path, and compares. */
    static void assertSameAsNeutral(String hiveType, JsonStyle style, Object... values) {
        DataType type = DataTypes.parse(hiveType);
        TypeInfo info = TypeInfoUtils.getTypeInfoFromTypeString(hiveType);
        ObjectInspector java = TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(info);
        ObjectInspector writable = TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(info);
        ObjectInspectorConverters.Converter toWritable = ObjectInspectorConverters.getConverter(java, writable);
        JsonValueWriter javaWriter = JsonValueWriters.of(type, java, style);
        JsonValueWriter writableWriter = JsonValueWriters.of(type, writable, style);
        for (Object value : values) {
            String expected = reference(type, java, value, style);
            assertThat(write(javaWriter, value))
                    .as("%s %s (Java)", hiveType, value)
                    .isEqualTo(expected);
            assertThat(write(writableWriter, toWritable.convert(value)))
                    .as("%s %s (writable)", hiveType, value)
                    .isEqualTo(expected);
        }
    }

    static JsonStyle timestamps(String format) {
        return new JsonStyle(JsonTemporalFormat.timestamp(format), JsonTemporalFormat.ISO, true);
    }

    @Test
    void fastWritersAreChosenForInspectorsOfTheColumnsType() {
        for (String type : List.of(
                "boolean",
                "tinyint",
                "smallint",
                "int",
                "bigint",
                "float",
                "double",
                "string",
                "binary",
                "date",
                "timestamp",
                "decimal(12,2)")) {
            TypeInfo info = TypeInfoUtils.getTypeInfoFromTypeString(type);
            for (ObjectInspector inspector : List.of(
                    TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(info),
                    TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(info))) {
                assertThat(JsonValueWriters.of(DataTypes.parse(type), inspector, ISO))
                        .as(type)
                        .isNotInstanceOf(JsonGeneralWriter.class);
            }
        }
        assertThat(JsonValueWriters.of(
                        DataTypes.parse("varchar(3)"),
                        PrimitiveObjectInspectorFactory.javaHiveVarcharObjectInspector,
                        ISO))
                .isInstanceOf(JsonGeneralWriter.class);
    }

    @Test
    void numbersAndBooleans() {
        assertSameAsNeutral("bigint", ISO, Long.MIN_VALUE, Long.MAX_VALUE, 0L, -1L, 9007199254740993L);
        assertSameAsNeutral("int", ISO, Integer.MIN_VALUE, Integer.MAX_VALUE, 0, 42);
        assertSameAsNeutral("smallint", ISO, Short.MIN_VALUE, Short.MAX_VALUE, (short) 0);
        assertSameAsNeutral("tinyint", ISO, Byte.MIN_VALUE, Byte.MAX_VALUE, (byte) 7);
        assertSameAsNeutral("boolean", ISO, true, false);
        assertSameAsNeutral(
                "float",
                ISO,
                1.5f,
                -0.0f,
                Float.NaN,
                Float.POSITIVE_INFINITY,
                Float.NEGATIVE_INFINITY,
                Float.MIN_VALUE,
                Float.MAX_VALUE,
                1e10f,
                0.1f);
        assertSameAsNeutral(
                "double",
                ISO,
                0.1,
                -0.0,
                Double.NaN,
                Double.POSITIVE_INFINITY,
                Double.NEGATIVE_INFINITY,
                Double.MIN_VALUE,
                Double.MAX_VALUE,
                1e-300,
                2e23,
                123456789.125);
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 2000; i++) {
            assertSameAsNeutral("double", ISO, Double.longBitsToDouble(random.nextLong()));
            assertSameAsNeutral("bigint", ISO, random.nextLong());
        }
    }

    @Test
    void stringsWithEscapesAndNonAscii() {
        assertSameAsNeutral(
                "string",
                ISO,
                "",
                "plain",
                "quote \" backslash \\ slash /",
                "\u0000\u0001\u001f\n\r\t\b\f\u007f",
                "Zürich São Paulo 東京 Floriańska",
                "emoji \uD83D\uDE00 and more",
                "\u2028\u2029",
                "x".repeat(20_000),
                "é".repeat(9_000));
        assertSameAsNeutral("varchar(5)", ISO, "abcdefgh", "ab", "");
        assertSameAsNeutral("char(5)", ISO, "ab", "abcde", "");
    }

    @Test
    void textWithInvalidUtf8IsWrittenAsHiveDecodesIt() throws IOException {
        DataType type = DataTypes.parse("string");
        PrimitiveObjectInspector inspector = PrimitiveObjectInspectorFactory.writableStringObjectInspector;
        JsonValueWriter fast = JsonValueWriters.of(type, inspector, ISO);
        JsonValueWriter general = new JsonGeneralWriter(type, inspector, ISO);
        byte[][] cases = {
            {'a', (byte) 0xC3, 'b'}, // truncated 2-byte sequence
            {(byte) 0xFF, 'x'}, // never valid
            {(byte) 0xC0, (byte) 0x80}, // overlong NUL
            {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, // an encoded surrogate
            {(byte) 0xF4, (byte) 0x90, (byte) 0x80, (byte) 0x80}, // above U+10FFFF
            {(byte) 0xF0, (byte) 0x9F, (byte) 0x98, (byte) 0x80}, // a valid emoji (escaped as surrogates)
            {'o', 'k', (byte) 0xC3, (byte) 0xA9, '"', '\n'}, // valid, with escapes
            {(byte) 0xE2, (byte) 0x82}, // truncated 3-byte sequence at the end
        };
        ObjectMapper mapper = new ObjectMapper();
        for (byte[] bytes : cases) {
            Text text = new Text(bytes);
            String json = write(fast, text);
            assertThat(json).as(Arrays.toString(bytes)).isEqualTo(write(general, text));
            assertThat(mapper.readValue(json, String.class)).isEqualTo(text.toString());
        }
    }

    @Test
    void utf8CheckAgreesWithJavasDecoder() {
        SplittableRandom random = new SplittableRandom(7);
        byte[] interesting = {
            0x41,
            (byte) 0x80,
            (byte) 0xBF,
            (byte) 0xC2,
            (byte) 0xDF,
            (byte) 0xE0,
            (byte) 0xA0,
            (byte) 0xED,
            (byte) 0x9F,
            (byte) 0xEF,
            (byte) 0xF0,
            (byte) 0x90,
            (byte) 0xF4,
            (byte) 0x8F,
            (byte) 0xF5,
            (byte) 0xC0,
            (byte) 0xC1
        };
        for (int i = 0; i < 200_000; i++) {
            byte[] bytes = new byte[random.nextInt(1, 6)];
            for (int j = 0; j < bytes.length; j++) {
                bytes[j] = interesting[random.nextInt(interesting.length)];
            }
            assertThat(JsonPrimitiveWriters.Utf8.isValidBmp(bytes, bytes.length))
                    .as(Arrays.toString(bytes))
                    .isEqualTo(isValidBmp(bytes));
        }
    }

    private static boolean isValidBmp(byte[] bytes) {
        try {
            String decoded =
                    UTF_8.newDecoder().decode(java.nio.ByteBuffer.wrap(bytes)).toString();
            return decoded.codePoints().allMatch(c -> c < 0x10000);
        } catch (java.nio.charset.CharacterCodingException e) {
            return false;
        }
    }

    @Test
    void binaryAsBase64() {
        assertSameAsNeutral(
                "binary",
                ISO,
                new byte[0],
                new byte[] {0},
                new byte[] {0, 1},
                new byte[] {0, 1, 2},
                new byte[] {0, 1, 2, (byte) 255},
                new byte[] {-1, -2, -3, -4, -5});
    }

    @Test
    void decimalsAtEveryPrecisionAndScale() {
        assertSameAsNeutral(
                "decimal(12,2)",
                ISO,
                HiveDecimal.create("17"),
                HiveDecimal.create("17.5"),
                HiveDecimal.create("-0.01"),
                HiveDecimal.create("0"),
                HiveDecimal.create("9999999999.99"));
        assertSameAsNeutral(
                "decimal(38,0)",
                ISO,
                HiveDecimal.create("9".repeat(38)),
                HiveDecimal.create("-" + "9".repeat(38)),
                HiveDecimal.create("1"));
        assertSameAsNeutral(
                "decimal(38,38)",
                ISO,
                HiveDecimal.create("0." + "9".repeat(38)),
                HiveDecimal.create("-0." + "0".repeat(37) + "1"),
                HiveDecimal.create("0"));
        assertSameAsNeutral(
                "decimal(38,18)",
                ISO,
                HiveDecimal.create("12345678901234567890.123456789012345678"),
                HiveDecimal.create("1E+3"),
                HiveDecimal.create("-1E-18"));
    }

    @Test
    void decimalsOfAnotherScaleRoundOrFailAsTheGeneralWriter() {
        DataType column = DataTypes.parse("decimal(12,2)");
        PrimitiveObjectInspector wide = PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(
                (org.apache.hadoop.hive.serde2.typeinfo.PrimitiveTypeInfo)
                        TypeInfoUtils.getTypeInfoFromTypeString("decimal(38,18)"));
        JsonValueWriter fast = JsonValueWriters.of(column, wide, ISO);
        JsonValueWriter general = new JsonGeneralWriter(column, wide, ISO);
        for (String value : List.of("1.005", "-1.005", "0.004", "9999999999.994", "1.10", "123")) {
            HiveDecimal decimal = HiveDecimal.create(value);
            assertThat(write(fast, decimal)).as(value).isEqualTo(write(general, decimal));
            assertThat(write(fast, decimal)).isEqualTo(reference(column, wide, decimal, ISO));
        }
        for (String value : List.of("9999999999.995", "12345678901.5", "-" + "9".repeat(20))) {
            HiveDecimal decimal = HiveDecimal.create(value);
            assertThatThrownBy(() -> write(fast, decimal))
                    .hasMessage(catchMessage(() -> write(general, decimal)))
                    .hasMessageContaining("does not fit");
        }
    }

    static String catchMessage(Runnable action) {
        try {
            action.run();
        } catch (RuntimeException e) {
            return e.getMessage();
        }
        throw new AssertionError("no exception");
    }

    @Test
    void nestedValuesWithNulls() {
        assertSameAsNeutral(
                "array<struct<a:int,b:string>>",
                ISO,
                List.of(),
                Arrays.asList(Arrays.asList(1, "x"), null, Arrays.asList(null, null)));
        Map<String, Double> scores = new LinkedHashMap<>();
        scores.put("math", 1.5);
        scores.put("art", null);
        scores.put("", Double.NaN);
        assertSameAsNeutral("map<string,double>", ISO, scores, Map.of());
        Map<Object, Object> dated = new LinkedHashMap<>();
        dated.put("a", Arrays.asList(Date.valueOf("2024-01-02"), null));
        assertSameAsNeutral(
                "struct<x:array<map<string,array<date>>>,y:timestamp,z:struct<q:decimal(5,2)>>",
                ISO,
                Arrays.asList(Arrays.asList(dated, null), Timestamp.valueOf("2024-01-01 00:00:00.5"), null),
                Arrays.asList(null, null, Arrays.asList(HiveDecimal.create("1.5"))));
    }

    @Test
    void rawValuesAcrossTheGeneratorsBufferBoundaries() {
        SplittableRandom random = new SplittableRandom(11);
        List<Object> decimals = new ArrayList<>();
        List<Object> dates = new ArrayList<>();
        List<Object> timestamps = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            decimals.add(HiveDecimal.create(java.math.BigDecimal.valueOf(random.nextLong(), random.nextInt(19))));
            dates.add(Date.ofEpochDay(random.nextInt(-719_162, 2_932_896)));
            timestamps.add(Timestamp.ofEpochSecond(random.nextLong(-62_135_596_800L, 253_402_300_800L), i));
        }
        assertSameAsNeutral("array<decimal(38,18)>", ISO, decimals);
        assertSameAsNeutral("array<date>", ISO, dates);
        assertSameAsNeutral("array<timestamp>", ISO, timestamps);
        assertSameAsNeutral("array<timestamp>", timestamps("iso-utc"), timestamps);
    }

    @Test
    void mapsWithKeysOfEveryPrimitiveType() {
        Map<Object, Object> ints = new LinkedHashMap<>();
        ints.put(1, "one");
        ints.put(-2, null);
        assertSameAsNeutral("map<int,string>", ISO, ints);
        assertSameAsNeutral("map<date,boolean>", ISO, Map.of(Date.valueOf("2024-01-01"), true));
        assertSameAsNeutral("map<decimal(5,2),int>", ISO, Map.of(HiveDecimal.create("1.5"), 1));
        assertSameAsNeutral("map<timestamp,bigint>", ISO, Map.of(Timestamp.valueOf("2024-01-01 00:00:00.123"), 1L));
        assertSameAsNeutral("map<char(3),int>", ISO, Map.of("a", 1));
        Map<Object, Object> nullKey = new java.util.HashMap<>();
        nullKey.put(null, 1);
        DataType type = DataTypes.parse("map<string,int>");
        ObjectInspector inspector = TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(
                TypeInfoUtils.getTypeInfoFromTypeString("map<string,int>"));
        assertThatThrownBy(() -> write(JsonValueWriters.of(type, inspector, ISO), nullKey))
                .hasMessageContaining("a map key is null");
    }

    @Test
    void inspectorsOfAnotherCategoryConvertWithHivesCasts() {
        ObjectInspector ints = PrimitiveObjectInspectorFactory.javaIntObjectInspector;
        ObjectInspector strings = PrimitiveObjectInspectorFactory.javaStringObjectInspector;
        assertThat(write(JsonValueWriters.of(DataTypes.parse("bigint"), ints, ISO), 7))
                .isEqualTo("7");
        assertThat(write(JsonValueWriters.of(DataTypes.parse("string"), ints, ISO), 7))
                .isEqualTo("\"7\"");
        assertThat(write(JsonValueWriters.of(DataTypes.parse("int"), strings, ISO), "42"))
                .isEqualTo("42");
        assertThat(write(JsonValueWriters.of(DataTypes.parse("date"), strings, ISO), "2024-01-02"))
                .isEqualTo("\"2024-01-02\"");
        assertThatThrownBy(() -> write(JsonValueWriters.of(DataTypes.parse("array<int>"), ints, ISO), 7))
                .isInstanceOf(ClassCastException.class)
                .hasMessageContaining("array<int>");
    }

    @Test
    void structsOfAnotherShapeFailNamingIt() {
        ObjectInspector inspector = TypeInfoUtils.getStandardJavaObjectInspectorFromTypeInfo(
                TypeInfoUtils.getTypeInfoFromTypeString("struct<a:int>"));
        JsonValueWriter writer = JsonValueWriters.of(DataTypes.parse("struct<a:int,b:int>"), inspector, ISO);
        assertThatThrownBy(() -> write(writer, new ArrayList<>(List.of(1))))
                .hasMessageContaining("Hive passed a struct of 1 fields");
    }
}
