package io.hivenosql.redis;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.mapping.StoredSpellings;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.AbstractPipeline;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.SafeEncoder;

/**
 * The field spellings a hash table's keys use for the stored columns' field names ({@link StoredSpellings}, flat: a
 * dot is a character of a hash field name): HMGET fetches fields by exact name while Hive lower-cases column names, so
 * a column {@code studentid} must fetch the {@code studentID} that redis-py or any other client wrote. The sample is
 * {@code HKEYS} of up to {@value #SAMPLE_KEYS} keys under the prefix, found by SCAN from the start of the key space
 * (at most {@value #MAX_SCANS} SCAN calls per server, or until the first key under the prefix when those found none:
 * the whole key space of a server without any; on a cluster, each master gives its share). String tables read whole
 * JSON values and match names per value: they are not sampled.
 */
final class RedisSpellings {
    static final int SAMPLE_KEYS = 300;
    static final int MAX_SCANS = 50;
    private static final Logger log = LoggerFactory.getLogger(RedisSpellings.class);

    private RedisSpellings() {}

    /** The table with its stored columns' spellings; hash tables only. */
    static TableContext resolve(TableContext context) throws IOException {
        return resolve(context, Optional.empty());
    }

    /**
     * As {@link #resolve(TableContext)}; when the query pushes key lookups ({@code pushed}), the sample is the first
     * {@value #SAMPLE_KEYS} of the looked-up keys, so that a lookup costs no SCAN.
     */
    static TableContext resolve(TableContext context, Optional<Filter> pushed) throws IOException {
        RedisTable table = RedisTable.of(context);
        if (table.valueType() != RedisValueType.HASH) {
            return context;
        }
        TableMapping mapping = context.mapping();
        List<Integer> sampled = table.fieldColumns().stream()
                .filter(c -> mapping.column(c).storedPaths().isEmpty())
                .toList();
        if (sampled.isEmpty()) {
            return context;
        }
        StoredSpellings spellings = new StoredSpellings(mapping, sampled, StoredSpellings::flat);
        RedisClients clients = new RedisClients(table, context.secrets(), context.files());
        RedisTopology topology = clients.topology();
        Optional<List<byte[]>> lookups = pushed.flatMap(filter -> lookupKeys(filter, table));
        if (lookups.isPresent()) {
            sampleLookups(clients, topology, table, lookups.get(), spellings);
            return log(table, spellings, context);
        }
        if (!topology.cluster()) {
            sampleNode(clients, table, topology.node(), SAMPLE_KEYS, spellings);
            return log(table, spellings, context);
        }
        int perNode = Math.max(1, SAMPLE_KEYS / topology.masters().size());
        for (RedisTopology.Master master : topology.masters()) {
            HostAndPort node = master.address();
            for (int failovers = 0; ; failovers++) {
                try {
                    sampleNode(clients, table, node, perNode, spellings);
                    break;
                } catch (IOException | RuntimeException e) {
                    // a master lost while the query is compiled: sample the one that takes over its slots
                    node = RedisFailover.afterLostMaster(
                                    clients,
                                    topology,
                                    master,
                                    e,
                                    failovers,
                                    "sampling the field names of the table's hashes")
                            .masterOf(master.ranges().get(0).first());
                }
            }
        }
        return log(table, spellings, context);
    }

    private static void sampleNode(
            RedisClients clients, RedisTable table, HostAndPort node, int keys, StoredSpellings spellings)
            throws IOException {
        try (Jedis jedis = clients.connect(node)) {
            for (Set<byte[]> fields : fieldNames(jedis, table, keys(jedis, table, keys))) {
                spellings.add(new SampledHash(fields));
            }
        } catch (JedisException e) {
            throw RedisErrors.readFailed(
                    table, node, "sampling the field names of the table's hashes (SCAN, HKEYS)", e);
        }
    }

    /** The keys a pushed key filter looks up (at most the sample's size), or empty when it is no key filter. */
    private static Optional<List<byte[]>> lookupKeys(Filter filter, RedisTable table) {
        try {
            return Optional.of(RedisKeyFilter.keys(filter, table).stream()
                    .limit(SAMPLE_KEYS)
                    .map(ByteKey::bytes)
                    .toList());
        } catch (IllegalArgumentException e) {
            return Optional.empty(); // not (only) key lookups: a scanned sample
        }
    }

