package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of Redis tables whose {@code nosql.read.vectorized} is false: rows only. */
public class RedisRowInputFormat extends NoSqlInputFormat {
    public RedisRowInputFormat() {
        super(new RedisConnector());
    }
}
