package io.hivenosql.json;

import com.fasterxml.jackson.core.SerializableString;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A reusable slice of ASCII bytes that a writer formatted itself (a number's digits, a quoted date), for
 * {@code JsonGenerator.writeRawValue}: the generator copies the bytes into its buffer as they are, as a value (commas
 * and nesting stay the generator's). Only the unquoted forms a generator asks of a raw value are supported. Not
 * thread-safe.
 */
final class JsonRawValue implements SerializableString {
    private byte[] bytes = new byte[0];
    private int offset;
    private int length;

    /** Points at {@code bytes[offset, offset + length)}, which the caller must not change until it is written. */
    JsonRawValue set(byte[] bytes, int offset, int length) {
        this.bytes = bytes;
        this.offset = offset;
        this.length = length;
        return this;
    }

    @Override
    public String getValue() {
        return new String(bytes, offset, length, StandardCharsets.US_ASCII);
    }

    @Override
    public int charLength() {
        return length;
    }

    @Override
    public byte[] asUnquotedUTF8() {
        return Arrays.copyOfRange(bytes, offset, offset + length);
    }

    @Override
    public int appendUnquotedUTF8(byte[] buffer, int at) {
        if (length > buffer.length - at) {
            return -1;
        }
        System.arraycopy(bytes, offset, buffer, at, length);
        return length;
    }

    @Override
    public int appendUnquoted(char[] buffer, int at) {
        if (length > buffer.length - at) {
            return -1;
        }
        for (int i = 0; i < length; i++) {
            buffer[at + i] = (char) bytes[offset + i];
        }
        return length;
    }

    @Override
    public int writeUnquotedUTF8(OutputStream out) throws java.io.IOException {
        out.write(bytes, offset, length);
        return length;
    }

    @Override
    public int putUnquotedUTF8(ByteBuffer buffer) {
        if (length > buffer.remaining()) {
            return -1;
        }
        buffer.put(bytes, offset, length);
        return length;
    }

    @Override
    public char[] asQuotedChars() {
        throw quoted();
    }

    @Override
    public byte[] asQuotedUTF8() {
        throw quoted();
    }

    @Override
    public int appendQuotedUTF8(byte[] buffer, int at) {
        throw quoted();
    }

    @Override
    public int appendQuoted(char[] buffer, int at) {
        throw quoted();
    }

    @Override
    public int writeQuotedUTF8(OutputStream out) {
        throw quoted();
    }

    @Override
    public int putQuotedUTF8(ByteBuffer buffer) {
        throw quoted();
    }

    private static UnsupportedOperationException quoted() {
        return new UnsupportedOperationException("a raw JSON value has no quoted form");
    }

    @Override
    public String toString() {
        return getValue();
    }
}
