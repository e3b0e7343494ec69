package io.hivenosql.redis;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * An exact set of byte-string keys with no object per key: 64-bit hashes and key positions in an open-addressing
 * table of primitive arrays, and the key bytes themselves in large arena chunks. A scan of a million keys keeps about
 * 32 bytes per key plus the key bytes, and gives the garbage collector nothing per key to trace (a {@code HashSet} of
 * wrapped arrays made deduplication the bottleneck of a scan).
 */
final class ByteKeySet {
    private static final int CHUNK_SIZE = 1 << 22;
    private static final int INITIAL_CAPACITY = 1 << 10;

    private final List<byte[]> chunks = new ArrayList<>();
    private byte[] chunk = new byte[0];
    private int chunkUsed;
    /** Per slot: the key's hash, and (chunk index << 32 | offset) + 1 of its length-prefixed bytes; 0 is empty. */
    private long[] hashes = new long[INITIAL_CAPACITY];

    private long[] positions = new long[INITIAL_CAPACITY];
    private int size;

    /** Adds the key; false when it was already present. */
    boolean add(byte[] key) {
        long hash = hash(key);
        int mask = positions.length - 1;
        int slot = spread(hash) & mask;
        while (positions[slot] != 0) {
            if (hashes[slot] == hash && equalsStored(positions[slot] - 1, key)) {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        hashes[slot] = hash;
        positions[slot] = store(key) + 1;
        size++;
        if (size * 2 > positions.length) {
            grow();
        }
        return true;
    }

    int size() {
        return size;
    }

    private long store(byte[] key) {
        int needed = Integer.BYTES + key.length;
        if (chunkUsed + needed > chunk.length) {
            chunk = new byte[Math.max(CHUNK_SIZE, needed)];
            chunks.add(chunk);
            chunkUsed = 0;
        }
        int offset = chunkUsed;
        chunk[offset] = (byte) (key.length >>> 24);
        chunk[offset + 1] = (byte) (key.length >>> 16);
        chunk[offset + 2] = (byte) (key.length >>> 8);
        chunk[offset + 3] = (byte) key.length;
        System.arraycopy(key, 0, chunk, offset + Integer.BYTES, key.length);
        chunkUsed += needed;
        return ((long) (chunks.size() - 1) << 32) | offset;
    }

    private boolean equalsStored(long position, byte[] key) {
        byte[] stored = chunks.get((int) (position >>> 32));
        int offset = (int) position;
        int length = ((stored[offset] & 0xff) << 24)
                | ((stored[offset + 1] & 0xff) << 16)
                | ((stored[offset + 2] & 0xff) << 8)
                | (stored[offset + 3] & 0xff);
        int start = offset + Integer.BYTES;
        return length == key.length && Arrays.equals(stored, start, start + length, key, 0, key.length);
    }

    private void grow() {
        long[] oldHashes = hashes;
        long[] oldPositions = positions;
        hashes = new long[oldPositions.length * 2];
        positions = new long[oldPositions.length * 2];
        int mask = positions.length - 1;
        for (int i = 0; i < oldPositions.length; i++) {
            if (oldPositions[i] != 0) {
                int slot = spread(oldHashes[i]) & mask;
                while (positions[slot] != 0) {
                    slot = (slot + 1) & mask;
                }
                hashes[slot] = oldHashes[i];
                positions[slot] = oldPositions[i];
            }
        }
    }

    /** FNV-1a over the bytes, then a 64-bit finalizer so that every bit of the hash depends on every byte. */
    static long hash(byte[] key) {
        long h = 0xcbf29ce484222325L;
        for (byte b : key) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }

    private static int spread(long hash) {
        return (int) (hash ^ (hash >>> 32));
    }
}
