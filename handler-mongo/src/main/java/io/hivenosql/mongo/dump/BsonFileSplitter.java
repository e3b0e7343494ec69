package io.hivenosql.mongo.dump;

import static java.util.Objects.requireNonNull;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Cuts an uncompressed BSON file into byte ranges that start and end at document boundaries. A BSON file has no sync
 * markers, so a reader cannot find a document start from an arbitrary offset; the only safe way is to walk the length
 * headers from the start of the file: one seek and one 4-byte read per document, at split-planning time, without
 * reading the documents themselves. Every header is checked ({@link BsonDocumentStream#checkLength}), so a corrupt
 * file that is cut fails the query before any task starts (a file of one split is not walked: its reader checks it).
 *
 * <p>A range is closed at the first document boundary at or after {@code splitSize} bytes; a document larger than the
 * split size gets a range of its own. As in Hadoop's {@code FileInputFormat}, a remainder of at most a tenth of the
 * split size is added to the last range instead of becoming a tiny one.
 */
public final class BsonFileSplitter {
    /** A remainder up to splitSize / SLOP_DIVISOR joins the range before it. */
    private static final int SLOP_DIVISOR = 10;

    /**
     * A byte range of a file, from one document boundary to another.
     *
     * @param start the offset of the first document
     * @param length the bytes of the range's documents
     * @param documents how many documents it holds
     */
    public record Range(long start, long length, long documents) {
        public Range {
            if (start < 0 || length <= 0 || documents <= 0) {
                throw new IllegalArgumentException(
                        "invalid range: start " + start + ", length " + length + ", documents " + documents);
            }
        }
    }

    private BsonFileSplitter() {}

    /** The ranges of the file; none for an empty file. */
    public static List<Range> ranges(FileSystem fs, Path path, long fileLength, long splitSize) throws IOException {
        if (fileLength == 0) {
            return List.of();
        }
        try (FSDataInputStream in = fs.open(path)) {
            return ranges(in, path, fileLength, splitSize);
        }
    }

    public static List<Range> ranges(FSDataInputStream in, Path path, long fileLength, long splitSize)
            throws IOException {
        requireNonNull(in, "in is null");
        requireNonNull(path, "path is null");
        if (splitSize <= 0) {
            throw new IllegalArgumentException("splitSize must be positive, got " + splitSize);
        }
        List<Range> ranges = new ArrayList<>();
        byte[] header = new byte[4];
        long start = 0;
        long position = 0;
        long documents = 0;
        while (position < fileLength) {
            long remaining = fileLength - position;
            if (remaining < 4) {
                throw BsonDocumentStream.corrupt(
                        path,
                        position,
                        false,
                        "the file ends " + remaining + " byte(s) after the last complete document: it is truncated");
            }
            if (in.getPos() != position) {
                in.seek(position);
            }
            try {
                in.readFully(header);
            } catch (EOFException e) {
                throw BsonDocumentStream.corrupt(
                        path,
                        position,
                        false,
                        "the file is shorter than its listed length of " + fileLength + " bytes: it is being written "
                                + "or was replaced");
            }
            int length = BsonDocumentStream.littleEndianInt(header, 0);
            BsonDocumentStream.checkLength(path, position, length, remaining);
            position += length;
            documents++;
            if (position - start >= splitSize && (fileLength - position) * SLOP_DIVISOR > splitSize) {
                ranges.add(new Range(start, position - start, documents));
                start = position;
                documents = 0;
            }
        }
        if (documents > 0) {
            ranges.add(new Range(start, position - start, documents));
        }
        return ranges;
    }
}
