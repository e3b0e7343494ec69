package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of Redis tables. */
public class RedisInputFormat extends NoSqlInputFormat {
    public RedisInputFormat() {
        super(new RedisConnector());
    }
}
