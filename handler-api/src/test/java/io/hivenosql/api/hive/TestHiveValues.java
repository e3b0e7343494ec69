package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorConverters;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.IntWritable;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestHiveValues {
    static Stream<Arguments> values() {
        Map<String, Object> decimals = new LinkedHashMap<>();
        decimals.put("a", new BigDecimal("1.50"));
        decimals.put("b", null);
        LocalDateTime withNanos = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 123_456_789);
        return Stream.of(
                Arguments.of("boolean", true),
                Arguments.of("tinyint", (byte) -7),
                Arguments.of("smallint", (short) 1234),
                Arguments.of("int", 42),
                Arguments.of("bigint", Long.MAX_VALUE),
                Arguments.of("float", 1.5f),
                Arguments.of("double", 0.1),
                Arguments.of("decimal(38,10)", new BigDecimal("1234567890123456789012345678.0123456789")),
                Arguments.of("decimal(5,2)", new BigDecimal("-12.50")),
                Arguments.of("decimal(5,2)", new BigDecimal("0.00")),
                Arguments.of("string", "héllo, 世界"),
                Arguments.of("varchar(5)", "abc"),
                Arguments.of("char(4)", "ab  "),
                Arguments.of("binary", new byte[] {0, 1, -1}),
                Arguments.of("date", LocalDate.of(1969, 12, 31)),
                Arguments.of("date", LocalDate.of(2024, 2, 29)),
                Arguments.of("timestamp", withNanos),
                Arguments.of("timestamp", LocalDateTime.of(1960, 6, 1, 23, 59, 59, 1)),
                Arguments.of("array<int>", Arrays.asList(1, null, 3)),
                Arguments.of("map<string,decimal(5,2)>", decimals),
                Arguments.of(
                        "struct<a:int,b:array<struct<c:string,d:timestamp>>>",
                        List.of(1, List.of(Arrays.asList("x", withNanos), Arrays.asList(null, null)))));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void roundTripsThroughJavaInspectors(String typeName, Object neutral) {
        DataType type = DataTypes.parse(typeName);
        ObjectInspector inspector = HiveValues.objectInspector(type);

        Object hive = HiveValues.toHive(type, neutral);

        assertThat(inspector.getTypeName()).isEqualTo(typeName);
        assertThat(HiveValues.fromHive(inspector, hive, type)).isEqualTo(neutral);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("values")
    void readsWritableInspectors(String typeName, Object neutral) {
        DataType type = DataTypes.parse(typeName);
        ObjectInspector java = HiveValues.objectInspector(type);
        ObjectInspector writable = TypeInfoUtils.getStandardWritableObjectInspectorFromTypeInfo(
                TypeInfoUtils.getTypeInfoFromTypeString(typeName));
        Object converted =
                ObjectInspectorConverters.getConverter(java, writable).convert(HiveValues.toHive(type, neutral));

        assertThat(HiveValues.fromHive(writable, converted, type)).isEqualTo(neutral);
    }

    @Test
    void keepsNull() {
        assertThat(HiveValues.toHive(PrimitiveType.INT, null)).isNull();
        assertThat(HiveValues.fromHive(PrimitiveObjectInspectorFactory.javaIntObjectInspector, null, PrimitiveType.INT))
                .isNull();
    }

    @Test
    void enforcesDecimalPrecisionAndScaleAsHiveDoes() {
        DataType type = DataTypes.parse("decimal(5,2)");

        assertThat(HiveValues.toHive(type, new BigDecimal("1.235"))).isEqualTo(HiveDecimal.create("1.24"));
        assertThatThrownBy(() -> HiveValues.toHive(type, new BigDecimal("12345.6")))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("12345.6")
                .hasMessageContaining("decimal(5,2)")
                .hasMessageContaining("3 digits before the decimal point");
        assertThatThrownBy(() -> HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.javaHiveDecimalObjectInspector,
                        HiveDecimal.create("12345.6"),
                        type))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("decimal(5,2)");
    }

    @Test
    void refusesValuesOfTheWrongClassOrRange() {
        assertThatThrownBy(() -> HiveValues.toHive(PrimitiveType.INT, "42"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'42'")
                .hasMessageContaining("String");
        assertThatThrownBy(() -> HiveValues.toHive(PrimitiveType.TINYINT, 300L))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("out of range");
        assertThatThrownBy(() -> HiveValues.toHive(DataTypes.parse("struct<a:int,b:int>"), List.of(1)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("2 fields");
    }

    @Test
    void datesAndTimestampsKeepToYearsOneToNineThousandNineHundredNinetyNine() {
        assertThat(HiveValues.toHive(PrimitiveType.DATE, LocalDate.of(1, 1, 1))).hasToString("0001-01-01");
        assertThat(HiveValues.toHive(PrimitiveType.DATE, LocalDate.of(9999, 12, 31)))
                .hasToString("9999-12-31");
        assertThat(HiveValues.toHive(PrimitiveType.TIMESTAMP, LocalDateTime.of(1, 1, 1, 0, 0)))
                .hasToString("0001-01-01 00:00:00");
        assertThat(HiveValues.toHive(PrimitiveType.TIMESTAMP, LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999)))
                .hasToString("9999-12-31 23:59:59.999999999");
        // before the epoch, with nanoseconds: built from epoch seconds (Hive 3 keeps the LocalDateTime constructor
        // private)
        assertThat(HiveValues.toHive(PrimitiveType.TIMESTAMP, LocalDateTime.of(1969, 12, 31, 23, 59, 59, 1)))
                .hasToString("1969-12-31 23:59:59.000000001");
        assertThatThrownBy(() -> HiveValues.toHive(PrimitiveType.DATE, LocalDate.of(1_701_533, 1, 31)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("cannot read '+1701533-01-31' as date: outside Hive's date range (0001-01-01 to "
                        + "9999-12-31)");
        assertThatThrownBy(() -> HiveValues.toHive(PrimitiveType.DATE, LocalDate.of(0, 12, 31)))
                .hasMessageStartingWith("cannot read '0000-12-31' as date");
        assertThatThrownBy(() -> HiveValues.toHive(PrimitiveType.TIMESTAMP, LocalDateTime.of(-1, 6, 1, 12, 0)))
                .hasMessage("cannot read '-0001-06-01T12:00:00' as timestamp: outside Hive's timestamp range "
                        + "(0001-01-01 00:00:00 to 9999-12-31 23:59:59.999999999)");
        // inside arrays, maps and structs too
        assertThatThrownBy(() -> HiveValues.toHive(
                        DataTypes.parse("array<timestamp>"), List.of(LocalDateTime.of(10_000, 1, 1, 0, 0))))
                .hasMessageStartingWith("cannot read '+10000-01-01T00:00:00' as timestamp");
        // a value Hive computed beyond the range is not written
        assertThatThrownBy(() -> HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.javaDateObjectInspector,
                        org.apache.hadoop.hive.common.type.Date.ofEpochDay(
                                (int) LocalDate.of(10_000, 1, 1).toEpochDay()),
                        PrimitiveType.DATE))
                .hasMessage("cannot write '+10000-01-01' as date: outside Hive's date range (0001-01-01 to "
                        + "9999-12-31), which is all a table reads");
        assertThatThrownBy(() -> HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.javaTimestampObjectInspector,
                        org.apache.hadoop.hive.common.type.Timestamp.valueOf("0000-12-31 23:59:59"),
                        PrimitiveType.TIMESTAMP))
                .hasMessageStartingWith("cannot write '0000-12-31T23:59:59' as timestamp");
    }

    @Test
    void widensIntegersForLargerColumns() {
        assertThat(HiveValues.toHive(PrimitiveType.BIGINT, 7)).isEqualTo(7L);
        assertThat(HiveValues.toHive(DataTypes.parse("decimal(4,1)"), 7L)).isEqualTo(HiveDecimal.create("7"));
    }

    @Test
    void convertsOtherCategoriesWithHiveCasts() {
        assertThat(HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.writableIntObjectInspector,
                        new IntWritable(5),
                        PrimitiveType.BIGINT))
                .isEqualTo(5L);
        assertThat(HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.writableStringObjectInspector,
                        new Text("a long text"),
                        DataTypes.parse("varchar(6)")))
                .isEqualTo("a long");
        assertThatThrownBy(() -> HiveValues.fromHive(
                        PrimitiveObjectInspectorFactory.javaIntObjectInspector, 5, DataTypes.parse("array<int>")))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("Hive passed a value of type int");
    }
}
