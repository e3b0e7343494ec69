package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.type.DataTypes;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestCqlOrder {
    @Test
    void textIsInUtf8ByteOrder() throws Exception {
        Comparator<Object> order = CqlOrder.of(DataTypes.TEXT).orElseThrow();
        // U+FF21 (one UTF-16 unit) sorts before U+1F600 (a surrogate pair) in UTF-8, after it in UTF-16
        List<Object> values = new ArrayList<>(List.of("b", "\uD83D\uDE00", "\uFF21", "a", "ab", ""));
        values.sort(order);
        assertThat(values).containsExactly("", "a", "ab", "b", "\uFF21", "\uD83D\uDE00");
    }

    @Test
    void numbersDatesAndBytesInCassandrasOrder() throws Exception {
        List<Object> ints = new ArrayList<>(List.of(3, -1, 0));
        ints.sort(CqlOrder.of(DataTypes.INT).orElseThrow());
        assertThat(ints).containsExactly(-1, 0, 3);

        List<Object> blobs =
                new ArrayList<>(List.of(ByteBuffer.wrap(new byte[] {(byte) 0xff}), ByteBuffer.wrap(new byte[] {1})));
        blobs.sort(CqlOrder.of(DataTypes.BLOB).orElseThrow());
        assertThat(((ByteBuffer) blobs.get(0)).get(0)).isEqualTo((byte) 1);

        List<Object> addresses =
                new ArrayList<>(List.of(InetAddress.getByName("200.0.0.1"), InetAddress.getByName("10.0.0.1")));
        addresses.sort(CqlOrder.of(DataTypes.INET).orElseThrow());
        assertThat(addresses.get(0)).isEqualTo(InetAddress.getByName("10.0.0.1"));
    }

    @Test
    void keepsInsertionOrderWhereCassandrasOrderIsNotModelled() {
        assertThat(CqlOrder.of(DataTypes.UUID)).isEmpty();
        assertThat(CqlOrder.of(DataTypes.tupleOf(DataTypes.INT))).isEmpty();
    }
}
