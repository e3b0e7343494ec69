package io.hivenosql.redis;

import java.io.ByteArrayOutputStream;
import java.util.BitSet;

/**
 * Glob patterns for {@code SCAN MATCH}. Redis matches patterns byte by byte; a backslash makes the next byte literal,
 * both outside and inside a {@code [...]} class. Every glob-special byte of a key prefix ({@code * ? [ ] \ ^ -}) is
 * escaped, so that a prefix such as {@code a*b?[c]\} matches only itself.
 */
final class RedisKeyPatterns {
    static final int BYTE_VALUES = 256;

    private RedisKeyPatterns() {}

    /** The literal bytes with every glob-special byte escaped. */
    static byte[] escape(byte[] literal) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(literal.length + 8);
        for (byte b : literal) {
            if (isSpecial(b)) {
                out.write('\\');
            }
            out.write(b);
        }
        return out.toByteArray();
    }

    /** Matches every key that starts with the prefix (the prefix itself included). */
    static byte[] prefixPattern(byte[] prefix) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(prefix.length + 8);
        out.writeBytes(escape(prefix));
        out.write('*');
        return out.toByteArray();
    }

    /**
     * Matches the keys that start with the prefix, are longer than it, and whose last byte is in {@code lastBytes}:
     * {@code <prefix>*[<bytes>]}, every byte of the class escaped. A class of more than half of the byte values is
     * written as the negation of its complement, to keep patterns short.
     */
    static byte[] lastBytePattern(byte[] prefix, BitSet lastBytes) {
        if (lastBytes.isEmpty()) {
            throw new IllegalArgumentException("a split needs at least one last-byte value");
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream(prefix.length + 2 * BYTE_VALUES + 8);
        out.writeBytes(escape(prefix));
        out.write('*');
        int count = lastBytes.cardinality();
        if (count == BYTE_VALUES) {
            out.write('?');
            return out.toByteArray();
        }
        out.write('[');
        BitSet members = lastBytes;
        if (count > BYTE_VALUES / 2) {
            members = new BitSet(BYTE_VALUES);
            members.set(0, BYTE_VALUES);
            members.andNot(lastBytes);
            out.write('^');
        }
        for (int b = members.nextSetBit(0); b >= 0; b = members.nextSetBit(b + 1)) {
            out.write('\\');
            out.write(b);
        }
        out.write(']');
        return out.toByteArray();
    }

    private static boolean isSpecial(byte b) {
        return switch (b) {
            case '*', '?', '[', ']', '\\', '^', '-' -> true;
            default -> false;
        };
    }
}
