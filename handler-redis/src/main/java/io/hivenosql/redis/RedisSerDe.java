package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlSerDe;

/** The SerDe of Redis tables. */
public class RedisSerDe extends NoSqlSerDe {
    public RedisSerDe() {
        super(new RedisConnector());
    }
}
