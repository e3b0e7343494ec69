package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlOutputFormat;

/** The output format of Redis tables. */
public class RedisOutputFormat extends NoSqlOutputFormat {
    public RedisOutputFormat() {
        super(new RedisConnector());
    }
}
