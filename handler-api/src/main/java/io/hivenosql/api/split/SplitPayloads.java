package io.hivenosql.api.split;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The binary payload a store's split carries in a {@link NoSqlSplit}: a version byte, then what the store writes. A
 * task refuses a payload of another version, which a handler jar other than the one that planned the query wrote.
 */
public final class SplitPayloads {
    private SplitPayloads() {}

    /** Writes the fields of a split after the version byte. */
    @FunctionalInterface
    public interface Body {
        void write(DataOutputStream out) throws IOException;
    }

    /** The payload: {@code version}, then {@code body}. */
    public static byte[] write(String store, int version, Body body) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            out.writeByte(version);
            body.write(out);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot serialize a " + store + " split", e);
        }
        return bytes.toByteArray();
    }

    /**
     * The fields of a payload {@link #write} made, after its version byte, which must be {@code version}.
     *
     * @param jar the jar the message tells to plan and run queries with, e.g. {@code handler jar}
     */
    public static DataInputStream read(String store, String jar, int version, byte[] payload) throws IOException {
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(payload));
        checkVersion(store, jar, in.readUnsignedByte(), version);
        return in;
    }

    /** Refuses a payload of a version this handler jar does not read. */
    public static void checkVersion(String store, String jar, int found, int version) throws IOException {
        if (found != version) {
            throw new IOException(store + " split payload version " + found + " is not supported by this handler jar "
                    + "(it reads version " + version + "); plan and run queries with the same " + jar);
        }
    }
}
