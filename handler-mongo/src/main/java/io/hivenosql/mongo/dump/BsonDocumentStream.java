package io.hivenosql.mongo.dump;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import org.apache.hadoop.fs.Path;

/**
 * The documents of a BSON file (a mongodump {@code .bson} file), one after another. The file is a plain concatenation
 * of BSON documents: each starts with its total length as a little-endian int32 (the four length bytes included) and
 * ends with a 0 byte; there is no file header and no sync marker.
 *
 * <p>Reads from {@code start} (a document boundary) until the next document would start at or after {@code end}. A
 * corrupt length (less than 5, past the end of the file, or for compressed files beyond {@link #MAX_COMPRESSED_LENGTH})
 * or a document that does not end with a 0 byte fails with an IOException naming the file and the byte offset: once
 * the framing is lost no later document can be found, so no bad-record policy applies to it.
 */
public final class BsonDocumentStream implements Closeable {
    /** The input format that cuts BSON files into splits (io.hivenosql.mongo's, which users name in DDL), for messages. */
    static final String INPUT_FORMAT = "BsonFileInputFormat";

    /** The smallest BSON document, {@code {}}: the length and the trailing 0. */
    public static final int MIN_LENGTH = 5;
    /**
     * The largest document accepted from a compressed file, whose size bounds nothing: MongoDB documents are at most 16
     * MiB, so a larger length means a corrupt file (and must not make the reader allocate gigabytes).
     */
    static final int MAX_COMPRESSED_LENGTH = 64 << 20;

    private final InputStream in;
    private final Path path;
    private final long start;
    private final long end;
    private final long fileLength;
    private final boolean compressed;
    private byte[] buffer = new byte[8192];
    private int length;
    private long offset = -1;
    private long position;

    /**
     * @param in the file's bytes from {@code start} on (decompressed for compressed files)
     * @param path the file, for messages
     * @param start the offset of the first document
     * @param end where the split ends: no document may start at or after it, none may run past it
     * @param fileLength the file's length, or -1 for a compressed file (read to the end of the stream)
     */
    public BsonDocumentStream(InputStream in, Path path, long start, long end, long fileLength) {
        this.in = requireNonNull(in, "in is null");
        this.path = requireNonNull(path, "path is null");
        if (start < 0 || end < start) {
            throw new IllegalArgumentException("invalid range [" + start + ", " + end + ")");
        }
        this.start = start;
        this.end = end;
        this.fileLength = fileLength;
        this.compressed = fileLength < 0;
        this.position = start;
    }

    /** A stream over a whole compressed file, decompressed by {@code in}. */
    public static BsonDocumentStream compressed(InputStream in, Path path) {
        return new BsonDocumentStream(in, path, 0, Long.MAX_VALUE, -1);
    }

    /**
     * Advances to the next document; false at the end of the range (or of a compressed file).
     *
     * @throws IOException naming the file and offset when the file is corrupt or truncated
     */
    public boolean next() throws IOException {
        if (position >= end) {
            return false;
        }
        int header = readFully(buffer, 0, 4);
        if (header == 0 && compressed) {
            return false;
        }
        if (header < 4) {
            throw corrupt(
                    path,
                    position,
                    compressed,
                    header == 0
                            ? "the file ends before the end of its split: it was shortened after the query was planned"
                            : "the file ends " + header + " byte(s) into a length header: it is truncated");
        }
        int documentLength = littleEndianInt(buffer, 0);
        checkLength(path, position, documentLength, compressed ? -1 : fileLength - position);
        if (!compressed && position + documentLength > end) {
            HandlerException error = new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    "file " + path + ": the document at byte offset " + position + " (" + documentLength
                            + " bytes) runs past the end of its split [" + start + ", " + end + "). "
                            + INPUT_FORMAT + " cuts files only at document boundaries: "
                            + "was the split made by another input format, or was the file replaced after the query "
                            + "was planned?");
            throw new IOException(error.getMessage(), error);
        }
        if (buffer.length < documentLength) {
            buffer = Arrays.copyOf(buffer, Math.max(documentLength, buffer.length * 2));
        }
        int body = readFully(buffer, 4, documentLength - 4);
        if (body < documentLength - 4) {
            throw corrupt(
                    path,
                    position,
                    compressed,
                    "the file ends inside this document, " + (4 + body) + " of its " + documentLength
                            + " bytes in: it is truncated");
        }
        if (buffer[documentLength - 1] != 0) {
            throw corrupt(
                    path,
                    position,
                    compressed,
                    "the " + documentLength + "-byte document does not end with a 0 byte: this is no BSON "
                            + "document");
        }
        length = documentLength;
        offset = position;
        position += documentLength;
        return true;
    }

    /** The current document's bytes: {@code buffer()[0 .. length())}; valid until the next {@link #next()}. */
    public byte[] buffer() {
        return buffer;
    }

    /** The current document's length in bytes. */
    public int length() {
        return length;
    }

    /** The file offset (for compressed files: in the decompressed bytes) of the current document. */
    long offset() {
        return offset;
    }

    /** The offset after the last document read. */
    long position() {
        return position;
    }

    Path path() {
        return path;
    }

    boolean isCompressed() {
        return compressed;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }

    private int readFully(byte[] target, int from, int count) throws IOException {
        int done = 0;
        while (done < count) {
            int read = in.read(target, from + done, count - done);
            if (read < 0) {
                break;
            }
            done += read;
        }
        return done;
    }

    /** The int32 at {@code from}, little-endian (BSON's byte order). */
    public static int littleEndianInt(byte[] bytes, int from) {
        return (bytes[from] & 0xff)
                | (bytes[from + 1] & 0xff) << 8
                | (bytes[from + 2] & 0xff) << 16
                | (bytes[from + 3] & 0xff) << 24;
    }

    /**
     * Checks a document's length header.
     *
     * @param remaining the bytes from the document's start to the end of the file, or -1 for a compressed file
     */
    static void checkLength(Path path, long offset, int length, long remaining) throws IOException {
        boolean compressed = remaining < 0;
        if (length < MIN_LENGTH) {
            throw corrupt(
                    path,
                    offset,
                    compressed,
                    "the document length " + length + " is less than " + MIN_LENGTH + ", the smallest BSON document");
        }
        if (!compressed && length > remaining) {
            throw corrupt(
                    path,
                    offset,
                    false,
                    "the document length " + length + " runs past the end of the file (" + remaining + " bytes left)");
        }
        if (compressed && length > MAX_COMPRESSED_LENGTH) {
            throw corrupt(
                    path,
                    offset,
                    true,
                    "the document length " + length + " exceeds " + MAX_COMPRESSED_LENGTH + " bytes (MongoDB "
                            + "documents are at most 16 MiB)");
        }
    }

    /** The error for a file whose framing is broken at {@code offset}. */
    static IOException corrupt(Path path, long offset, boolean compressed, String what) {
        HandlerException error = new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "file " + path + ", " + (compressed ? "decompressed byte offset " : "byte offset ") + offset + ": "
                        + what + ". A BSON file is a concatenation of BSON documents, as mongodump writes them: check "
                        + "that the file is one (not JSON, not compressed without the codec's extension such as "
                        + ".gz, not cut short), or move it out of the table's location. The bad-record policy "
                        + "cannot skip it: no later document can be found");
        return new IOException(error.getMessage(), error);
    }
}
