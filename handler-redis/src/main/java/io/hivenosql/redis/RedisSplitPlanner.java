package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.SafeEncoder;

/**
 * Plans the splits of a Redis table scan.
 *
 * <ul>
 *   <li>One server: ranges of SCAN's cursor space ({@link RedisScanRange}), so that the splits together walk the
 *       keyspace once and each gets an equal share of the keys, whatever the keys look like. A server with few keys
 *       has few ranges: at most DBSIZE / 16 (rounded down to a power of two), hence one split below 32 keys.
 *   <li>Redis Cluster: hash-slot ranges of each master, several per master, balanced by CLUSTER COUNTKEYSINSLOT; a
 *       split is read from its master and prefers the hosts of the master and its replicas. A prefix with a hash tag
 *       ({@code {t}:}) puts every key in one slot, hence in one split.
 *   <li>A pushed key filter: the selected keys, read by direct lookups in chunks of {@value #LOOKUP_KEYS_PER_SPLIT}.
 *   <li>A pushed filter on the first of several key columns alone: the splits of a scan, as above, each carrying the
 *       listed values ({@link RedisLeadingKeys}), whose reader fetches the values of the matching keys only.
 * </ul>
 *
 * <p>The split count is {@code redis.split.count} when set, else one split per ~{@value #ROWS_PER_SPLIT} estimated rows
 * (1 to {@value #MAX_AUTO_SPLITS}), raised to Hive's hint when the table has enough rows.
 */
final class RedisSplitPlanner {
    static final long ROWS_PER_SPLIT = 200_000;
    static final long MIN_ROWS_PER_HINTED_SPLIT = 10_000;
    static final int MAX_AUTO_SPLITS = 64;
    static final int LOOKUP_KEYS_PER_SPLIT = 10_000;

    private static final Logger log = LoggerFactory.getLogger(RedisSplitPlanner.class);
    private static final byte[] COUNTKEYSINSLOT = SafeEncoder.encode("COUNTKEYSINSLOT");

    private final RedisTable table;
    private final RedisClients clients;

    RedisSplitPlanner(RedisClients clients) {
        this.clients = requireNonNull(clients, "clients is null");
        this.table = clients.table();
    }

    List<SplitSpec> plan(Optional<Filter> filter, int desiredSplits) throws IOException {
        RedisTopology topology = clients.topology();
        List<SplitSpec> splits;
        Optional<RedisLeadingKeys> leading = Optional.empty();
        if (filter.isPresent() && !RedisKeyFilter.fixesWholeKeys(filter.get(), table)) {
            leading = Optional.of(RedisKeyFilter.leadingTexts(filter.get(), table));
        }
        if (filter.isPresent() && leading.isEmpty()) {
            splits = planLookups(topology, RedisKeyFilter.keys(filter.get(), table));
        } else if (topology.cluster()) {
            splits = planCluster(topology, desiredSplits, leading);
        } else {
            splits = planSingle(topology.node(), desiredSplits, leading);
        }
        if (splits.isEmpty()) {
            throw new IllegalStateException("planned no splits for table " + table.name());
        }
        Collections.shuffle(splits);
        log.info(
                "table {}: {} splits ({})",
                table.name(),
                splits.size(),
                splits.get(0).description());
        return splits;
    }

