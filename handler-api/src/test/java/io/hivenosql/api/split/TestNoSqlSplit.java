package io.hivenosql.api.split;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.spi.SplitSpec;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;

class TestNoSqlSplit {
    @Test
    void roundTripsEverything() throws IOException {
        byte[] payload = {0, 1, 2, (byte) 0xff, 42};
        SplitSpec spec = new SplitSpec(payload, List.of("redis-1", "redis-2"), 12_345L, "slots 0-5460 on redis-1:6379");
        NoSqlSplit split = new NoSqlSplit(new Path("hdfs://nn:8020/warehouse/db.db/person"), spec);

        NoSqlSplit copy = roundTrip(split);

        assertThat(copy.getPath()).isEqualTo(new Path("hdfs://nn:8020/warehouse/db.db/person"));
        assertThat(copy.getStart()).isZero();
        assertThat(copy.getLength()).isEqualTo(12_345L);
        assertThat(copy.getLocations()).containsExactly("redis-1", "redis-2");
        assertThat(copy.description()).isEqualTo("slots 0-5460 on redis-1:6379");
        SplitSpec back = copy.toSpec();
        assertThat(back.payload()).containsExactly(payload);
        assertThat(back.hosts()).containsExactly("redis-1", "redis-2");
        assertThat(back.estimatedBytes()).isEqualTo(12_345L);
        assertThat(back.description()).isEqualTo(spec.description());
    }

    @Test
    void roundTripsAnEmptySplit() throws IOException {
        NoSqlSplit split = new NoSqlSplit(new Path("file:/tmp/t"), new SplitSpec(new byte[0], List.of(), 0, ""));

        NoSqlSplit copy = roundTrip(split);

        assertThat(copy.getLocations()).isEmpty();
        assertThat(copy.toSpec().payload()).isEmpty();
        assertThat(copy.getLength()).isZero();
    }

    @Test
    void keepsItsOwnCopyOfThePayload() {
        byte[] payload = {1, 2, 3};
        NoSqlSplit split = new NoSqlSplit(new Path("file:/tmp/t"), new SplitSpec(payload, List.of(), 0, "x"));
        payload[0] = 9;
        split.toSpec().payload()[1] = 9;

        assertThat(split.toSpec().payload()).containsExactly(1, 2, 3);
    }

    private static NoSqlSplit roundTrip(NoSqlSplit split) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            split.write(out);
        }
        NoSqlSplit copy = new NoSqlSplit();
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            copy.readFields(in);
            assertThat(in.read()).as("nothing left over").isEqualTo(-1);
        }
        return copy;
    }
}
