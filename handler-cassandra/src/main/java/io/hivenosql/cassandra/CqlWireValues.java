package io.hivenosql.cassandra;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.Utf8;
import java.math.BigDecimal;
import java.nio.ByteBuffer;

/**
 * Values decoded straight from the bytes of a CQL column as the native protocol sends them, where the driver's codecs
 * cost a scan most: text through the JDK's String decoding (the driver runs a {@code CharsetDecoder} per value) and
 * decimals whose unscaled value fits a long (the driver builds a {@code BigInteger}). Both are as strict as the
 * driver's codecs. Pure.
 */
final class CqlWireValues {
    private CqlWireValues() {}

    /**
     * The text of a {@code text} / {@code varchar} value; null for null.
     *
     * @throws io.hivenosql.api.types.ValueConversionException when the bytes are not well-formed UTF-8
     */
    static String text(ByteBuffer bytes, DataType column) {
        if (bytes == null) {
            return null;
        }
        if (bytes.hasArray()) {
            return Utf8.decode(
                    bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining(), column::typeName);
        }
        byte[] copy = bytes(bytes);
        return Utf8.decode(copy, 0, copy.length, column::typeName);
    }

    /** A copy of a value's bytes, the buffer's position left as it is. */
    static byte[] bytes(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.duplicate().get(bytes);
        return bytes;
    }

    /**
     * A CQL decimal (a 4-byte scale, then the unscaled value as a big-endian two's complement varint) whose unscaled
     * value has 1 to 8 bytes; null for any other (null, empty or longer), which the driver's codec decodes.
     */
    static BigDecimal compactDecimal(ByteBuffer bytes) {
        if (bytes == null || bytes.remaining() < 5 || bytes.remaining() > 12) {
            return null;
        }
        int start = bytes.position();
        int end = start + bytes.remaining();
        int scale = bytes.getInt(start);
        long unscaled = bytes.get(start + 4);
        for (int k = start + 5; k < end; k++) {
            unscaled = (unscaled << 8) | (bytes.get(k) & 0xFF);
        }
        return BigDecimal.valueOf(unscaled, scale);
    }
}
