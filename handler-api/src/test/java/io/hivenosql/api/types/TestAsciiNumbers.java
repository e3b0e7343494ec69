package io.hivenosql.api.types;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The byte-level fast paths agree exactly with the general path, and decline what they do not handle. */
class TestAsciiNumbers {
    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void simpleDoublesParseExactlyLikeParseDouble() {
        Random random = new Random(1234);
        for (int i = 0; i < 200_000; i++) {
            long mantissa = random.nextLong() % 1_000_000_000_000_000L;
            int scale = random.nextInt(23);
            String text = new java.math.BigDecimal(java.math.BigInteger.valueOf(mantissa), scale).toPlainString();
            Double fast = AsciiNumbers.parseSimpleDouble(bytes(text));
            if (fast != null) {
                assertThat(fast).as(text).isEqualTo(Double.parseDouble(text));
            }
        }
        assertThat(AsciiNumbers.parseSimpleDouble(bytes("0.1"))).isEqualTo(0.1);
        assertThat(AsciiNumbers.parseSimpleDouble(bytes("-0.0"))).isEqualTo(-0.0);
        assertThat(AsciiNumbers.parseSimpleDouble(bytes("123456789012345"))).isEqualTo(123456789012345.0);
    }

    @Test
    void declinesWhatItCannotDoExactly() {
        for (String text : new String[] {
            "",
            "-",
            ".",
            "1.",
            ".5x",
            "1e5",
            "1.0E300",
            "NaN",
            "Infinity",
            " 1",
            "1 ",
            "1234567890123456",
            "1.2.3",
            "0.00000000000000000000001"
        }) {
            assertThat(AsciiNumbers.parseSimpleDouble(bytes(text))).as(text).isNull();
        }
        for (String text : new String[] {"", "-", "+", "12a", "1234567890123456789", " 1", "4.2"}) {
            assertThat(AsciiNumbers.parseLong(bytes(text))).as(text).isNull();
        }
        assertThat(AsciiNumbers.parseLong(bytes("-123456789012345678"))).isEqualTo(-123456789012345678L);
        assertThat(AsciiNumbers.parseLong(bytes("+7"))).isEqualTo(7L);
    }

    @Test
    void byteDecodeGivesTheSameValuesAndErrorsAsTheStringDecode() {
        String[][] cases = {
            {"int", "42"}, {"int", "-2147483648"}, {"tinyint", "127"}, {"bigint", "9007199254740993"},
            {"bigint", "-9223372036854775808"}, {"double", "3.141592653589793"}, {"double", "1.0E300"}, {"double", "7"},
            {"int", "42.0"}, {"smallint", "-32768"}, {"string", "héllo"}, {"decimal(10,2)", "12.5"}
        };
        for (String[] c : cases) {
            DataType type = DataTypes.parse(c[0]);
            assertThat(TextValueCodec.decode(type, bytes(c[1])))
                    .as("%s %s", c[0], c[1])
                    .isEqualTo(TextValueCodec.decode(type, c[1]));
        }
        for (String[] bad : new String[][] {{"tinyint", "300"}, {"int", "99999999999"}, {"int", "forty-two"}}) {
            DataType type = DataTypes.parse(bad[0]);
            String expected = null;
            try {
                TextValueCodec.decode(type, bad[1]);
            } catch (ValueConversionException e) {
                expected = e.getMessage();
            }
            try {
                TextValueCodec.decode(type, bytes(bad[1]));
                throw new AssertionError("no error for " + bad[1]);
            } catch (ValueConversionException e) {
                assertThat(e.getMessage()).isEqualTo(expected);
            }
        }
    }
}
