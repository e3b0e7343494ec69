package io.hivenosql.redis;

import io.hivenosql.api.hive.NoSqlStorageHandler;

/**
 * The class users name in DDL: {@code CREATE EXTERNAL TABLE t (...) STORED BY
 * 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='host:6379', 'redis.key.prefix'='t:')}.
 */
public class RedisStorageHandler extends NoSqlStorageHandler {
    public RedisStorageHandler() {
        super(
                new RedisConnector(),
                RedisInputFormat.class,
                RedisRowInputFormat.class,
                RedisOutputFormat.class,
                RedisSerDe.class);
    }
}