    private static void sampleLookups(
            RedisClients clients,
            RedisTopology topology,
            RedisTable table,
            List<byte[]> keys,
            StoredSpellings spellings)
            throws IOException {
        HostAndPort node = topology.cluster() ? table.nodes().get(0) : topology.node();
        try (AutoCloseable connection =
                topology.cluster() ? clients.cluster(table.nodes()) : clients.connect(topology.node())) {
            Supplier<? extends AbstractPipeline> pipelines =
                    connection instanceof JedisCluster cluster ? cluster::pipelined : ((Jedis) connection)::pipelined;
            List<Response<Set<byte[]>>> replies = new ArrayList<>(keys.size());
            try (AbstractPipeline pipeline = pipelines.get()) {
                keys.forEach(key -> replies.add(pipeline.hkeys(key)));
                pipeline.sync();
            }
            for (Response<Set<byte[]>> reply : replies) {
                try {
                    Set<byte[]> fields = reply.get();
                    if (!fields.isEmpty()) {
                        spellings.add(new SampledHash(fields));
                    }
                } catch (JedisException e) {
                    // a key of another type: no row, and no part of the sample
                }
            }
        } catch (JedisException e) {
            throw RedisErrors.readFailed(table, node, "sampling the field names of the looked-up hashes (HKEYS)", e);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException("table " + table.name() + ": cannot close the connection to Redis at " + node, e);
        }
    }

    private static TableContext log(RedisTable table, StoredSpellings spellings, TableContext context) {
        List<String> changes = spellings.changes();
        if (!changes.isEmpty()) {
            log.info(
                    "table {}: field spellings in {} sampled hashes: {}",
                    table.name(),
                    spellings.records(),
                    String.join("; ", changes));
        }
        return context.withHandle(RedisTable.resolve(context.tableName(), context.config(), spellings.apply()));
    }

    /** Up to {@code wanted} hash keys under the prefix, from the start of the key space. */
    private static List<byte[]> keys(Jedis jedis, RedisTable table, int wanted) {
        ScanParams params = new ScanParams()
                .match(RedisKeyPatterns.prefixPattern(table.prefix()))
                .count(table.settings().scanCount());
        byte[] type = RedisValueType.HASH.redisTypeBytes();
        List<byte[]> keys = new ArrayList<>();
        byte[] cursor = ScanParams.SCAN_POINTER_START_BINARY;
        int scans = 0;
        do {
            ScanResult<byte[]> result = jedis.scan(cursor, params, type);
            cursor = result.getCursorAsBytes();
            for (byte[] key : result.getResult()) {
                if (keys.size() < wanted) {
                    keys.add(key);
                }
            }
        } while (keys.size() < wanted
                // past MAX_SCANS only until a first key: a table whose few keys sit among many others' is no empty
                // table, whose columns would be read and written in the mapped spelling (camelCase fields as NULL)
                && (++scans < MAX_SCANS || keys.isEmpty())
                && !SafeEncoder.encode(cursor).equals("0"));
        if (scans > MAX_SCANS) {
            log.info(
                    "table {}: sampling field names took {} SCAN calls to find {} key(s) under the prefix among the "
                            + "server's other keys",
                    table.name(),
                    scans,
                    keys.size());
        }
        return keys;
    }

    private static List<Set<byte[]>> fieldNames(Jedis jedis, RedisTable table, List<byte[]> keys) {
        List<Response<Set<byte[]>>> replies = new ArrayList<>(keys.size());
        try (Pipeline pipeline = jedis.pipelined()) {
            keys.forEach(key -> replies.add(pipeline.hkeys(key)));
            pipeline.sync();
        }
        List<Set<byte[]>> result = new ArrayList<>(keys.size());
        for (Response<Set<byte[]>> reply : replies) {
            try {
                result.add(reply.get());
            } catch (JedisException e) {
                // a key deleted or replaced by another type since SCAN saw it: not part of the sample
            }
        }
        return result;
    }

    /**
     * A hash's field names that are UTF-8 text (HMGET asks for names in UTF-8; the reserved empty field of an all-NULL
     * row is no column's).
     */
    private record SampledHash(Set<byte[]> fields) implements StoredSpellings.SampledRecord {
        @Override
        public Iterable<String> fieldNames() {
            List<String> names = new ArrayList<>(fields.size());
            CharsetDecoder utf8 = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT);
            for (byte[] field : fields) {
                if (field.length == 0) {
                    continue;
                }
                try {
                    names.add(utf8.decode(ByteBuffer.wrap(field)).toString());
                } catch (CharacterCodingException e) {
                    // not text: no column's name can be spelt so
                }
            }
            return names;
        }

        @Override
        public StoredSpellings.SampledRecord child(String fieldName) {
            return null;
        }
    }
}
