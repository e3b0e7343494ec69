package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.SecretResolver;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.net.ssl.SSLParameters;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import redis.clients.jedis.Connection;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.DefaultRedisCredentials;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisClientConfig;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.exceptions.JedisException;

/**
 * Opens connections for one table: user, password (resolved from {@code redis.password.alias} through the table's
 * secret resolver, never from a property), TLS, database, timeouts and the client name {@code hive-nosql}. A single
 * server gets one {@link Jedis} per split or writer; a cluster gets a {@link JedisCluster} or a {@link Jedis} per
 * master.
 */
final class RedisClientFactory {
    static final String CLIENT_NAME = "hive-nosql";
    private static final int CLUSTER_MAX_ATTEMPTS = 5;

    private final RedisTable table;
    private final SecretResolver secrets;
    private DefaultRedisCredentials credentials;

    RedisClientFactory(RedisTable table, SecretResolver secrets) {
        this.table = requireNonNull(table, "table is null");
        this.secrets = requireNonNull(secrets, "secrets is null");
    }

    RedisTable table() {
        return table;
    }

    /** A connection to one node, authenticated, on the table's database; checked with PING. */
    Jedis connect(HostAndPort node) {
        return open(node, clientConfig(table.database()));
    }

    /**
     * Finds out what the nodes are: the first node that answers decides (INFO cluster). A cluster with
     * {@code redis.database} other than 0 is an error.
     *
     * @throws HandlerException STORE_UNREACHABLE when no node answers, naming each node tried
     */
    RedisTopology topology() {
        HandlerException first = null;
        for (HostAndPort node : table.nodes()) {
            try (Jedis jedis = open(node, clientConfig(0))) {
                if (!jedis.info("cluster").contains("cluster_enabled:1")) {
                    if (table.database() != 0) {
                        // check that the database exists: SELECT fails otherwise
                        connect(node).close();
                    }
                    return RedisTopology.single(node);
                }
                if (table.database() != 0) {
                    throw new HandlerException(
                            HandlerErrorCode.INVALID_TABLE_PROPERTY,
                            "table " + table.name() + ": " + RedisTableProperties.DATABASE.key() + " is "
                                    + table.database() + ", but " + node + " is a Redis Cluster node and a cluster "
                                    + "has only database 0; remove " + RedisTableProperties.DATABASE.key()
                                    + " or use a key prefix to separate tables");
                }
                // CLUSTER SLOTS (not SHARDS): servers before 7.0 know only this one
                Object slots = jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS");
                return RedisTopology.fromClusterSlots(node, (List<?>) slots);
            } catch (HandlerException e) {
                if (e.errorCode() != HandlerErrorCode.STORE_UNREACHABLE) {
                    throw e;
                }
                first = first == null ? e : first;
            } catch (JedisException e) {
                throw RedisErrors.connectFailed(table, node, "reading its topology (INFO cluster)", e);
            }
        }
        throw requireNonNull(first, "no nodes");
    }

    /** A cluster client that discovers the cluster from the given seed nodes. */
    JedisCluster cluster(List<HostAndPort> seeds) {
        Set<redis.clients.jedis.HostAndPort> nodes = new LinkedHashSet<>();
        seeds.forEach(seed -> nodes.add(jedisAddress(seed)));
        GenericObjectPoolConfig<Connection> pool = new GenericObjectPoolConfig<>();
        pool.setMaxTotal(4);
        pool.setJmxEnabled(false);
        try {
            return new JedisCluster(nodes, clientConfig(0), CLUSTER_MAX_ATTEMPTS, pool);
        } catch (JedisException e) {
            throw RedisErrors.connectFailed(table, seeds.get(0), e);
        }
    }

    private Jedis open(HostAndPort node, JedisClientConfig config) {
        Jedis jedis = null;
        try {
            jedis = new Jedis(jedisAddress(node), config);
            jedis.ping();
            return jedis;
        } catch (JedisException e) {
            if (jedis != null) {
                jedis.close();
            }
            throw RedisErrors.connectFailed(table, node, e);
        }
    }

    JedisClientConfig clientConfig(int database) {
        DefaultJedisClientConfig.Builder builder = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(table.timeoutMillis())
                .socketTimeoutMillis(table.timeoutMillis())
                .clientName(CLIENT_NAME)
                .ssl(table.ssl())
                .database(database);
        if (table.ssl()) {
            // the JVM's trust store checks the chain; endpoint identification also checks that the certificate names
            // the host connected to, so that no other certificate holder receives AUTH
            SSLParameters parameters = new SSLParameters();
            parameters.setEndpointIdentificationAlgorithm("HTTPS");
            builder.sslParameters(parameters);
        }
        DefaultRedisCredentials resolved = credentials();
        if (resolved != null) {
            builder.credentials(resolved);
        }
        return builder.build();
    }

    private synchronized DefaultRedisCredentials credentials() {
        if (credentials == null && table.passwordAlias().isPresent()) {
            String alias = table.passwordAlias().get();
            char[] password = secrets.require(table.name(), alias, RedisTableProperties.PASSWORD_ALIAS.key());
            credentials = new DefaultRedisCredentials(table.user().orElse(null), password);
        }
        return credentials;
    }

    static redis.clients.jedis.HostAndPort jedisAddress(HostAndPort node) {
        return new redis.clients.jedis.HostAndPort(node.host(), node.port());
    }
}
