package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestRedisKeyCodec {
    private static RedisKeyCodec codec(String separator, String... hiveTypes) {
        int[] columns = new int[hiveTypes.length];
        DataType[] types = new DataType[hiveTypes.length];
        String[] names = new String[hiveTypes.length];
        for (int i = 0; i < hiveTypes.length; i++) {
            columns[i] = i;
            types[i] = DataTypes.parse(hiveTypes[i]);
            names[i] = "k" + (i + 1);
        }
        return new RedisKeyCodec("db.t", "p:".getBytes(UTF_8), columns, types, names, separator);
    }

    private static String text(byte[] key) {
        return new String(key, UTF_8);
    }

    private static Object[] decode(RedisKeyCodec codec, String key) {
        String[] parts = codec.split(key.getBytes(UTF_8));
        Object[] values = new Object[parts.length];
        for (int i = 0; i < parts.length; i++) {
            values[i] = codec.decode(i, parts[i]);
        }
        return values;
    }

    @Test
    void singleKeyIsTheCanonicalTextUnescaped() {
        RedisKeyCodec codec = codec(":", "string");
        assertThat(text(codec.key("a:b\\c"))).isEqualTo("p:a:b\\c");
        assertThat(codec.split("p:a:b\\c".getBytes(UTF_8))).containsExactly("a:b\\c");
        assertThat(codec.decodeSingle("p:a:b\\".getBytes(UTF_8))).isEqualTo("a:b\\");

        RedisKeyCodec ints = codec(":", "bigint");
        assertThat(text(ints.key(42L))).isEqualTo("p:42");
        assertThat(ints.decodeSingle("p:-7".getBytes(UTF_8))).isEqualTo(-7L);
    }

    /**
     * A key is read only in the spelling lookups use: {@code id = 7} looks up {@code p:7}, so a scan must not read
     * {@code p:007} as 7 (it would return a row the lookup cannot find).
     */
    @Test
    void keysMustBeCanonicalText() {
        RedisKeyCodec ints = codec(":", "int");
        for (String odd : List.of("007", "+7", "7.0", "7e0", " 7", "-0", "0x7")) {
            assertThatThrownBy(() -> ints.decodeSingle(("p:" + odd).getBytes(UTF_8)))
                    .as(odd)
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("'" + odd + "'");
        }
        assertThatThrownBy(() -> ints.decodeSingle("p:007".getBytes(UTF_8)))
                .hasMessageContaining("key column k1 of table db.t: '007' is not the canonical text of its value, '7'");
        assertThat(ints.decodeSingle("p:0".getBytes(UTF_8))).isEqualTo(0);
        assertThat(ints.decodeSingle("p:-7".getBytes(UTF_8))).isEqualTo(-7);

        assertThatThrownBy(() -> codec(":", "boolean").decodeSingle("p:TRUE".getBytes(UTF_8)))
                .hasMessageContaining("'true'");
        assertThatThrownBy(() -> codec(":", "decimal(5,2)").decodeSingle("p:1.5".getBytes(UTF_8)))
                .hasMessageContaining("'1.50'");
        assertThatThrownBy(() -> codec(":", "varchar(3)").decodeSingle("p:abcd".getBytes(UTF_8)))
                .hasMessageContaining("'abc'");
        assertThatThrownBy(() -> codec(":", "date").decodeSingle("p:2024-01-31 ".getBytes(UTF_8)))
                .hasMessageContaining("'2024-01-31'");
        // float and double keys are never looked up: any spelling reads
        assertThat(codec(":", "double").decodeSingle("p:1e1".getBytes(UTF_8))).isEqualTo(10.0);

        RedisKeyCodec composite = codec(":", "string", "int");
        assertThatThrownBy(() -> decode(composite, "p:a:07")).hasMessageContaining("'7'");
        String[] parts = composite.split("p:a\\b:1".getBytes(UTF_8)); // p:a\b:1, an escaped 'b'
        assertThat(parts).containsExactly("ab", "1");
        assertThatThrownBy(() -> composite.checkEscapes("p:a\\b:1".getBytes(UTF_8), parts))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("escapes a character that needs no backslash")
                .hasMessageContaining("'ab:1'");
        composite.checkEscapes("p:a\\:b:1".getBytes(UTF_8), composite.split("p:a\\:b:1".getBytes(UTF_8)));
    }

    @Test
    void compositeKeysJoinPartsWithTheSeparator() {
        RedisKeyCodec codec = codec(":", "bigint", "int");
        assertThat(text(codec.key(7L, 3))).isEqualTo("p:7:3");
        assertThat(decode(codec, "p:7:3")).containsExactly(7L, 3);
        assertThat(text(codec.keyOfTexts(List.of("7", "3")))).isEqualTo("p:7:3");
    }

    @Test
    void separatorAndBackslashInsidePartsAreEscaped() {
        RedisKeyCodec codec = codec(":", "string", "string");
        assertThat(text(codec.key("a:b", "c\\"))).isEqualTo("p:a\\:b:c\\\\");
        assertThat(decode(codec, "p:a\\:b:c\\\\")).containsExactly("a:b", "c\\");
        // empty parts, a separator alone, escapes of other characters read as the character
        for (String[] parts :
                new String[][] {{"", ""}, {":", ":"}, {"\\", ":\\:"}, {"::", ""}, {"x\\:y", "\\\\"}, {"é€😀", ":😀"}}) {
            byte[] key = codec.key((Object[]) parts);
            assertThat(codec.split(key)).as(text(key)).containsExactly(parts);
        }
        assertThat(codec.split("p:\\a:b".getBytes(UTF_8))).containsExactly("a", "b");
    }

    @Test
    void multiCharacterSeparatorsEscapeTheirFirstCharacter() {
        RedisKeyCodec codec = codec("||", "string", "string", "string");
        assertThat(text(codec.key("a|b", "c", "||"))).isEqualTo("p:a\\|b||c||\\|\\|");
        for (String[] parts : new String[][] {{"|", "||", "|||"}, {"a||", "|b", "\\|"}, {"", "", ""}}) {
            byte[] key = codec.key((Object[]) parts);
            assertThat(codec.split(key)).as(text(key)).containsExactly(parts);
        }
        RedisKeyCodec dashes = codec("-", "date", "string");
        assertThat(text(dashes.key(LocalDate.of(2024, 1, 31), "a-b"))).isEqualTo("p:2024\\-01\\-31-a\\-b");
        assertThat(decode(dashes, "p:2024\\-01\\-31-a\\-b")).containsExactly(LocalDate.of(2024, 1, 31), "a-b");
    }

    @Test
    void everyPrimitiveKeyTypeRoundTripsBesideAStringWithTheSeparator() {
        List<Object[]> cases = new ArrayList<>();
        cases.add(new Object[] {"boolean", true});
        cases.add(new Object[] {"tinyint", (byte) -128});
        cases.add(new Object[] {"smallint", (short) 32767});
        cases.add(new Object[] {"int", Integer.MIN_VALUE});
        cases.add(new Object[] {"bigint", (1L << 53) + 1});
        cases.add(new Object[] {"float", -1.5f});
        cases.add(new Object[] {"double", 1.0E300});
        cases.add(new Object[] {"decimal(12,2)", new BigDecimal("-1234.50")});
        cases.add(new Object[] {"string", "x:y\\z"});
        cases.add(new Object[] {"varchar(5)", "a:b"});
        cases.add(new Object[] {"char(3)", "a: "});
        cases.add(new Object[] {"date", LocalDate.of(1969, 12, 31)});
        cases.add(new Object[] {"timestamp", LocalDateTime.of(2024, 2, 29, 23, 59, 58, 123_000_000)});
        for (Object[] c : cases) {
            String type = (String) c[0];
            RedisKeyCodec codec = codec(":", type, "string");
            byte[] key = codec.key(c[1], "s:t");
            Object[] read = decode(codec, text(key));
            assertThat(read).as(type + " key " + text(key)).containsExactly(c[1], "s:t");
            // the other order too: the typed part last
            RedisKeyCodec reversed = codec(":", "string", type);
            assertThat(decode(reversed, text(reversed.key("\\", c[1]))))
                    .as(type)
                    .containsExactly("\\", c[1]);
        }
        RedisKeyCodec timestamps = codec(":", "timestamp", "int");
        assertThat(text(timestamps.key(LocalDateTime.of(2024, 1, 31, 10, 11, 12), 1)))
                .isEqualTo("p:2024-01-31T10\\:11\\:12:1");
        RedisKeyCodec binary = codec(":", "binary", "int");
        Object[] read = decode(binary, text(binary.key(new byte[] {0, 1, (byte) 0xff}, 2)));
        assertThat((byte[]) read[0]).containsExactly(0, 1, 0xff);
        assertThat(read[1]).isEqualTo(2);
    }

    @Test
    void keysWithTheWrongNumberOfPartsAreErrorsNamingTheColumns() {
        RedisKeyCodec codec = codec(":", "bigint", "int");
        for (String key : new String[] {"p:7", "p:7:3:1", "p:", "p:7\\:3"}) {
            assertThatThrownBy(() -> codec.split(key.getBytes(UTF_8)))
                    .as(key)
                    .isInstanceOf(ValueConversionException.class)
                    .hasMessageContaining("'" + key.substring(2) + "'")
                    .hasMessageContaining("expected 2 (k1, k2)")
                    .hasMessageContaining("db.t");
        }
        assertThatThrownBy(() -> codec.split("p:7:3:1".getBytes(UTF_8))).hasMessageContaining("has 3 parts");
        assertThatThrownBy(() -> codec.split("p:7:3\\".getBytes(UTF_8)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("lone backslash");
        // a part that is not a number is the part's own error, for its column alone
        String[] parts = codec.split("p:seven:3".getBytes(UTF_8));
        assertThatThrownBy(() -> codec.decode(0, parts[0]))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'seven'")
                .hasMessageContaining("bigint");
        assertThat(codec.decode(1, parts[1])).isEqualTo(3);
        assertThatThrownBy(() -> codec.keyOfTexts(List.of("1"))).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void keysThatAreNotUtf8AreErrorsShowingTheBytes() {
        byte[] latin1 = "p:caf\u00e9:3".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> codec(":", "string", "int").split(latin1))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageStartingWith("cannot read 'caf\\xE9:3' as the key columns (k1, k2): not valid UTF-8: byte "
                        + "0xE9 at offset 3");
        byte[] single = "p:caf\u00e9".getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        assertThatThrownBy(() -> codec(":", "string").decodeSingle(single))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageStartingWith("cannot read 'caf\\xE9' as string: not valid UTF-8");
        // a key of valid UTF-8 with a stored U+FFFD is a key like any other
        assertThat(codec(":", "string").decodeSingle("p:\ufffd".getBytes(UTF_8)))
                .isEqualTo("\ufffd");
    }

    @Test
    void firstPartPrefixIsTheLiteralStartOfTheKeys() {
        RedisKeyCodec codec = codec(":", "string", "int");
        assertThat(text(codec.firstPartPrefix("a:*"))).isEqualTo("p:a\\:*:");
        assertThat(text(codec.key("a:*", 5))).startsWith(text(codec.firstPartPrefix("a:*")));
        assertThatThrownBy(() -> codec(":", "int").firstPartPrefix("1")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void separatorsMustBeNonEmptyWithoutBackslash() {
        assertThatThrownBy(() -> codec("", "int", "int")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec("\\", "int", "int")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> codec("a\\b", "int", "int")).isInstanceOf(IllegalArgumentException.class);
    }
}
