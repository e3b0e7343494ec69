package io.hivenosql.redis;

import java.io.ByteArrayOutputStream;

/**
 * Glob patterns for {@code SCAN MATCH}. Redis matches patterns byte by byte; a backslash makes the next byte literal,
 * both outside and inside a {@code [...]} class. Every glob-special byte of a key prefix ({@code * ? [ ] \ ^ -}) is
 * escaped, so that a prefix such as {@code a*b?[c]\} matches only itself.
 */
final class RedisKeyPatterns {
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

    private static boolean isSpecial(byte b) {
        return switch (b) {
            case '*', '?', '[', ']', '\\', '^', '-' -> true;
            default -> false;
        };
    }
}
