package io.hivenosql.api.types;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.util.function.Supplier;

/**
 * Strict UTF-8 for stored text: a string column reads well-formed UTF-8 only, never text with U+FFFD in place of bytes
 * it could not decode (which an INSERT ... SELECT would then write back as other bytes).
 *
 * <p>Well-formed means what the JDK's UTF-8 {@link CharsetDecoder} with {@link CodingErrorAction#REPORT} accepts:
 * overlong forms, surrogates (CESU-8), code points above U+10FFFF, stray continuation bytes and truncated sequences are
 * errors. The hot paths stay as cheap as plain decoding:
 *
 * <ul>
 *   <li>{@link #decode}: {@code new String(bytes, UTF_8)} as before; that decoder replaces every ill-formed sequence
 *       with U+FFFD, so a result without U+FFFD came from well-formed bytes. {@link String#indexOf(int)} answers that at
 *       once for a Latin-1 string (it cannot hold U+FFFD) and with one vectorized scan otherwise; only a result that
 *       holds U+FFFD (stored, or a replacement) is checked with the reporting decoder.
 *   <li>{@link #invalidAt}, for bytes that are not decoded here (JSON text a parser reads): ASCII eight bytes at a
 *       time, multi-byte sequences by the Unicode Standard's table of well-formed sequences, which gives the reporting
 *       decoder's verdict (tested against it) at a fraction of its cost on text with accents (the JDK decoder leaves its
 *       ASCII fast path at the first other byte).
 * </ul>
 */
public final class Utf8 {
    private static final char REPLACEMENT = '\ufffd';
    private static final int CHUNK = 1024;
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080808080808080L;
    private static final ThreadLocal<Strict> STRICT = ThreadLocal.withInitial(Strict::new);

    /** A reporting decoder and a scratch buffer for its output, one per thread. */
    private static final class Strict {
        final CharsetDecoder decoder = UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        final CharBuffer out = CharBuffer.allocate(CHUNK);
    }

    private Utf8() {}

    /**
     * The position (an index into {@code bytes}) of the first byte of the first ill-formed sequence in
     * {@code bytes[offset, offset + length)}, or -1 when the range is well-formed UTF-8.
     */
    public static int invalidAt(byte[] bytes, int offset, int length) {
        int end = offset + length;
        int i = offset;
        while (i < end) {
            while (i + Long.BYTES <= end && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) {
                i += Long.BYTES; // eight ASCII bytes
            }
            while (i < end && bytes[i] >= 0) {
                i++;
            }
            if (i == end) {
                return -1;
            }
            int next = wellFormedSequenceEnd(bytes, i, end);
            if (next < 0) {
                return i;
            }
            i = next;
        }
        return -1;
    }

    /**
     * The end of the well-formed multi-byte sequence at {@code i}, or -1 (the well-formed byte sequences of the Unicode
     * Standard, table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF).
     */
    private static int wellFormedSequenceEnd(byte[] bytes, int i, int end) {
        int lead = bytes[i] & 0xff;
        if (lead < 0xc2 || lead > 0xf4) {
            return -1; // a continuation byte, an overlong two-byte lead, or beyond U+10FFFF
        }
        int length = lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
        if (i + length > end) {
            return -1;
        }
        int second = bytes[i + 1] & 0xff;
        int low = lead == 0xe0 ? 0xa0 : lead == 0xf0 ? 0x90 : 0x80;
        int high = lead == 0xed ? 0x9f : lead == 0xf4 ? 0x8f : 0xbf;
        if (second < low || second > high) {
            return -1;
        }
        for (int k = 2; k < length; k++) {
            if ((bytes[i + k] & 0xc0) != 0x80) {
                return -1;
            }
        }
        return i + length;
    }

    /** As {@link #invalidAt(byte[], int, int)} over the whole array. */
    public static int invalidAt(byte[] bytes) {
        return invalidAt(bytes, 0, bytes.length);
    }

