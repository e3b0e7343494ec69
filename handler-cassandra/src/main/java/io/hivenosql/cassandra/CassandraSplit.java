package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.split.SplitPayloads;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The payload of a Cassandra split: what one task reads. Serialized as a small versioned byte array (big-endian, via
 * {@link DataOutputStream}):
 *
 * <pre>
 * byte    version (2)
 * byte    kind: 'T' token ranges, 'P' partitions
 * 'T':    int rangeCount, rangeCount x (long start, long end): the ranges (start, end] of Murmur3 tokens
 * 'P':    int columns, int readsInFlight, int partitionCount, partitionCount x columns x (int length, bytes): each
 *         partition key as the serialized values of its partition key columns (CQL native protocol encoding), in key
 *         order
 * </pre>
 */
sealed interface CassandraSplit permits CassandraSplit.TokenRanges, CassandraSplit.Partitions {
    byte VERSION = 2;

    /** A scan of token ranges, each read with {@code token(pk) > start AND token(pk) <= end}. */
    record TokenRanges(List<TokenRange> ranges) implements CassandraSplit {
        public TokenRanges {
            ranges = List.copyOf(requireNonNull(ranges, "ranges is null"));
            if (ranges.isEmpty()) {
                throw new IllegalArgumentException("a token range split needs at least one range");
            }
        }
    }

    /**
     * Direct reads of known partitions (a pushed partition key restriction); no token scan. {@code readsInFlight}: how
     * many of them the task asks for at once ({@link PartitionKeySplits#readsInFlight}, from the planner's estimate of
     * their size).
     */
    record Partitions(int columns, List<List<ByteBuffer>> keys, int readsInFlight) implements CassandraSplit {
        public Partitions {
            requireNonNull(keys, "keys is null");
            if (columns < 1) {
                throw new IllegalArgumentException("a partition key has at least one column");
            }
            if (readsInFlight < 1) {
                throw new IllegalArgumentException("reads in flight must be positive: " + readsInFlight);
            }
            List<List<ByteBuffer>> copy = new ArrayList<>(keys.size());
            for (List<ByteBuffer> key : keys) {
                if (key.size() != columns) {
                    throw new IllegalArgumentException(
                            "partition key has " + key.size() + " values, expected " + columns);
                }
                copy.add(List.copyOf(key));
            }
            keys = List.copyOf(copy);
        }

        /** The partitions read {@link CassandraRecordReader#PARTITION_READS_IN_FLIGHT} at a time. */
        Partitions(int columns, List<List<ByteBuffer>> keys) {
            this(columns, keys, CassandraRecordReader.PARTITION_READS_IN_FLIGHT);
        }
    }

    /**
     * The Murmur3 tokens {@code (start, end]}, {@code start < end}: a range that wraps around the ring is two of these.
     */
    record TokenRange(long start, long end) implements Comparable<TokenRange> {
        public TokenRange {
            if (start >= end) {
                throw new IllegalArgumentException("token range (" + start + ", " + end + "] is empty or wraps around");
            }
        }

        /** The number of tokens in the range (up to 2^64 - 1). */
        BigInteger width() {
            return BigInteger.valueOf(end).subtract(BigInteger.valueOf(start));
        }

        double widthAsDouble() {
            return (double) end - (double) start;
        }

        boolean contains(long token) {
            return token > start && token <= end;
        }

        @Override
        public int compareTo(TokenRange other) {
            return Long.compare(start, other.start);
        }

        @Override
        public String toString() {
            return "(" + start + ", " + end + "]";
        }
    }

    default byte[] toBytes() {
        return SplitPayloads.write("Cassandra", VERSION, out -> {
            if (this instanceof TokenRanges tokens) {
                out.writeByte('T');
                out.writeInt(tokens.ranges().size());
                for (TokenRange range : tokens.ranges()) {
                    out.writeLong(range.start());
                    out.writeLong(range.end());
                }
            } else if (this instanceof Partitions partitions) {
                out.writeByte('P');
                out.writeInt(partitions.columns());
                out.writeInt(partitions.readsInFlight());
                out.writeInt(partitions.keys().size());
                for (List<ByteBuffer> key : partitions.keys()) {
                    for (ByteBuffer value : key) {
                        ByteBuffer copy = value.duplicate();
                        out.writeInt(copy.remaining());
                        byte[] content = new byte[copy.remaining()];
                        copy.get(content);
                        out.write(content);
                    }
                }
            }
        });
    }

    static CassandraSplit fromBytes(byte[] payload) throws IOException {
        DataInputStream in = SplitPayloads.read("Cassandra", "handler jar", VERSION, payload);
        int kind = in.readUnsignedByte();
        try {
            return switch (kind) {
                case 'T' -> {
                    int count = in.readInt();
                    List<TokenRange> ranges = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        ranges.add(new TokenRange(in.readLong(), in.readLong()));
                    }
                    yield new TokenRanges(ranges);
                }
                case 'P' -> {
                    int columns = in.readInt();
                    int readsInFlight = in.readInt();
                    int count = in.readInt();
                    List<List<ByteBuffer>> keys = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        List<ByteBuffer> key = new ArrayList<>(columns);
                        for (int c = 0; c < columns; c++) {
                            byte[] value = new byte[in.readInt()];
                            in.readFully(value);
                            key.add(ByteBuffer.wrap(value));
                        }
                        keys.add(key);
                    }
                    yield new Partitions(columns, keys, readsInFlight);
                }
                default -> throw new IOException("Cassandra split payload has unknown kind " + kind);
            };
        } catch (IllegalArgumentException e) {
            throw new IOException("Cassandra split payload is corrupt: " + e.getMessage(), e);
        }
    }

    /** A short form for logs and split descriptions. */
    static String describe(CassandraSplit split) {
        if (split instanceof TokenRanges tokens) {
            String ranges = tokens.ranges().toString();
            return tokens.ranges().size() + " token range(s) "
                    + (ranges.length() > 120 ? ranges.substring(0, 120) + "...]" : ranges);
        }
        Partitions partitions = (Partitions) split;
        return partitions.keys().size() + " partition(s)";
    }
}
