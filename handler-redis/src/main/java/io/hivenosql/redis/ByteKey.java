package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/** A Redis key (binary) with value equality, for sets and maps of keys. Callers must not modify the array. */
record ByteKey(byte[] bytes) {
    ByteKey {
        requireNonNull(bytes, "bytes is null");
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ByteKey key && Arrays.equals(bytes, key.bytes);
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(bytes);
    }

    @Override
    public String toString() {
        return new String(bytes, UTF_8);
    }
}
