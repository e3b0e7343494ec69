package io.hivenosql.api.types;

import static io.hivenosql.api.types.PrimitiveType.BIGINT;
import static io.hivenosql.api.types.PrimitiveType.BINARY;
import static io.hivenosql.api.types.PrimitiveType.BOOLEAN;
import static io.hivenosql.api.types.PrimitiveType.DATE;
import static io.hivenosql.api.types.PrimitiveType.DOUBLE;
import static io.hivenosql.api.types.PrimitiveType.FLOAT;
import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.SMALLINT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static io.hivenosql.api.types.PrimitiveType.TIMESTAMP;
import static io.hivenosql.api.types.PrimitiveType.TINYINT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestTextValueCodec {
    @Test
    void booleans() {
        assertRoundTrip(BOOLEAN, true, "true");
        assertRoundTrip(BOOLEAN, false, "false");
        assertThat(TextValueCodec.decode(BOOLEAN, "TRUE")).isEqualTo(true);
        assertThat(TextValueCodec.decode(BOOLEAN, "False")).isEqualTo(false);
        assertThat(TextValueCodec.decode(BOOLEAN, "1")).isEqualTo(true);
        assertThat(TextValueCodec.decode(BOOLEAN, " 0 ")).isEqualTo(false);
        assertThatThrownBy(() -> TextValueCodec.decode(BOOLEAN, "yes"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("cannot read 'yes' as boolean: expected true, false, 1 or 0");
    }

    @Test
    void integers() {
        assertRoundTrip(TINYINT, (byte) -128, "-128");
        assertRoundTrip(TINYINT, (byte) 127, "127");
        assertRoundTrip(SMALLINT, Short.MIN_VALUE, "-32768");
        assertRoundTrip(INT, Integer.MAX_VALUE, "2147483647");
        assertRoundTrip(BIGINT, Long.MAX_VALUE, "9223372036854775807");
        assertRoundTrip(BIGINT, Long.MIN_VALUE, "-9223372036854775808");
        assertRoundTrip(BIGINT, 0L, "0");
        assertThat(TextValueCodec.decode(INT, "+42")).isEqualTo(42);
        assertThat(TextValueCodec.decode(INT, " 42\n")).isEqualTo(42);
        assertThat(TextValueCodec.decode(INT, "42.0")).isEqualTo(42);
        assertThat(TextValueCodec.decode(BIGINT, "4.2e1")).isEqualTo(42L);
        assertThat(TextValueCodec.decode(BIGINT, "9.223372036854775807E18")).isEqualTo(Long.MAX_VALUE);
        assertThat(TextValueCodec.encode(BIGINT, 7)).isEqualTo("7");
    }

    @Test
    void integerErrors() {
        assertThatThrownBy(() -> TextValueCodec.decode(TINYINT, "300"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("cannot read '300' as tinyint: out of range for tinyint [-128, 127]");
        assertThatThrownBy(() -> TextValueCodec.decode(INT, "2147483648")).hasMessageContaining("out of range for int");
        assertThatThrownBy(() -> TextValueCodec.decode(BIGINT, "9223372036854775808"))
                .hasMessageContaining("'9223372036854775808' as bigint: out of range for bigint");
        assertThatThrownBy(() -> TextValueCodec.decode(BIGINT, "-99999999999999999999999"))
                .hasMessageContaining("out of range for bigint");
        assertThatThrownBy(() -> TextValueCodec.decode(BIGINT, "1e999999999")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> TextValueCodec.decode(INT, "42.5"))
                .hasMessageContaining("'42.5' as int: has a fractional part");
        assertThatThrownBy(() -> TextValueCodec.decode(INT, "forty-two")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> TextValueCodec.decode(INT, "")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> TextValueCodec.decode(INT, "-")).hasMessageContaining("not a whole number");
        assertThatThrownBy(() -> TextValueCodec.decode(SMALLINT, "4e4"))
                .hasMessageContaining("'4e4' as smallint: out of range");
    }

    @Test
    void floatingPoint() {
        assertRoundTrip(DOUBLE, 0.1, "0.1");
        assertRoundTrip(DOUBLE, -1.5e300, "-1.5E300");
        assertRoundTrip(DOUBLE, Double.MIN_VALUE, "4.9E-324");
        assertRoundTrip(DOUBLE, Double.NaN, "NaN");
        assertRoundTrip(DOUBLE, Double.POSITIVE_INFINITY, "Infinity");
        assertRoundTrip(DOUBLE, Double.NEGATIVE_INFINITY, "-Infinity");
        assertRoundTrip(FLOAT, 0.1f, "0.1");
        assertRoundTrip(FLOAT, Float.MAX_VALUE, "3.4028235E38");
        assertRoundTrip(FLOAT, Float.NaN, "NaN");
        assertThat(TextValueCodec.decode(DOUBLE, "nan")).isEqualTo(Double.NaN);
        assertThat(TextValueCodec.decode(DOUBLE, "-inf")).isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(TextValueCodec.decode(FLOAT, "+Infinity")).isEqualTo(Float.POSITIVE_INFINITY);
        assertThat(TextValueCodec.decode(DOUBLE, " 1e3 ")).isEqualTo(1000.0);
        assertThatThrownBy(() -> TextValueCodec.decode(FLOAT, "1e39"))
                .hasMessageContaining("'1e39' as float: out of range for float");
        assertThatThrownBy(() -> TextValueCodec.decode(DOUBLE, "1e400")).hasMessageContaining("out of range");
        assertThatThrownBy(() -> TextValueCodec.decode(DOUBLE, "abc")).hasMessageContaining("not a number");
    }

    @Test
    void floatingPointReadsDecimalNumbersOnly() {
        for (String text : new String[] {"1.5", "+1.5", "-1.5", ".5", "5.", "1e3", "1E+3", "2.5e-3", " 1.5 ", "007"}) {
            double expected = new BigDecimal(text.strip()).doubleValue();
            assertThat(TextValueCodec.decode(DOUBLE, text)).as(text).isEqualTo(expected);
            assertThat(TextValueCodec.decode(DOUBLE, text.getBytes(StandardCharsets.UTF_8)))
                    .as(text)
                    .isEqualTo(expected);
            assertThat(TextValueCodec.decode(FLOAT, text)).as(text).isEqualTo((float) expected);
        }
        // Java's literal syntax, which Double.parseDouble accepts, is not a stored number
        for (String text : new String[] {
            "1.5f",
            "1.5F",
            "1.5d",
            "1.5D",
            "0x1p3",
            "0X1.8P1",
            "1e",
            "1e+",
            ".",
            "-",
            "+",
            "1.2.3",
            "1_000",
            "--1",
            "1 5",
            "Infinityx",
            "NaNd",
            ""
        }) {
            assertThatThrownBy(() -> TextValueCodec.decode(DOUBLE, text))
                    .as(text)
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("as double: not a number: expected decimal digits");
            assertThatThrownBy(() -> TextValueCodec.decode(DOUBLE, text.getBytes(StandardCharsets.UTF_8)))
                    .as(text)
                    .isInstanceOf(ValueConversionException.class);
            assertThatThrownBy(() -> TextValueCodec.decode(FLOAT, text))
                    .as(text)
                    .hasMessageContaining("as float: not a number");
        }
    }

    @Test
    void bytesThatAreNotUtf8NeverConvert() {
        byte[] latin1 = "caf\u00e9".getBytes(StandardCharsets.ISO_8859_1);
        for (DataType type : List.of(STRING, new VarcharType(10), new CharType(5), DOUBLE, DATE)) {
            assertThatThrownBy(() -> TextValueCodec.decode(type, latin1))
                    .as(type.typeName())
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("'caf\\xE9' as " + type.typeName() + ": not valid UTF-8");
        }
        assertThatThrownBy(() -> TextValueCodec.decode(
                        DataTypes.parse("array<string>"), "[\"a\", \"\u00e9\"]".getBytes(StandardCharsets.ISO_8859_1)))
                .hasMessageContaining("not valid UTF-8");
        // valid text, a stored U+FFFD among it, reads unchanged
        String valid = "ok \u00fc \ufffd";
        assertThat(TextValueCodec.decode(STRING, valid.getBytes(StandardCharsets.UTF_8)))
                .isEqualTo(valid);
    }

    @Test
    void decimals() {
        DecimalType wide = new DecimalType(38, 18);
        assertRoundTrip(
                wide,
                new BigDecimal("99999999999999999999.999999999999999999"),
                "99999999999999999999.999999999999999999");
        assertRoundTrip(
                wide,
                new BigDecimal("-99999999999999999999.999999999999999999"),
                "-99999999999999999999.999999999999999999");
        assertRoundTrip(wide, new BigDecimal("0.000000000000000001"), "0.000000000000000001");
        DecimalType money = new DecimalType(10, 2);
        assertRoundTrip(money, new BigDecimal("12.50"), "12.50");
        assertThat(TextValueCodec.decode(money, "12.5")).isEqualTo(new BigDecimal("12.50"));
        assertThat(TextValueCodec.decode(money, "1.005")).isEqualTo(new BigDecimal("1.01"));
        assertThat(TextValueCodec.decode(money, "-1.005")).isEqualTo(new BigDecimal("-1.01"));
        assertThat(TextValueCodec.decode(money, "1E+3")).isEqualTo(new BigDecimal("1000.00"));
        assertThat(TextValueCodec.decode(money, "1e-999999999")).isEqualTo(new BigDecimal("0.00"));
        assertThat(TextValueCodec.encode(money, new BigDecimal("1E-7"))).isEqualTo("0.00");
        assertThat(TextValueCodec.encode(new DecimalType(10, 9), new BigDecimal("1E-7")))
                .isEqualTo("0.000000100");
        assertThatThrownBy(() -> TextValueCodec.decode(money, "123456789.00"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'123456789.00' as decimal(10,2): does not fit decimal(10,2)");
        assertThatThrownBy(() -> TextValueCodec.decode(new DecimalType(4, 2), "99.995"))
                .hasMessageContaining("does not fit decimal(4,2)");
        assertThatThrownBy(() -> TextValueCodec.decode(money, "1e999999999")).hasMessageContaining("does not fit");
        assertThatThrownBy(() -> TextValueCodec.decode(money, "NaN")).hasMessageContaining("not a decimal number");
        assertThatThrownBy(() -> TextValueCodec.encode(money, new BigDecimal("1e20")))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("does not fit decimal(10,2)");
    }

    @Test
    void strings() {
        assertRoundTrip(STRING, "", "");
        assertRoundTrip(STRING, " ünïcødé 😀 \n", " ünïcødé 😀 \n");
        VarcharType varchar = new VarcharType(3);
        assertRoundTrip(varchar, "abc", "abc");
        assertThat(TextValueCodec.decode(varchar, "abcdef")).isEqualTo("abc");
        assertThat(TextValueCodec.decode(varchar, "😀😀😀😀")).isEqualTo("😀😀😀");
        CharType fixed = new CharType(4);
        assertThat(TextValueCodec.decode(fixed, "ab")).isEqualTo("ab  ");
        assertThat(TextValueCodec.decode(fixed, "abcdef")).isEqualTo("abcd");
        assertThat(TextValueCodec.encode(fixed, "ab  ")).isEqualTo("ab");
        assertThat(TextValueCodec.decode(fixed, TextValueCodec.encode(fixed, "ab  ")))
                .isEqualTo("ab  ");
    }

    @Test
    void binary() {
        byte[] bytes = {0, 1, 2, (byte) 0xfe, (byte) 0xff};
        assertThat(TextValueCodec.encode(BINARY, bytes)).isEqualTo("AAEC/v8=");
        assertThat((byte[]) TextValueCodec.decode(BINARY, "AAEC/v8=")).isEqualTo(bytes);
        assertThat((byte[]) TextValueCodec.decode(BINARY, "AAEC/v8")).isEqualTo(bytes);
        assertThat((byte[]) TextValueCodec.decode(BINARY, "AAEC_v8")).isEqualTo(bytes);
        assertThat((byte[]) TextValueCodec.decode(BINARY, "")).isEmpty();
        assertThat(TextValueCodec.encode(BINARY, "hi".getBytes(StandardCharsets.UTF_8)))
                .isEqualTo("aGk=");
        assertThatThrownBy(() -> TextValueCodec.decode(BINARY, "not base64!"))
                .hasMessageContaining("'not base64!' as binary: not base64");
    }

    @Test
    void dates() {
        assertRoundTrip(DATE, LocalDate.of(2024, 2, 29), "2024-02-29");
        assertRoundTrip(DATE, LocalDate.of(1, 1, 1), "0001-01-01");
        assertRoundTrip(DATE, LocalDate.of(9999, 12, 31), "9999-12-31");
        assertThat(TextValueCodec.decode(DATE, " 2024-1-5 ")).isEqualTo(LocalDate.of(2024, 1, 5));
        assertThatThrownBy(() -> TextValueCodec.decode(DATE, "2023-02-29"))
                .hasMessageContaining("'2023-02-29' as date")
                .hasMessageContaining("February 29");
        assertThatThrownBy(() -> TextValueCodec.decode(DATE, "2024/01/01"))
                .hasMessageContaining("expected a date as yyyy-MM-dd");
        assertThatThrownBy(() -> TextValueCodec.decode(DATE, "2024-01-01 10:00:00"))
                .hasMessageContaining("expected a date");
    }

    @Test
    void timestamps() {
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9), "2024-05-06T07:08:09");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 0, 0), "2024-05-06T00:00:00");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 120_000_000), "2024-05-06T07:08:09.12");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_000_000), "2024-05-06T07:08:09.123");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000), "2024-05-06T07:08:09.123456");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_789), "2024-05-06T07:08:09.123456789");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 1), "2024-05-06T07:08:09.000000001");
        assertRoundTrip(TIMESTAMP, LocalDateTime.of(1, 1, 1, 0, 0), "0001-01-01T00:00:00");
        assertRoundTrip(
                TIMESTAMP, LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999), "9999-12-31T23:59:59.999999999");
        assertThat(TextValueCodec.decode(TIMESTAMP, "2024-05-06 07:08:09.5"))
                .isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9, 500_000_000));
        assertThat(TextValueCodec.decode(TIMESTAMP, "2024-05-06 07:08")).isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8));
        assertThat(TextValueCodec.decode(TIMESTAMP, "2024-05-06")).isEqualTo(LocalDateTime.of(2024, 5, 6, 0, 0));
        assertThat(TextValueCodec.decode(TIMESTAMP, "2024-05-06T07:08:09.000Z"))
                .isEqualTo(LocalDateTime.of(2024, 5, 6, 7, 8, 9));
        assertThatThrownBy(() -> TextValueCodec.decode(TIMESTAMP, "2024-05-06T07:08:09.1234567891"))
                .hasMessageContaining("more than 9 fractional digits");
        assertThatThrownBy(() -> TextValueCodec.decode(TIMESTAMP, "2024-05-06T25:00:00"))
                .hasMessageContaining("HourOfDay");
        assertThatThrownBy(() -> TextValueCodec.decode(TIMESTAMP, "2024-05-06T07:08:09+02:00"))
                .hasMessageContaining("expected a timestamp as yyyy-MM-dd[T| ]HH:mm[:ss[.fffffffff]]");
        assertThatThrownBy(() -> TextValueCodec.decode(TIMESTAMP, "yesterday"))
                .hasMessageContaining("expected a timestamp");
    }

    @Test
    void complexTypesAreJson() {
        DataType type = DataTypes.parse("struct<name:string,tags:array<int>,attrs:map<string,decimal(4,1)>>");
        Map<String, BigDecimal> attrs = new LinkedHashMap<>();
        attrs.put("h", new BigDecimal("1.5"));
        attrs.put("w", null);
        List<Object> value = Arrays.asList("ann", Arrays.asList(1, null, 3), attrs);
        String text = TextValueCodec.encode(type, value);
        assertThat(text).isEqualTo("{\"name\":\"ann\",\"tags\":[1,null,3],\"attrs\":{\"h\":1.5,\"w\":null}}");
        assertThat(TextValueCodec.decode(type, text)).isEqualTo(value);
        assertThatThrownBy(() -> TextValueCodec.decode(new ArrayType(INT), "\"1,2\""))
                .hasMessageContaining("expected a JSON array, got a string");
        assertThatThrownBy(() -> TextValueCodec.decode(new ArrayType(INT), "1,2"))
                .hasMessageContaining("malformed JSON");
    }

    @Test
    void encodeRejectsValuesOfTheWrongClass() {
        assertThatThrownBy(() -> TextValueCodec.encode(INT, "42"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("expected Integer (or another integral box) for type int")
                .hasMessageContaining("java.lang.String");
        assertThatThrownBy(() -> TextValueCodec.encode(TIMESTAMP, LocalDate.of(2024, 1, 1)))
                .hasMessageContaining("java.time.LocalDateTime");
        assertThatThrownBy(() -> TextValueCodec.encode(new ArrayType(INT), "[1]"))
                .hasMessageContaining("List");
    }

    private static void assertRoundTrip(DataType type, Object value, String text) {
        assertThat(TextValueCodec.encode(type, value)).isEqualTo(text);
        assertThat(TextValueCodec.decode(type, text)).isEqualTo(value);
    }
}