    private List<SplitSpec> planSingle(HostAndPort node, int desiredSplits, Optional<RedisLeadingKeys> leading)
            throws IOException {
        RedisSampler.Sample sample;
        try (Jedis jedis = clients.connect(node)) {
            sample = RedisSampler.sample(jedis, table, node);
        }
        long rows = sample.estimatedRows(table.prefix().length == 0);
        int unitBits = RedisScanRange.unitBits(sample.dbSize());
        int count = (int) Math.min(
                RedisScanRange.units(unitBits), splitCount(table.settings().splitCount(), rows, desiredSplits));
        if (table.settings().splitCount() > count) {
            log.info(
                    "table {}: {} = {}, but {} holds {} keys, enough for {} splits only",
                    table.name(),
                    RedisTableProperties.SPLIT_COUNT.key(),
                    table.settings().splitCount(),
                    node,
                    sample.dbSize(),
                    count);
        }
        List<SplitSpec> splits = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            RedisScanRange range = new RedisScanRange(i, count, unitBits);
            long bytes = estimatedBytes(
                    sample.averageBytes(), rows, range.endUnit() - range.firstUnit(), RedisScanRange.units(unitBits));
            RedisSplit.Scan split = new RedisSplit.Scan(node, range, leading);
            splits.add(new SplitSpec(split.toBytes(), List.of(node.host()), bytes, RedisSplit.describe(split)));
        }
        return splits;
    }

    /**
     * The bytes of a split holding {@code part} of {@code whole} of the rows, in double: the product of row size, rows
     * and part overflows a long on large tables.
     */
    static long estimatedBytes(long averageBytes, long rows, long part, long whole) {
        if (whole <= 0) {
            return 0;
        }
        return (long) Math.min(Long.MAX_VALUE, (double) averageBytes * rows * ((double) part / whole));
    }

    /**
     * Plans slot-range splits per master. A master lost while it is asked (a query planned in a failover's window) is
     * waited for as a reader waits ({@link RedisFailover}, at most {@code redis.cluster.failover-timeout-ms}), and the
     * planning starts again on the slot map that serves its slots.
     */
    private List<SplitSpec> planCluster(RedisTopology topology, int desiredSplits, Optional<RedisLeadingKeys> leading)
            throws IOException {
        RedisTopology current = topology;
        for (int failovers = 0; ; failovers++) {
            RedisTopology.Master asked = null;
            try {
                List<long[]> slotKeys = new ArrayList<>();
                List<RedisSampler.Sample> samples = new ArrayList<>();
                for (RedisTopology.Master master : current.masters()) {
                    asked = master;
                    try (Jedis jedis = clients.connect(master.address())) {
                        slotKeys.add(countKeysInSlots(jedis, master));
                        samples.add(RedisSampler.sample(jedis, table, master.address()));
                    }
                }
                return clusterSplits(current, slotKeys, samples, desiredSplits, leading);
            } catch (IOException | RuntimeException e) {
                if (asked == null) {
                    throw e;
                }
                current = RedisFailover.afterLostMaster(clients, current, asked, e, failovers, "planning the splits");
            }
        }
    }

    private List<SplitSpec> clusterSplits(
            RedisTopology topology,
            List<long[]> slotKeys,
            List<RedisSampler.Sample> samples,
            int desiredSplits,
            Optional<RedisLeadingKeys> leading) {
        long totalRows = 0;
        for (RedisSampler.Sample sample : samples) {
            totalRows += sample.estimatedRows(table.prefix().length == 0);
        }
        int count = splitCount(table.settings().splitCount(), totalRows, desiredSplits);
        List<SplitSpec> splits = new ArrayList<>();
        for (int m = 0; m < topology.masters().size(); m++) {
            RedisTopology.Master master = topology.masters().get(m);
            RedisSampler.Sample sample = samples.get(m);
            long rows = sample.estimatedRows(table.prefix().length == 0);
            int groups = totalRows == 0 ? 1 : (int) Math.max(1, Math.round((double) count * rows / totalRows));
            long[] counts = slotKeys.get(m);
            long masterKeys = 0;
            for (long c : counts) {
                masterKeys += c;
            }
            for (List<SlotRange> group : groupSlots(master.ranges(), counts, groups)) {
                long groupKeys = 0;
                for (SlotRange range : group) {
                    for (int slot = range.first(); slot <= range.last(); slot++) {
                        groupKeys += counts[slot];
                    }
                }
                long bytes = estimatedBytes(sample.averageBytes(), rows, groupKeys, masterKeys);
                RedisSplit.Slots split = new RedisSplit.Slots(master.address(), master.replicas(), group, leading);
                splits.add(new SplitSpec(split.toBytes(), master.hosts(), bytes, RedisSplit.describe(split)));
            }
        }
        return splits;
    }

    /** Keys per slot (array indexed by slot) of the master's slots, pipelined CLUSTER COUNTKEYSINSLOT. */
    private long[] countKeysInSlots(Jedis jedis, RedisTopology.Master master) throws IOException {
        long[] counts = new long[RedisTopology.SLOTS];
        try (Pipeline pipeline = jedis.pipelined()) {
            List<Response<Object>> replies = new ArrayList<>();
            for (SlotRange range : master.ranges()) {
                for (int slot = range.first(); slot <= range.last(); slot++) {
                    replies.add(pipeline.sendCommand(
                            Protocol.Command.CLUSTER, COUNTKEYSINSLOT, Protocol.toByteArray(slot)));
                }
            }
            pipeline.sync();
            int i = 0;
            for (SlotRange range : master.ranges()) {
                for (int slot = range.first(); slot <= range.last(); slot++) {
                    counts[slot] = (Long) replies.get(i++).get();
                }
            }
        } catch (JedisException e) {
            throw RedisErrors.readFailed(
                    table, master.address(), "counting keys per slot (CLUSTER COUNTKEYSINSLOT)", e);
        }
        return counts;
    }

    private List<SplitSpec> planLookups(RedisTopology topology, Set<ByteKey> keys) {
        List<byte[]> all = keys.stream().map(ByteKey::bytes).toList();
        List<String> hosts =
                topology.cluster() ? List.of() : List.of(topology.node().host());
        List<SplitSpec> splits = new ArrayList<>();
        for (int from = 0; from < all.size() || from == 0; from += LOOKUP_KEYS_PER_SPLIT) {
            List<byte[]> chunk = all.subList(from, Math.min(all.size(), from + LOOKUP_KEYS_PER_SPLIT));
            RedisSplit.Lookup split = new RedisSplit.Lookup(topology.cluster(), topology.node(), chunk);
            splits.add(new SplitSpec(split.toBytes(), hosts, 0, RedisSplit.describe(split)));
        }
        return splits;
    }

    /**
     * The number of splits: the configured count if any, else one per {@value #ROWS_PER_SPLIT} rows in [1, 64], raised
     * towards Hive's hint as long as each split keeps {@value #MIN_ROWS_PER_HINTED_SPLIT} rows.
     */
    static int splitCount(int configured, long estimatedRows, int desiredSplits) {
        if (configured > 0) {
            return configured;
        }
        long count = (estimatedRows + ROWS_PER_SPLIT - 1) / ROWS_PER_SPLIT;
        if (desiredSplits > count) {
            count = Math.max(count, Math.min(desiredSplits, estimatedRows / MIN_ROWS_PER_HINTED_SPLIT));
        }
        return (int) Math.max(1, Math.min(MAX_AUTO_SPLITS, count));
    }

    /**
     * Cuts a master's slots (in order) into {@code groups} runs of about equal key counts; each run is returned as its
     * list of contiguous slot ranges. Without keys, the slots are cut into runs of equal slot counts.
     */
    static List<List<SlotRange>> groupSlots(List<SlotRange> ranges, long[] keysPerSlot, int groups) {
        List<Integer> slots = new ArrayList<>();
        long total = 0;
        for (SlotRange range : ranges) {
            for (int slot = range.first(); slot <= range.last(); slot++) {
                slots.add(slot);
                total += keysPerSlot[slot];
            }
        }
        int runs = Math.max(1, Math.min(groups, slots.size()));
        List<List<SlotRange>> result = new ArrayList<>();
        List<Integer> current = new ArrayList<>();
        long accumulated = 0;
        for (int i = 0; i < slots.size(); i++) {
            int slot = slots.get(i);
            current.add(slot);
            accumulated += total == 0 ? 1 : keysPerSlot[slot];
            long whole = total == 0 ? slots.size() : total;
            int done = result.size() + 1;
            boolean lastRun = done == runs;
            int slotsLeft = slots.size() - i - 1;
            if (!lastRun && (accumulated * runs >= whole * done || slotsLeft == runs - done)) {
                result.add(toRanges(current));
                current = new ArrayList<>();
            }
        }
        if (!current.isEmpty()) {
            result.add(toRanges(current));
        }
        return result;
    }

    private static List<SlotRange> toRanges(List<Integer> slots) {
        List<SlotRange> ranges = new ArrayList<>();
        int first = slots.get(0);
        int previous = first;
        for (int slot : slots.subList(1, slots.size())) {
            if (slot != previous + 1) {
                ranges.add(new SlotRange(first, previous));
                first = slot;
            }
            previous = slot;
        }
        ranges.add(new SlotRange(first, previous));
        return ranges;
    }
}