    private static int strictInvalidAt(byte[] bytes, int start, int end) {
        Strict strict = STRICT.get();
        CharsetDecoder decoder = strict.decoder.reset();
        ByteBuffer in = ByteBuffer.wrap(bytes, start, end - start);
        while (true) {
            strict.out.clear();
            CoderResult result = decoder.decode(in, strict.out, true);
            if (result.isError()) {
                return in.position();
            }
            if (result.isUnderflow()) {
                return -1;
            }
        }
    }

    /**
     * The text of well-formed UTF-8 bytes: the same String {@code new String(bytes, offset, length, UTF_8)} gives.
     *
     * @param targetType what the text was to become, for the message (e.g. {@code string}, or a key's description)
     * @throws ValueConversionException showing the bytes (ill-formed ones as {@code \xHH}), where the first ill-formed
     *     sequence starts, and that the column reads UTF-8 text only
     */
    public static String decode(byte[] bytes, int offset, int length, String targetType) {
        return decode(bytes, offset, length, () -> targetType);
    }

    /**
     * As {@link #decode(byte[], int, int, String)}, naming the target only for an error: a reader decodes every value
     * of a scan, and a type's name is built text.
     */
    public static String decode(byte[] bytes, int offset, int length, Supplier<String> targetType) {
        String text = new String(bytes, offset, length, UTF_8);
        if (text.indexOf(REPLACEMENT) >= 0) {
            int bad = strictInvalidAt(bytes, offset, offset + length);
            if (bad >= 0) {
                throw invalid(bytes, offset, length, bad, targetType.get());
            }
        }
        return text;
    }

    /** As {@link #decode(byte[], int, int, String)} over the whole array, for a value of the given type. */
    public static String decode(byte[] bytes, DataType type) {
        return decode(bytes, 0, bytes.length, type::typeName);
    }

    /**
     * The error of text that is not well-formed UTF-8.
     *
     * @param invalidAt the index into {@code bytes} where the first ill-formed sequence starts
     */
    public static ValueConversionException invalid(
            byte[] bytes, int offset, int length, int invalidAt, String targetType) {
        return new ValueConversionException(
                escape(bytes, offset, length),
                targetType,
                "not valid UTF-8: byte 0x" + hex(bytes[invalidAt]) + " at offset " + (invalidAt - offset)
                        + " does not start a well-formed sequence (shown as \\x" + hex(bytes[invalidAt])
                        + "); a string column reads UTF-8 text only: store the text as UTF-8",
                null);
    }

    /**
     * Bytes as text for messages and keys: the decoded text, each byte of an ill-formed sequence as {@code \xHH}
     * (e.g. {@code caf\xE9} for Latin-1 bytes). Well-formed bytes give their plain text.
     */
    public static String escape(byte[] bytes, int offset, int length) {
        String text = new String(bytes, offset, length, UTF_8);
        if (text.indexOf(REPLACEMENT) < 0) {
            return text;
        }
        CharsetDecoder decoder = UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        ByteBuffer in = ByteBuffer.wrap(bytes, offset, length);
        CharBuffer out = CharBuffer.allocate(length);
        StringBuilder escaped = new StringBuilder(length + 8);
        while (true) {
            CoderResult result = decoder.decode(in, out, true);
            out.flip();
            escaped.append(out);
            out.clear();
            if (result.isError()) {
                for (int i = 0; i < result.length(); i++) {
                    escaped.append("\\x").append(hex(in.get()));
                }
            } else if (result.isUnderflow()) {
                return escaped.toString();
            }
        }
    }

    /** As {@link #escape(byte[], int, int)} over the whole array. */
    public static String escape(byte[] bytes) {
        return escape(bytes, 0, bytes.length);
    }

    private static String hex(byte b) {
        String digits = "0123456789ABCDEF";
        return "" + digits.charAt((b >> 4) & 0xf) + digits.charAt(b & 0xf);
    }
}
