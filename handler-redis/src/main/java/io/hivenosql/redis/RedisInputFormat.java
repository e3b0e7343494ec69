package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlVectorizedInputFormat;

/** The input format of Redis tables: rows, and column batches in vectorized tasks. */
public class RedisInputFormat extends NoSqlVectorizedInputFormat {
    public RedisInputFormat() {
        super(new RedisConnector());
    }
}
