package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Protocol;
import redis.clients.jedis.Response;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;
import redis.clients.jedis.util.SafeEncoder;

/** The keys of one split, batch by batch. */
interface RedisKeySource {
    /** The next batch of keys (possibly empty), or {@code null} when the split has no more keys. */
    List<byte[]> nextBatch() throws IOException;

    /**
     * The keys of {@code keys} whose first key column reads as a listed value ({@link RedisLeadingKeys}), or all of
     * them without a list. A batch may come out empty.
     */
    static RedisKeySource matching(RedisKeySource keys, Optional<RedisLeadingKeys> leading, RedisTable table) {
        if (leading.isEmpty()) {
            return keys;
        }
        RedisLeadingKeys listed = leading.get();
        RedisKeyCodec codec = table.keyCodec();
        return () -> {
            List<byte[]> batch = keys.nextBatch();
            if (batch == null) {
                return null;
            }
            List<byte[]> matching = new ArrayList<>();
            for (byte[] key : batch) {
                if (listed.matches(codec, key)) {
                    matching.add(key);
                }
            }
            return matching;
        };
    }

    /**
     * SCAN of one server over the split's range of the cursor space ({@link RedisScanRange}), with the table's prefix
     * pattern and type. A call that runs past the end of the range is dropped and repeated with an eighth of the COUNT,
     * down to 1, so that no key of the next range is read. SCAN may return a key twice (while the server rehashes):
     * keys are deduplicated exactly within the split.
     */
    final class Scan implements RedisKeySource {
        private static final int COUNT_DIVISOR = 8;

        private final RedisTable table;
        private final HostAndPort node;
        private final Jedis jedis;
        private final RedisScanRange range;
        private final byte[] pattern;
        private final byte[] type;
        private final ByteKeySet seen = new ByteKeySet();
        private long cursor;
        private int count;
        private boolean started;
        private boolean done;

        Scan(RedisTable table, Jedis jedis, RedisSplit.Scan split) {
            this.table = requireNonNull(table, "table is null");
            this.jedis = requireNonNull(jedis, "jedis is null");
            this.node = split.node();
            this.range = split.range();
            this.pattern = RedisKeyPatterns.prefixPattern(table.prefix());
            this.type = table.valueType().redisTypeBytes();
            this.cursor = range.startCursor();
            this.count = table.settings().scanCount();
        }

        @Override
        public List<byte[]> nextBatch() throws IOException {
            if (done) {
                return null;
            }
            try {
                if (!started) {
                    started = true;
                    checkUnits();
                }
                ScanParams params = new ScanParams().match(pattern).count(count);
                ScanResult<byte[]> result = jedis.scan(SafeEncoder.encode(Long.toUnsignedString(cursor)), params, type);
                long next = Long.parseUnsignedLong(result.getCursor());
                switch (range.progress(next)) {
                    case PAST_END -> {
                        if (count == 1) {
                            // only keys of the next range; the rest of this range is empty
                            done = true;
                        } else {
                            count = Math.max(1, count / COUNT_DIVISOR);
                        }
                        return List.of();
                    }
                    case END -> done = true;
                    case INSIDE -> cursor = next;
                }
                List<byte[]> keys = new ArrayList<>(result.getResult().size());
                for (byte[] key : result.getResult()) {
                    if (seen.add(key)) {
                        keys.add(key);
                    }
                }
                return keys;
            } catch (JedisException e) {
                throw RedisErrors.readFailed(
                        table,
                        node,
                        "scanning keys (SCAN " + Long.toUnsignedString(cursor) + " MATCH "
                                + SafeEncoder.encode(pattern) + ", " + range + ", " + seen.size()
                                + " keys read so far)",
                        e);
            }
        }

        /**
         * The ranges are exact only while the server's key table has a bucket per unit; it keeps them unless nearly
         * every key was deleted since the query was planned.
         */
        private void checkUnits() throws IOException {
            long units = RedisScanRange.units(range.unitBits());
            if (units == 1) {
                return;
            }
            long keys = jedis.dbSize();
            if (keys < units) {
                HandlerException error = new HandlerException(
                        HandlerErrorCode.STORE_ERROR,
                        "Redis at " + node + " holds " + keys + " keys now, fewer than the " + units
                                + " SCAN ranges that table " + table.name() + "'s query was planned with: most keys"
                                + " were deleted while the query ran, so its splits could read a key twice; run the"
                                + " query again");
                throw new IOException(error.getMessage(), error);
            }
        }
    }

    /**
     * The keys of a cluster master's slot ranges: for a batch of slots, CLUSTER COUNTKEYSINSLOT, then CLUSTER
     * GETKEYSINSLOT, both pipelined; keys without the prefix are dropped. Each key lives in exactly one slot, so each
     * key is read once. When the master is lost, the batch of slots being listed is listed again from the master that
     * took over ({@link RedisMasterLink#failover}); the slots listed before are not.
     */
    final class Slots implements RedisKeySource {
        private static final int SLOTS_PER_BATCH = 256;
        private static final byte[] COUNTKEYSINSLOT = SafeEncoder.encode("COUNTKEYSINSLOT");
        private static final byte[] GETKEYSINSLOT = SafeEncoder.encode("GETKEYSINSLOT");

