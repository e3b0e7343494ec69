package io.hivenosql.api.split;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.SplitSpec;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.io.WritableUtils;
import org.apache.hadoop.mapred.FileSplit;

/**
 * The Hive split of every hive-nosql table. Hive maps splits to tables by path, so this is a {@link FileSplit} on the
 * table's location; it carries the connector's {@link SplitSpec} (payload, preferred hosts, estimated size as the
 * split length, description) to the task. A dumb {@code Writable}: build it from the immutable spec and get the spec
 * back with {@link #toSpec()}.
 */
public class NoSqlSplit extends FileSplit {
    private static final String[] NO_HOSTS = new String[0];
    private static final int MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

    private byte[] payload = new byte[0];
    private String[] hosts = NO_HOSTS;
    private String description = "";

    /** For Hadoop's reflection; {@link #readFields} fills the split. */
    public NoSqlSplit() {
        super();
    }

    public NoSqlSplit(Path tablePath, SplitSpec spec) {
        super(
                requireNonNull(tablePath, "tablePath is null"),
                0,
                requireNonNull(spec, "spec is null").estimatedBytes(),
                spec.hosts().toArray(NO_HOSTS));
        this.payload = spec.payload().clone();
        this.hosts = spec.hosts().toArray(NO_HOSTS);
        this.description = spec.description();
    }

    public SplitSpec toSpec() {
        return new SplitSpec(payload.clone(), List.of(hosts), getLength(), description);
    }

    public String description() {
        return description;
    }

    @Override
    public String[] getLocations() {
        return hosts.clone();
    }

    @Override
    public void write(DataOutput out) throws IOException {
        super.write(out);
        WritableUtils.writeVInt(out, payload.length);
        out.write(payload);
        WritableUtils.writeVInt(out, hosts.length);
        for (String host : hosts) {
            Text.writeString(out, host);
        }
        Text.writeString(out, description);
    }

    @Override
    public void readFields(DataInput in) throws IOException {
        super.readFields(in);
        int length = WritableUtils.readVInt(in);
        if (length < 0 || length > MAX_PAYLOAD_BYTES) {
            throw new IOException("corrupt hive-nosql split: payload length " + length);
        }
        payload = new byte[length];
        in.readFully(payload);
        int hostCount = WritableUtils.readVInt(in);
        if (hostCount < 0 || hostCount > 10_000) {
            throw new IOException("corrupt hive-nosql split: host count " + hostCount);
        }
        hosts = new String[hostCount];
        for (int i = 0; i < hostCount; i++) {
            hosts[i] = Text.readString(in);
        }
        description = Text.readString(in);
    }

    @Override
    public String toString() {
        return description + " (" + getPath() + ", ~" + getLength() + " bytes)";
    }
}
