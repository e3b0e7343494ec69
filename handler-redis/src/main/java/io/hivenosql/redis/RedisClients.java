package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.BoundSecret;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SecretUse;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.tls.TlsContexts;
import io.hivenosql.api.tls.TlsSettings;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.apache.commons.pool2.impl.GenericObjectPoolConfig;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
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
 *
 * <p>A password goes only to the hosts it is bound to ({@link BoundSecret}): {@code redis.nodes} is checked before
 * the first connection; a cluster's topology is read with CLUSTER SLOTS from a bound node and its masters checked
 * before the cluster client connects to them; and every connection the client configuration opens, including those
 * the cluster client opens after a redirection, is refused before its socket is connected when its address is not
 * bound ({@link #guard}).
 */
final class RedisClients {
    static final String CLIENT_NAME = "hive-nosql";
    private static final Logger log = LoggerFactory.getLogger(RedisClients.class);
    private static final int CLUSTER_MAX_ATTEMPTS = 5;

    private final RedisTable table;
    private final SecretResolver secrets;
    private final TableFiles files;
    private TlsContexts.Context tls;
    private Optional<BoundSecret> secret = Optional.empty();
    private boolean secretResolved;
    private DefaultRedisCredentials credentials;

    RedisClients(RedisTable table, SecretResolver secrets, TableFiles files) {
        this.table = requireNonNull(table, "table is null");
        this.secrets = requireNonNull(secrets, "secrets is null");
        this.files = requireNonNull(files, "files is null");
    }

    /** The clients of the table a connector call works on. */
    static RedisClients of(TableContext context) {
        return new RedisClients(RedisTable.of(context), context.secrets(), context.files());
    }

    RedisTable table() {
        return table;
    }

    /** A connection to one node, authenticated, on the table's database; checked with PING. */
    Jedis connect(HostAndPort node) {
        return open(node, clientConfig(table.settings().database()));
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
                    if (table.settings().database() != 0) {
                        // check that the database exists: SELECT fails otherwise
                        connect(node).close();
                    }
                    return RedisTopology.single(node);
                }
                if (table.settings().database() != 0) {
                    throw new HandlerException(
                            HandlerErrorCode.INVALID_TABLE_PROPERTY,
                            "table " + table.name() + ": " + RedisTableProperties.DATABASE.key() + " is "
                                    + table.settings().database() + ", but " + node
                                    + " is a Redis Cluster node and a cluster "
                                    + "has only database 0; remove " + RedisTableProperties.DATABASE.key()
                                    + " or use a key prefix to separate tables");
                }
                // CLUSTER SLOTS (not SHARDS): servers before 7.0 know only this one
                Object slots = jedis.sendCommand(Protocol.Command.CLUSTER, "SLOTS");
                RedisTopology topology = RedisTopology.fromClusterSlots(node, (List<?>) slots);
                checkBound(topology);
                return topology;
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

    /**
     * A connection that sends pipelines: the cluster's (each key goes to its master) when {@code cluster}, else one to
     * {@code node}.
     */
    Pipelined pipelined(boolean cluster, HostAndPort node) {
        if (cluster) {
            JedisCluster client = cluster(table.nodes());
            return new Pipelined(client, client::pipelined);
        }
        Jedis jedis = connect(node);
        return new Pipelined(jedis, jedis::pipelined);
    }

    /** A connection and the pipelines it opens; closing the connection ends them. */
    record Pipelined(AutoCloseable connection, Supplier<? extends AbstractPipeline> pipelines) {
        Pipelined {
            requireNonNull(connection, "connection is null");
            requireNonNull(pipelines, "pipelines is null");
        }
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

    /**
     * The masters of a cluster must be bound before the cluster client connects to them; a replica that is not is
     * logged, and never connected to with the password ({@link #guard}).
     */
    private void checkBound(RedisTopology topology) {
        Optional<BoundSecret> bound = secret();
        if (bound.isEmpty()) {
            return;
        }
        for (RedisTopology.Master master : topology.masters()) {
            HostAndPort address = master.address();
            if (!bound.get().permits(address.host(), address.port())) {
                throw bound.get()
                        .notBound(
                                table.name(),
                                "the Redis Cluster master (CLUSTER SLOTS of " + topology.node() + ")",
                                address.toString());
            }
            for (HostAndPort replica : master.replicas()) {
                if (!bound.get().permits(replica.host(), replica.port())) {
                    log.warn(
                            "table {}: replica {} of Redis Cluster master {} is not bound to the password of {}; the "
                                    + "password is never sent to it",
                            table.name(),
                            replica,
                            address,
                            RedisTableProperties.PASSWORD_ALIAS.key());
                }
            }
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
                .connectionTimeoutMillis(table.settings().timeoutMillis())
                .socketTimeoutMillis(table.settings().timeoutMillis())
                .clientName(CLIENT_NAME)
                .ssl(table.settings().ssl())
                .database(database);
        table.settings().tls().ifPresent(settings -> {
            // the table's trust material (else the JVM's) checks the chain; unless turned off, endpoint identification
            // also checks that the certificate names the host connected to, so that no other holder of a certificate
            // of a trusted CA receives AUTH
            builder.sslSocketFactory(TlsContexts.handshakingSocketFactory(tlsContext(settings), settings));
            builder.sslParameters(TlsContexts.parameters(settings));
        });
        DefaultRedisCredentials resolved = credentials();
        if (resolved != null) {
            builder.credentials(resolved);
            BoundSecret bound = secret().orElseThrow();
            builder.hostAndPortMapper(address -> guard(bound, address));
        }
        return builder.build();
    }

    /** The table's TLS context, built on first use from its trust and key material. */
    private synchronized TlsContexts.Context tlsContext(TlsSettings settings) {
        if (tls == null) {
            tls = TlsContexts.create(settings, files, secrets);
        }
        return tls;
    }

    /**
     * Jedis asks the client configuration's mapper for the address of every socket it is about to connect (seeds, the
     * nodes a cluster announces, redirections): an address the password is not bound to fails there, before any
     * connection exists.
     */
    private redis.clients.jedis.HostAndPort guard(BoundSecret bound, redis.clients.jedis.HostAndPort address) {
        if (!bound.permits(address.getHost(), address.getPort())) {
            throw bound.notBound(table.name(), "the Redis node", address.getHost() + ":" + address.getPort());
        }
        return address;
    }

    /** The table's password with its binding, once checked against {@code redis.nodes}; empty without an alias. */
    private synchronized Optional<BoundSecret> secret() {
        if (!secretResolved) {
            secret = secretUse(table).map(use -> secrets.requireBound(table.name(), use));
            secretResolved = true;
        }
        return secret;
    }

    private synchronized DefaultRedisCredentials credentials() {
        if (credentials == null && secret().isPresent()) {
            credentials = new DefaultRedisCredentials(
                    table.settings().user().orElse(null), secret().get().value());
        }
        return credentials;
    }

    /** The table's password alias and {@code redis.nodes}, the hosts it is sent to. */
    static Optional<SecretUse> secretUse(RedisTable table) {
        return SecretUse.of(table.config(), RedisTableProperties.PASSWORD_ALIAS, RedisTableProperties.NODES);
    }

    static redis.clients.jedis.HostAndPort jedisAddress(HostAndPort node) {
        return new redis.clients.jedis.HostAndPort(node.host(), node.port());
    }
}
