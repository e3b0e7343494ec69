package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.hive.NoSqlStorageHandler;
import org.junit.jupiter.api.Test;

class TestRedisStorageHandler {
    @Test
    void wiresTheRedisConnectorIntoTheGenericHiveClasses() {
        NoSqlStorageHandler handler = new RedisStorageHandler();
        assertThat(handler.connector()).isInstanceOf(RedisConnector.class);
        assertThat(handler.getInputFormatClass()).isEqualTo(RedisInputFormat.class);
        assertThat(handler.getOutputFormatClass()).isEqualTo(RedisOutputFormat.class);
        assertThat(handler.getSerDeClass()).isEqualTo(RedisSerDe.class);
        assertThat(new RedisInputFormat().connector()).isInstanceOf(RedisConnector.class);
        assertThat(new RedisOutputFormat().connector()).isInstanceOf(RedisConnector.class);
        assertThat(new RedisSerDe()).isNotNull();
    }
}
