package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.file.FileTableOutputFormat;
import io.hivenosql.mongo.dump.BsonDocumentStream;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.FileSinkOperator;
import org.apache.hadoop.io.BytesWritable;
import org.apache.hadoop.io.Writable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Writes the rows of a {@link BsonSerDe} table as BSON dump files: the documents {@link BsonSerDe#serialize} made,
 * back to back, as mongodump writes them (and mongorestore and {@link BsonFileInputFormat} read them). Compression and
 * file names follow Hive's settings as for text tables ({@link FileTableOutputFormat}). In Hive,
 * {@code SET hive.output.file.extension=.bson} names uncompressed files {@code 000000_0.bson}; outside Hive
 * ({@link #getRecordWriter}) files are named {@code <name>.bson} plus the codec's extension.
 */
public class BsonFileOutputFormat extends FileTableOutputFormat<BytesWritable> {
    /** The extension of BSON dump files. */
    public static final String EXTENSION = ".bson";

    private static final Logger LOG = LoggerFactory.getLogger(BsonFileOutputFormat.class);

    public BsonFileOutputFormat() {}

    @Override
    protected String format() {
        return "BSON";
    }

    @Override
    protected String extension() {
        return EXTENSION;
    }

    @Override
    protected FileSinkOperator.RecordWriter open(Path file, OutputStream out) {
        return new DocumentWriter(file, out);
    }

    /** Appends raw BSON documents to a file; a value that is not one is refused (it would corrupt the file). */
    private static final class DocumentWriter implements FileSinkOperator.RecordWriter {
        private final Path file;
        private final OutputStream out;
        private long documents;
        private long bytes;
        private boolean closed;

        DocumentWriter(Path file, OutputStream out) {
            this.file = requireNonNull(file, "file is null");
            this.out = requireNonNull(out, "out is null");
        }

        @Override
        public void write(Writable w) throws IOException {
            if (!(w instanceof BytesWritable document)) {
                throw new IOException("file " + file + ": expected the BytesWritable of a BSON document from "
                        + BsonSerDe.class.getSimpleName() + ", got "
                        + (w == null ? "null" : w.getClass().getName())
                        + "; declare the table with ROW FORMAT SERDE '" + BsonSerDe.class.getName() + "'");
            }
            byte[] data = document.getBytes();
            int length = document.getLength();
            if (length < BsonDocumentStream.MIN_LENGTH
                    || BsonDocumentStream.littleEndianInt(data, 0) != length
                    || data[length - 1] != 0) {
                throw new IOException("file " + file + ": refusing to write " + length + " bytes that are no BSON "
                        + "document (its length header and trailing 0 byte do not match), which would corrupt the "
                        + "file");
            }
            out.write(data, 0, length);
            documents++;
            bytes += length;
        }

        @Override
        public void close(boolean abort) throws IOException {
            if (closed) {
                return;
            }
            closed = true;
            out.close();
            LOG.info(
                    "{} BSON file {}: {} documents, {} bytes before compression",
                    abort ? "aborted" : "wrote",
                    file,
                    documents,
                    bytes);
        }
    }
}
