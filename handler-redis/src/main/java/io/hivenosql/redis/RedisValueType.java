package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;

/** How a row is stored under its key; the lower-case name is the value of {@code redis.value.type}. */
public enum RedisValueType {
    /** A row is a hash: one hash field per non-key column, holding the value's canonical text. */
    HASH("hash"),
    /** A row is a string holding a JSON object of the non-key columns. */
    STRING("string");

    private final String redisType;
    private final byte[] redisTypeBytes;

    RedisValueType(String redisType) {
        this.redisType = redisType;
        this.redisTypeBytes = redisType.getBytes(UTF_8);
    }

    /** The name Redis uses in {@code TYPE} replies and {@code SCAN ... TYPE}. */
    public String redisType() {
        return redisType;
    }

    byte[] redisTypeBytes() {
        return redisTypeBytes.clone();
    }
}
