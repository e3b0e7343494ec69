package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.tls.TlsSettings;
import java.util.Optional;

/**
 * How a Redis table's clients connect and batch, read from its properties once (when the table is bound).
 *
 * @param database {@code redis.database}
 * @param user {@code redis.user}
 * @param passwordAlias {@code redis.password.alias}
 * @param ssl {@code redis.ssl}
 * @param tls the TLS settings ({@code redis.ssl.*}), present when {@code ssl}
 * @param batchSize {@code redis.batch.size}: rows written per pipeline
 * @param scanCount {@code redis.scan.count}: SCAN's COUNT hint and keys read per pipeline
 * @param splitCount {@code redis.split.count}: 0 chooses from the estimated row count
 * @param timeoutMillis {@code redis.timeout.ms}: connect and socket timeout
 * @param failoverTimeoutMillis {@code redis.cluster.failover-timeout-ms}: how long a lost master's slots may go
 *     unserved
 * @param writeReplicas {@code redis.write.replicas}: replicas a cluster write waits for (WAIT), 0 for none
 */
record RedisSettings(
        int database,
        Optional<String> user,
        Optional<String> passwordAlias,
        boolean ssl,
        Optional<TlsSettings> tls,
        int batchSize,
        int scanCount,
        int splitCount,
        int timeoutMillis,
        int failoverTimeoutMillis,
        int writeReplicas) {
    RedisSettings {
        requireNonNull(user, "user is null");
        requireNonNull(passwordAlias, "passwordAlias is null");
        requireNonNull(tls, "tls is null");
    }

    static RedisSettings of(TableConfig config) {
        return new RedisSettings(
                config.<Integer>get(RedisTableProperties.DATABASE),
                config.getOptional(RedisTableProperties.USER),
                config.getOptional(RedisTableProperties.PASSWORD_ALIAS),
                config.<Boolean>get(RedisTableProperties.SSL),
                TlsSettings.of(config, RedisTableProperties.TLS, config.<Boolean>get(RedisTableProperties.SSL)),
                config.<Integer>get(RedisTableProperties.BATCH_SIZE),
                config.<Integer>get(RedisTableProperties.SCAN_COUNT),
                config.<Integer>get(RedisTableProperties.SPLIT_COUNT),
                config.<Integer>get(RedisTableProperties.TIMEOUT_MS),
                config.<Integer>get(RedisTableProperties.FAILOVER_TIMEOUT_MS),
                config.<Integer>get(RedisTableProperties.WRITE_REPLICAS));
    }
}
