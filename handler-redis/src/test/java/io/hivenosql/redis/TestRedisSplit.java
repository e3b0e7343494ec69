package io.hivenosql.redis;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.redis.RedisSplit.SlotRange;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestRedisSplit {
    @Test
    void scanPayloadRoundTrips() throws IOException {
        RedisSplit.Scan scan = new RedisSplit.Scan(new HostAndPort("redis-1", 6380), new RedisScanRange(2, 7, 12));
        assertThat(RedisSplit.fromBytes(scan.toBytes())).isEqualTo(scan);
        assertThat(scan.toBytes()).hasSize(1 + 1 + 2 + 7 + 4 + 4 + 4 + 4);
        assertThat(scan.toBytes()[0]).isEqualTo((byte) 3);
        assertThat(scan.toBytes()[1]).isEqualTo((byte) 'S');
        assertThat(RedisSplit.describe(scan)).isEqualTo("scan 3/7 of redis-1:6380 (units 1170-1754 of 4096)");
    }

    @Test
    void rejectsScanRangesOutsideTheirUnits() {
        byte[] payload = new RedisSplit.Scan(new HostAndPort("h", 1), new RedisScanRange(0, 4, 2)).toBytes();
        payload[payload.length - 1] = 1; // 4 splits of 2 units
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
