package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestRedisSplit {
    @Test
    void scanPayloadRoundTrips() throws IOException {
        RedisSplit.Scan scan = new RedisSplit.Scan(new HostAndPort("redis-1", 6380), new RedisScanRange(2, 7, 12));
        assertThat(RedisSplit.fromBytes(scan.toBytes())).isEqualTo(scan);
        assertThat(scan.toBytes()).hasSize(1 + 1 + 2 + 7 + 4 + 4 + 4 + 4 + 1);
        assertThat(scan.toBytes()[0]).isEqualTo((byte) 4);
        assertThat(scan.toBytes()[1]).isEqualTo((byte) 'S');
        assertThat(RedisSplit.describe(scan)).isEqualTo("scan 3/7 of redis-1:6380 (units 1170-1754 of 4096)");
    }

    @Test
    void rejectsScanRangesOutsideTheirUnits() {
        byte[] payload = new RedisSplit.Scan(new HostAndPort("h", 1), new RedisScanRange(0, 4, 2)).toBytes();
        payload[payload.length - 2] = 1; // 4 splits of 2 units (the last byte: no key list)
        assertThatThrownBy(() -> RedisSplit.fromBytes(payload))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("bad scan range 0/4 of 2 units");
    }

    @Test
    void slotsPayloadRoundTrips() throws IOException {
        RedisSplit.Slots slots = new RedisSplit.Slots(
                new HostAndPort("::1", 7000),
                List.of(new HostAndPort("h", 7001), new HostAndPort("::1", 7002)),
                List.of(new SlotRange(0, 10), new SlotRange(16383, 16383)));
        assertThat(RedisSplit.fromBytes(slots.toBytes())).isEqualTo(slots);
        assertThat(RedisSplit.describe(slots)).contains("[0-10, 16383]").contains("[::1]:7000");
    }

    @Test
    void leadingKeyListsRoundTripCompactly() throws IOException {
        // the join keys of TPC-H's probe_join_selective at scale factor 0.5: 7,637 order keys out of 3,000,000
        Set<String> keys = new LinkedHashSet<>();
        Random random = new Random(7);
        while (keys.size() < 7637) {
            keys.add(Long.toString(1 + random.nextInt(6_000_000)));
        }
        keys.add("a:b\\é");
        keys.add("");
        RedisLeadingKeys leading = new RedisLeadingKeys(keys);
        RedisSplit.Scan scan =
                new RedisSplit.Scan(new HostAndPort("h", 1), new RedisScanRange(0, 1, 0), Optional.of(leading));
        RedisSplit.Slots slots = new RedisSplit.Slots(
                new HostAndPort("h", 1), List.of(), List.of(new SlotRange(1, 2)), Optional.of(leading));

        assertThat(RedisSplit.fromBytes(scan.toBytes())).isEqualTo(scan);
        assertThat(RedisSplit.fromBytes(slots.toBytes())).isEqualTo(slots);
        int raw = keys.stream().mapToInt(key -> key.getBytes(UTF_8).length + 4).sum();
        assertThat(scan.toBytes().length)
                .as("payload against %s bytes of length-prefixed keys", raw)
                .isLessThan(raw / 2);
        assertThat(RedisSplit.describe(scan)).endsWith(", fetching 7639 values of the first key column");
    }

    @Test
    void lookupPayloadRoundTripsBinaryKeys() throws IOException {
        byte[] binary = {0, (byte) 0xff, '*', '\n'};
        RedisSplit.Lookup lookup = new RedisSplit.Lookup(
                true, new HostAndPort("h", 1), List.of("p:1".getBytes(UTF_8), binary, new byte[0]));
        RedisSplit.Lookup read = (RedisSplit.Lookup) RedisSplit.fromBytes(lookup.toBytes());
        assertThat(read.cluster()).isTrue();
        assertThat(read.node()).isEqualTo(new HostAndPort("h", 1));
        assertThat(read.keys()).hasSize(3);
        assertThat(read.keys().get(0)).isEqualTo("p:1".getBytes(UTF_8));
        assertThat(read.keys().get(1)).isEqualTo(binary);
        assertThat(read.keys().get(2)).isEmpty();
    }

    @Test
    void rejectsOtherVersions() {
        byte[] payload =
                new RedisSplit.Slots(new HostAndPort("h", 1), List.of(), List.of(new SlotRange(1, 2))).toBytes();
        payload[0] = 9;
        assertThatThrownBy(() -> RedisSplit.fromBytes(payload))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 9")
                .hasMessageContaining("same hive-nosql-redis jar");
    }
}
