package io.hivenosql.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The scan's key set answers exactly like a set of the keys' contents. */
class TestByteKeySet {
    @Test
    void agreesWithAReferenceSetOnRandomKeysWithDuplicates() {
        Random random = new Random(1234);
        ByteKeySet set = new ByteKeySet();
        Set<String> reference = new HashSet<>();
        for (int i = 0; i < 300_000; i++) {
            // few distinct lengths and values, so that duplicates and equal-length neighbours are common
            byte[] key = new byte[random.nextInt(6)];
            for (int j = 0; j < key.length; j++) {
                key[j] = (byte) random.nextInt(12);
            }
            if (random.nextInt(4) == 0) {
                key = ("prefix:" + random.nextInt(200_000)).getBytes(StandardCharsets.UTF_8);
            }
            boolean expected = reference.add(new String(key, StandardCharsets.ISO_8859_1));
            assertThat(set.add(key.clone())).as("add #%d", i).isEqualTo(expected);
        }
        assertThat(set.size()).isEqualTo(reference.size());
    }

    @Test
    void handlesTheEmptyKeyBinaryBytesAndKeysLargerThanAChunk() {
        ByteKeySet set = new ByteKeySet();
        assertThat(set.add(new byte[0])).isTrue();
        assertThat(set.add(new byte[0])).isFalse();
        assertThat(set.add(new byte[] {(byte) 0xff, 0, (byte) 0x80})).isTrue();
        assertThat(set.add(new byte[] {(byte) 0xff, 0, (byte) 0x80})).isFalse();
        byte[] huge = new byte[5 << 20];
        huge[huge.length - 1] = 1;
        assertThat(set.add(huge)).isTrue();
        assertThat(set.add(huge.clone())).isFalse();
        byte[] other = huge.clone();
        other[0] = 7;
        assertThat(set.add(other)).isTrue();
        assertThat(set.add("after".getBytes(StandardCharsets.UTF_8))).isTrue();
        assertThat(set.size()).isEqualTo(5);
    }
}
