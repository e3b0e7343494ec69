package io.hivenosql.json;

import com.fasterxml.jackson.core.Base64Variants;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.BinaryObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.BooleanObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.ByteObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.DoubleObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.FloatObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.IntObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.LongObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.ShortObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Text;

/**
 * Writers of primitive values whose inspector's category is the column's type: read through the concrete inspector
 * ({@code LongObjectInspector.get} ...) and written without an intermediate object. Strings held as {@link Text} are
 * written from their UTF-8 bytes when those are valid UTF-8 within the Basic Multilingual Plane (else decoded,
 * invalid bytes as replacement characters like Hive's {@code Text.toString}, so the JSON is always valid and the same
 * as from the String); binary is written as base64 straight into the output.
 */
final class JsonPrimitiveWriters {
    private JsonPrimitiveWriters() {}

    static JsonValueWriter booleans(PrimitiveObjectInspector inspector) {
        BooleanObjectInspector booleans = (BooleanObjectInspector) inspector;
        return (generator, value) -> generator.writeBoolean(booleans.get(value));
    }

    static JsonValueWriter bytes(PrimitiveObjectInspector inspector) {
        ByteObjectInspector bytes = (ByteObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber((int) bytes.get(value));
    }

    static JsonValueWriter shorts(PrimitiveObjectInspector inspector) {
        ShortObjectInspector shorts = (ShortObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber((int) shorts.get(value));
    }

    static JsonValueWriter ints(PrimitiveObjectInspector inspector) {
        IntObjectInspector ints = (IntObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber(ints.get(value));
    }

    static JsonValueWriter longs(PrimitiveObjectInspector inspector) {
        LongObjectInspector longs = (LongObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber(longs.get(value));
    }

    static JsonValueWriter floats(PrimitiveObjectInspector inspector) {
        FloatObjectInspector floats = (FloatObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber(floats.get(value));
    }

    /** {@code Double.toString}'s digits, as the neutral path writes them (Jackson's fast writer may differ). */
    static JsonValueWriter doubles(PrimitiveObjectInspector inspector) {
        DoubleObjectInspector doubles = (DoubleObjectInspector) inspector;
        return (generator, value) -> generator.writeNumber(doubles.get(value));
    }

    static JsonValueWriter strings(PrimitiveObjectInspector inspector) {
        StringObjectInspector strings = (StringObjectInspector) inspector;
        if (!strings.preferWritable()) {
            return (generator, value) -> generator.writeString(strings.getPrimitiveJavaObject(value));
        }
        return (generator, value) -> {
            Text text = strings.getPrimitiveWritableObject(value);
            if (text == null) {
                // what Hive's cast of such a value gives (and the general path writes)
                generator.writeString(strings.getPrimitiveJavaObject(value));
            } else if (Utf8.isValidBmp(text.getBytes(), text.getLength())) {
                generator.writeUTF8String(text.getBytes(), 0, text.getLength());
            } else {
                generator.writeString(text.toString());
            }
        };
    }

    /** Standard base64 with padding, the alphabet and form {@code java.util.Base64.getEncoder()} writes. */
    static JsonValueWriter binaries(PrimitiveObjectInspector inspector) {
        BinaryObjectInspector binaries = (BinaryObjectInspector) inspector;
        if (!binaries.preferWritable()) {
            return (generator, value) -> {
                byte[] bytes = binaries.getPrimitiveJavaObject(value);
                generator.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, bytes, 0, bytes.length);
            };
        }
        return (generator, value) -> {
            BytesWritable bytes = binaries.getPrimitiveWritableObject(value);
            generator.writeBinary(Base64Variants.MIME_NO_LINEFEEDS, bytes.getBytes(), 0, bytes.getLength());
        };
    }

    /**
     * Whether UTF-8 bytes are valid (as Java's decoder sees it: no overlong forms, no surrogates) and all in the Basic
     * Multilingual Plane, so that writing them as they are gives the bytes Jackson writes for their String.
     */
    static final class Utf8 {
        private Utf8() {}

        static boolean isValidBmp(byte[] bytes, int length) {
            int i = 0;
            while (i < length) {
                int b = bytes[i];
                if (b >= 0) {
                    i++;
                    continue;
                }
                int lead = b & 0xFF;
                if (lead >= 0xC2 && lead <= 0xDF) {
                    if (i + 1 >= length || !isContinuation(bytes[i + 1])) {
                        return false;
                    }
                    i += 2;
                } else if (lead >= 0xE0 && lead <= 0xEF) {
                    if (i + 2 >= length) {
                        return false;
                    }
                    int second = bytes[i + 1] & 0xFF;
                    boolean secondOk = lead == 0xE0
                            ? second >= 0xA0 && second <= 0xBF
                            : lead == 0xED ? second >= 0x80 && second <= 0x9F : second >= 0x80 && second <= 0xBF;
                    if (!secondOk || !isContinuation(bytes[i + 2])) {
                        return false;
                    }
                    i += 3;
                } else {
                    // invalid, or a 4-byte sequence (beyond the BMP): Jackson writes those from a String as two
                    // escaped surrogates, so they take the String path for the same bytes
                    return false;
                }
            }
            return true;
        }

        private static boolean isContinuation(byte b) {
            return (b & 0xC0) == 0x80;
        }
    }
}
