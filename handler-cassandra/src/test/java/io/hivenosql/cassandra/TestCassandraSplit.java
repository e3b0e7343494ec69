package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestCassandraSplit {
    @Test
    void roundTripsTokenRanges() throws IOException {
        CassandraSplit split = new CassandraSplit.TokenRanges(
                List.of(new TokenRange(Long.MIN_VALUE, -5), new TokenRange(100, Long.MAX_VALUE)));

        assertThat(CassandraSplit.fromBytes(split.toBytes())).isEqualTo(split);
        assertThat(CassandraSplit.describe(split)).startsWith("2 token range(s) [(-9223372036854775808, -5]");
    }

    @Test
    void roundTripsPartitionKeys() throws IOException {
        CassandraSplit split = new CassandraSplit.Partitions(
                2,
                List.of(
                        List.of(ByteBuffer.wrap(new byte[] {0, 0, 0, 7}), ByteBuffer.wrap(new byte[] {'a'})),
                        List.of(ByteBuffer.wrap(new byte[] {0, 0, 0, 8}), ByteBuffer.allocate(0))),
                48);

        CassandraSplit read = CassandraSplit.fromBytes(split.toBytes());

        assertThat(read).isEqualTo(split);
        assertThat(((CassandraSplit.Partitions) read).readsInFlight()).isEqualTo(48);
        assertThat(CassandraSplit.describe(read)).isEqualTo("2 partition(s)");
    }

    @Test
    void refusesPartitionSplitsWithoutReadsInFlight() {
        List<List<ByteBuffer>> keys = List.of(List.of(ByteBuffer.wrap(new byte[] {1})));

        assertThatThrownBy(() -> new CassandraSplit.Partitions(1, keys, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("reads in flight must be positive: 0");
    }

    @Test
    void refusesAnotherVersion() {
        byte[] payload = new CassandraSplit.TokenRanges(List.of(new TokenRange(1, 2))).toBytes();
        payload[0] = 9;

        assertThatThrownBy(() -> CassandraSplit.fromBytes(payload))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("version 9");
    }

    @Test
    void refusesEmptyAndWrappingRanges() {
        assertThatThrownBy(() -> new TokenRange(5, 5)).hasMessageContaining("empty or wraps");
        assertThatThrownBy(() -> new TokenRange(5, 1)).hasMessageContaining("empty or wraps");
        assertThat(new TokenRange(Long.MIN_VALUE, Long.MAX_VALUE).width().toString())
                .isEqualTo("18446744073709551615");
    }
}
