package io.hivenosql.api.types;

import static java.nio.charset.StandardCharsets.ISO_8859_1;
import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.util.Random;
import org.junit.jupiter.api.Test;

class TestUtf8 {
    private static byte[] bytes(int... values) {
        byte[] result = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            result[i] = (byte) values[i];
        }
        return result;
    }

    @Test
    void wellFormedTextIsDecodedAsTheJdkDecodesIt() {
        for (String text : new String[] {
            "",
            "a",
            "plain ascii longer than eight bytes",
            "caf\u00e9",
            "\u20ac 5",
            "\ud83d\ude00 emoji",
            "a stored replacement \ufffd character",
            "\u0000nul"
        }) {
            byte[] utf8 = text.getBytes(UTF_8);
            assertThat(Utf8.invalidAt(utf8)).as(text).isEqualTo(-1);
            assertThat(Utf8.decode(utf8, PrimitiveType.STRING)).isEqualTo(text);
            assertThat(Utf8.escape(utf8)).isEqualTo(text);
        }
    }

    @Test
    void illFormedBytesAreFoundWhereTheyStart() {
        assertThat(Utf8.invalidAt("caf\u00e9".getBytes(ISO_8859_1))).isEqualTo(3);
        assertThat(Utf8.invalidAt(bytes(0xff))).isZero();
        // overlong '/', a surrogate (CESU-8), above U+10FFFF, a truncated sequence, a lone continuation byte
        assertThat(Utf8.invalidAt(bytes('a', 0xc0, 0xaf, 'b'))).isEqualTo(1);
        assertThat(Utf8.invalidAt(bytes('x', 'y', 0xed, 0xa0, 0x80))).isEqualTo(2);
        assertThat(Utf8.invalidAt(bytes(0xf4, 0x90, 0x80, 0x80))).isZero();
        assertThat(Utf8.invalidAt(bytes('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 0xe2, 0x82)))
                .isEqualTo(9);
        assertThat(Utf8.invalidAt(bytes(0xe2, 0x82, 0xac, 0x80))).isEqualTo(3);
        // within a range of a larger array: the index is the array's
        byte[] framed = bytes(0xff, 'o', 'k', 0xff, 0xff);
        assertThat(Utf8.invalidAt(framed, 1, 2)).isEqualTo(-1);
        assertThat(Utf8.invalidAt(framed, 1, 3)).isEqualTo(3);
    }

    @Test
    void decodeRefusesIllFormedBytesShowingThem() {
        assertThatThrownBy(() -> Utf8.decode("caf\u00e9".getBytes(ISO_8859_1), PrimitiveType.STRING))
                .isInstanceOf(ValueConversionException.class)
                .hasMessage("cannot read 'caf\\xE9' as string: not valid UTF-8: byte 0xE9 at offset 3 does not start "
                        + "a well-formed sequence (shown as \\xE9); a string column reads UTF-8 text only: store the "
                        + "text as UTF-8");
        assertThatThrownBy(() -> Utf8.decode(bytes('k', ':', 0xc0, 0xaf), 2, 2, "the key columns (id)"))
                .hasMessageStartingWith("cannot read '\\xC0\\xAF' as the key columns (id): not valid UTF-8: byte "
                        + "0xC0 at offset 0");
        assertThat(Utf8.escape(bytes('a', 0xed, 0xa0, 0x80, 'b'))).isEqualTo("a\\xED\\xA0\\x80b");
    }

    /** Every one- and two-byte sequence, and longer ones over UTF-8's edge bytes: the verdict is the JDK's. */
    @Test
    void agreesWithTheJdkStrictDecoderOnShortSequences() {
        int[] edges = {0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc2, 0xe0, 0xf0, 0xff};
        for (int a = 0; a < 256; a++) {
            assertAgrees(bytes(a));
            for (int b = 0; b < 256; b++) {
                assertAgrees(bytes(a, b));
                if (a >= 0xc0) {
                    for (int c : edges) {
                        assertAgrees(bytes(a, b, c));
                        assertAgrees(bytes('x', 'y', 'z', 'w', 'v', 'u', 't', 's', a, b, c));
                    }
                }
            }
        }
        for (int a = 0xe0; a < 0x100; a++) {
            for (int b : edges) {
                for (int c : edges) {
                    for (int d : edges) {
                        assertAgrees(bytes(a, b, c, d));
                        assertAgrees(bytes('x', a, b, c, d, 'y', 'z', 'w', 'v', 'u', 't'));
                    }
                }
            }
        }
    }

    private static final CharsetDecoder STRICT = UTF_8.newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);

    private static void assertAgrees(byte[] value) {
        boolean valid;
        try {
            STRICT.reset().decode(ByteBuffer.wrap(value));
            valid = true;
        } catch (CharacterCodingException e) {
            valid = false;
        }
        if ((Utf8.invalidAt(value) < 0) != valid) {
            throw new AssertionError(java.util.HexFormat.of().formatHex(value) + ": the JDK says " + valid);
        }
    }

    /** Random bytes, most of them ASCII with some bytes from UTF-8's edges: the verdict is the strict decoder's. */
    @Test
    void agreesWithTheJdkStrictDecoder() throws Exception {
        int[] interesting = {
            0x00, 0x7f, 0x80, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff, 0xa0, 0x90, 0x8f,
            0x9f
        };
        Random random = new Random(1234);
        for (int round = 0; round < 20_000; round++) {
            byte[] value = new byte[random.nextInt(24)];
            for (int i = 0; i < value.length; i++) {
                value[i] = (byte)
                        (random.nextInt(4) == 0
                                ? interesting[random.nextInt(interesting.length)]
                                : 'a' + random.nextInt(26));
            }
            boolean valid;
            try {
                UTF_8.newDecoder()
                        .onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT)
                        .decode(ByteBuffer.wrap(value));
                valid = true;
            } catch (CharacterCodingException e) {
                valid = false;
            }
            assertThat(Utf8.invalidAt(value) < 0)
                    .as("%s", java.util.HexFormat.of().formatHex(value))
                    .isEqualTo(valid);
            if (valid) {
                assertThat(Utf8.decode(value, PrimitiveType.STRING)).isEqualTo(new String(value, UTF_8));
            } else {
                assertThatThrownBy(() -> Utf8.decode(value, PrimitiveType.STRING))
                        .isInstanceOf(ValueConversionException.class);
            }
        }
    }
}
