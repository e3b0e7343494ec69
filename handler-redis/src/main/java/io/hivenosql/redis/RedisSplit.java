package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.split.SplitPayloads;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The payload of a Redis split: what one task reads. Serialized as a small versioned byte array (big-endian, via
 * {@link DataOutputStream}):
 *
 * <pre>
 * byte    version (4)
 * byte    kind: 'S' scan of one server, 'C' hash slots of a cluster master, 'L' key lookups
 * 'S':    UTF host, int port, int index, int count, int unit bits (see {@link RedisScanRange}), leading
 * 'C':    UTF host, int port, int replicaCount, replicaCount x (UTF host, int port),
 *         int rangeCount, rangeCount x (int first slot, int last slot), leading
 * 'L':    boolean cluster, UTF host, int port, int keyCount, keyCount x (int length, bytes)
 * leading: boolean present, then the listed values of the first key column ({@link RedisLeadingKeys#write})
 * </pre>
 */
sealed interface RedisSplit permits RedisSplit.Scan, RedisSplit.Slots, RedisSplit.Lookup {
    byte VERSION = 4;

    /**
     * The table's keys in one range of a single server's SCAN cursor space; with {@code leading}, the values of only
     * the keys whose first key column is listed.
     */
    record Scan(HostAndPort node, RedisScanRange range, Optional<RedisLeadingKeys> leading) implements RedisSplit {
        public Scan {
            requireNonNull(node, "node is null");
            requireNonNull(range, "range is null");
            requireNonNull(leading, "leading is null");
        }

        Scan(HostAndPort node, RedisScanRange range) {
            this(node, range, Optional.empty());
        }
    }

    /**
     * The keys of the given hash slots, read from their master; its replicas as planned are where the reader asks for
     * the new slot map when the master is lost.
     */
    record Slots(
            HostAndPort master, List<HostAndPort> replicas, List<SlotRange> ranges, Optional<RedisLeadingKeys> leading)
            implements RedisSplit {
        public Slots {
            requireNonNull(master, "master is null");
            replicas = List.copyOf(requireNonNull(replicas, "replicas is null"));
            ranges = List.copyOf(requireNonNull(ranges, "ranges is null"));
            requireNonNull(leading, "leading is null");
        }

        Slots(HostAndPort master, List<HostAndPort> replicas, List<SlotRange> ranges) {
            this(master, replicas, ranges, Optional.empty());
        }
    }

    /** Direct lookups of known keys (a pushed key filter); no SCAN. */
    record Lookup(boolean cluster, HostAndPort node, List<byte[]> keys) implements RedisSplit {
        public Lookup {
            requireNonNull(node, "node is null");
            keys = List.copyOf(requireNonNull(keys, "keys is null"));
        }
    }

    /** An inclusive range of cluster hash slots. */
    record SlotRange(int first, int last) {
        public SlotRange {
            if (first < 0 || last >= RedisTopology.SLOTS || first > last) {
                throw new IllegalArgumentException("bad slot range " + first + "-" + last);
            }
        }

        @Override
        public String toString() {
            return first == last ? Integer.toString(first) : first + "-" + last;
        }
    }

    default byte[] toBytes() {
        return SplitPayloads.write("Redis", VERSION, out -> {
            if (this instanceof Scan scan) {
                out.writeByte('S');
                writeNode(out, scan.node());
                out.writeInt(scan.range().index());
                out.writeInt(scan.range().count());
                out.writeInt(scan.range().unitBits());
                writeLeading(out, scan.leading());
            } else if (this instanceof Slots slots) {
                out.writeByte('C');
                writeNode(out, slots.master());
                out.writeInt(slots.replicas().size());
                for (HostAndPort replica : slots.replicas()) {
                    writeNode(out, replica);
                }
                out.writeInt(slots.ranges().size());
                for (SlotRange range : slots.ranges()) {
                    out.writeInt(range.first());
                    out.writeInt(range.last());
                }
                writeLeading(out, slots.leading());
            } else if (this instanceof Lookup lookup) {
                out.writeByte('L');
                out.writeBoolean(lookup.cluster());
                writeNode(out, lookup.node());
                out.writeInt(lookup.keys().size());
                for (byte[] key : lookup.keys()) {
                    out.writeInt(key.length);
                    out.write(key);
                }
            }
        });
    }

    static RedisSplit fromBytes(byte[] payload) throws IOException {
        DataInputStream in = SplitPayloads.read("Redis", "hive-nosql-redis jar", VERSION, payload);
        int kind = in.readUnsignedByte();
        return switch (kind) {
            case 'S' -> {
                HostAndPort node = readNode(in);
                int index = in.readInt();
                int count = in.readInt();
                RedisScanRange range;
                try {
                    range = new RedisScanRange(index, count, in.readInt());
                } catch (IllegalArgumentException e) {
                    throw new IOException("Redis split payload has a bad scan range: " + e.getMessage(), e);
                }
                yield new Scan(node, range, readLeading(in));
            }
            case 'C' -> {
                HostAndPort master = readNode(in);
                int replicaCount = in.readInt();
                List<HostAndPort> replicas = new ArrayList<>(replicaCount);
                for (int i = 0; i < replicaCount; i++) {
                    replicas.add(readNode(in));
                }
                int size = in.readInt();
                List<SlotRange> ranges = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    ranges.add(new SlotRange(in.readInt(), in.readInt()));
                }
                yield new Slots(master, replicas, ranges, readLeading(in));
            }
            case 'L' -> {
                boolean cluster = in.readBoolean();
                HostAndPort node = readNode(in);
                int size = in.readInt();
                List<byte[]> keys = new ArrayList<>(size);
                for (int i = 0; i < size; i++) {
                    byte[] key = new byte[in.readInt()];
                    in.readFully(key);
                    keys.add(key);
                }
                yield new Lookup(cluster, node, keys);
            }
            default -> throw new IOException("Redis split payload has unknown kind " + kind);
        };
    }

    private static void writeLeading(DataOutputStream out, Optional<RedisLeadingKeys> leading) throws IOException {
        out.writeBoolean(leading.isPresent());
        if (leading.isPresent()) {
            leading.get().write(out);
        }
    }

    private static Optional<RedisLeadingKeys> readLeading(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(RedisLeadingKeys.read(in)) : Optional.empty();
    }

    private static void writeNode(DataOutputStream out, HostAndPort node) throws IOException {
        out.writeUTF(node.host());
        out.writeInt(node.port());
    }

    private static HostAndPort readNode(DataInputStream in) throws IOException {
        return new HostAndPort(in.readUTF(), in.readInt());
    }

    /** A short form for logs and split descriptions. */
    static String describe(RedisSplit split) {
        if (split instanceof Scan scan) {
            RedisScanRange range = scan.range();
            return "scan " + (range.index() + 1) + "/" + range.count() + " of " + scan.node() + " (" + range + ")"
                    + scan.leading().map(leading -> ", fetching " + leading).orElse("");
        }
        if (split instanceof Slots slots) {
            String ranges = slots.ranges().toString();
            return "slots " + (ranges.length() > 80 ? ranges.substring(0, 80) + "...]" : ranges) + " of "
                    + slots.master()
                    + slots.leading().map(leading -> ", fetching " + leading).orElse("");
        }
        Lookup lookup = (Lookup) split;
        String first = lookup.keys().isEmpty()
                ? ""
                : ", first '" + new String(lookup.keys().get(0), UTF_8) + "'";
        return "lookup of " + lookup.keys().size() + " keys" + first;
    }
}