        private final RedisTable table;
        private final RedisMasterLink link;
        private final List<Integer> slots = new ArrayList<>();
        private final ArrayDeque<byte[]> pending = new ArrayDeque<>();
        /** The key counts of slots [windowStart, windowStart + windowCounts.length), counted in one round trip. */
        private long[] windowCounts = new long[0];

        private int windowStart;
        private int next;

        Slots(RedisTable table, RedisMasterLink link, RedisSplit.Slots split) {
            this.table = requireNonNull(table, "table is null");
            this.link = requireNonNull(link, "link is null");
            for (SlotRange range : split.ranges()) {
                for (int slot = range.first(); slot <= range.last(); slot++) {
                    slots.add(slot);
                }
            }
        }

        /** At most {@code redis.scan.count} keys, so that memory and pipelines stay bounded however big the slots. */
        @Override
        public List<byte[]> nextBatch() throws IOException {
            if (pending.isEmpty()) {
                if (next >= slots.size()) {
                    return null;
                }
                listNextSlots();
            }
            int size = Math.min(table.settings().scanCount(), pending.size());
            List<byte[]> keys = new ArrayList<>(size);
            for (int i = 0; i < size; i++) {
                keys.add(pending.poll());
            }
            return keys;
        }

        /** Lists the keys of the next slots, again from the new master when the master is lost meanwhile. */
        private void listNextSlots() throws IOException {
            int first = next;
            while (true) {
                try {
                    listSlotsOnce();
                    return;
                } catch (JedisException e) {
                    String doing = "listing the keys of slots " + slots.get(first) + "-"
                            + slots.get(Math.max(first, next - 1)) + " (CLUSTER GETKEYSINSLOT)";
                    if (!RedisFailover.isFailover(e)) {
                        throw RedisErrors.readFailed(table, link.master(), doing, e);
                    }
                    // list the same slots again, from the master that serves them now
                    next = first;
                    windowCounts = new long[0];
                    pending.clear();
                    link.failover(e, doing, first + " of its " + slots.size() + " slots listed");
                }
            }
        }

        /** Lists the keys of the next slots, as many slots as hold about {@code redis.scan.count} keys (at least one). */
        @SuppressWarnings("unchecked")
        private void listSlotsOnce() {
            if (next >= windowStart + windowCounts.length) {
                countWindow();
            }
            List<Integer> taken = new ArrayList<>();
            List<Long> takenCounts = new ArrayList<>();
            long keys = 0;
            while (next < windowStart + windowCounts.length
                    && (taken.isEmpty() || keys < table.settings().scanCount())) {
                long count = windowCounts[next - windowStart];
                taken.add(slots.get(next));
                takenCounts.add(count);
                keys += count;
                next++;
            }
            try (Pipeline pipeline = link.pipelined()) {
                List<Response<Object>> replies = new ArrayList<>();
                for (int i = 0; i < taken.size(); i++) {
                    long count = takenCounts.get(i);
                    if (count > 0) {
                        // a margin for keys added since the count; GETKEYSINSLOT returns at most this many
                        long limit = Math.min(Integer.MAX_VALUE, count + count / 8 + 16);
                        replies.add(pipeline.sendCommand(
                                Protocol.Command.CLUSTER,
                                GETKEYSINSLOT,
                                Protocol.toByteArray(taken.get(i)),
                                Protocol.toByteArray((int) limit)));
                    }
                }
                pipeline.sync();
                for (Response<Object> reply : replies) {
                    for (byte[] key : (List<byte[]>) reply.get()) {
                        if (table.hasPrefix(key)) {
                            pending.add(key);
                        }
                    }
                }
            }
        }

        /** CLUSTER COUNTKEYSINSLOT for the next {@value #SLOTS_PER_BATCH} slots, pipelined. */
        private void countWindow() {
            int end = Math.min(slots.size(), next + SLOTS_PER_BATCH);
            long[] counts = new long[end - next];
            try (Pipeline pipeline = link.pipelined()) {
                List<Response<Object>> replies = new ArrayList<>(counts.length);
                for (int i = next; i < end; i++) {
                    replies.add(pipeline.sendCommand(
                            Protocol.Command.CLUSTER, COUNTKEYSINSLOT, Protocol.toByteArray(slots.get(i))));
                }
                pipeline.sync();
                for (int i = 0; i < counts.length; i++) {
                    counts[i] = (Long) replies.get(i).get();
                }
            }
            windowStart = next;
            windowCounts = counts;
        }
    }

    /** The keys of a lookup split, in batches of {@code redis.scan.count}. */
    final class Lookup implements RedisKeySource {
        private final List<byte[]> keys;
        private final int batchSize;
        private int next;

        Lookup(RedisTable table, RedisSplit.Lookup split) {
            this.keys = split.keys();
            this.batchSize = table.settings().scanCount();
        }

        @Override
        public List<byte[]> nextBatch() {
            if (next >= keys.size()) {
                return null;
            }
            List<byte[]> batch = keys.subList(next, Math.min(keys.size(), next + batchSize));
            next += batch.size();
            return batch;
        }
    }
}
