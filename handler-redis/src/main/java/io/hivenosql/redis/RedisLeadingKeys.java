package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.Inflater;
import java.util.zip.InflaterInputStream;

/**
 * The values of the first of several key columns that a scan fetches rows of (a pushed {@code a IN (...)} of a table
 * keyed by {@code a, b}, typically the join keys of runtime join-key pushdown): the scan walks every key of its range
 * and fetches the value of a key only when the key splits into one part per key column, escaped as written, and its
 * first part is one of these canonical texts. That is exactly when a scan reads the first key column as a listed
 * value ({@link RedisKeyCodec}: a key that does not split is a bad record whose key columns are not values; a part
 * that is not canonical is no value of the column either).
 *
 * <p>The texts travel in each split of the scan: the task's filter never holds join keys that Tez added in the
 * application master. They are written sorted, each as its UTF-8 length (unsigned varint) and bytes, the whole
 * deflated: thousands of integer keys take a few bytes each.
 *
 * @param texts the canonical texts of the first key column's listed values
 */
record RedisLeadingKeys(Set<String> texts) {
    RedisLeadingKeys {
        texts = Set.copyOf(requireNonNull(texts, "texts is null"));
    }

    /** Whether the scan reads the first key column of this key as a listed value. */
    boolean matches(RedisKeyCodec codec, byte[] key) {
        String[] parts;
        try {
            parts = codec.split(key);
        } catch (RuntimeException e) {
            return false; // not one part per key column, or not UTF-8: a bad record, no value
        }
        if (!texts.contains(parts[0])) {
            return false;
        }
        try {
            codec.checkEscapes(key, parts);
            return true;
        } catch (RuntimeException e) {
            return false; // a needless escape: a bad record, no value
        }
    }

    void write(DataOutputStream out) throws IOException {
        List<String> sorted = new ArrayList<>(texts);
        sorted.sort(null);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Deflater deflater = new Deflater(Deflater.BEST_SPEED);
        try (DataOutputStream deflated = new DataOutputStream(new DeflaterOutputStream(bytes, deflater))) {
            for (String text : sorted) {
                byte[] utf8 = text.getBytes(UTF_8);
                writeVarint(deflated, utf8.length);
                deflated.write(utf8);
            }
        } finally {
            deflater.end();
        }
        out.writeInt(sorted.size());
        out.writeInt(bytes.size());
        bytes.writeTo(out);
    }

    static RedisLeadingKeys read(DataInputStream in) throws IOException {
        int count = in.readInt();
        byte[] deflated = new byte[in.readInt()];
        in.readFully(deflated);
        Set<String> texts = new HashSet<>(Math.max(16, count * 2));
        Inflater inflater = new Inflater();
        try (DataInputStream inflating =
                new DataInputStream(new InflaterInputStream(new ByteArrayInputStream(deflated), inflater))) {
            for (int i = 0; i < count; i++) {
                byte[] utf8 = new byte[readVarint(inflating)];
                inflating.readFully(utf8);
                texts.add(new String(utf8, UTF_8));
            }
        } catch (IOException e) {
            if (e.getCause() instanceof DataFormatException) {
                throw new IOException("Redis split payload has a corrupt key list: " + e.getMessage(), e);
            }
            throw e;
        } finally {
            inflater.end();
        }
        return new RedisLeadingKeys(texts);
    }

    private static void writeVarint(DataOutputStream out, int value) throws IOException {
        int rest = value;
        while ((rest & ~0x7F) != 0) {
            out.writeByte((rest & 0x7F) | 0x80);
            rest >>>= 7;
        }
        out.writeByte(rest);
    }

    private static int readVarint(DataInputStream in) throws IOException {
        int value = 0;
        for (int shift = 0; shift < 32; shift += 7) {
            int b = in.readUnsignedByte();
            value |= (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IOException("Redis split payload has a bad length in its key list");
    }

    @Override
    public String toString() {
        return texts.size() + " values of the first key column";
    }
}
