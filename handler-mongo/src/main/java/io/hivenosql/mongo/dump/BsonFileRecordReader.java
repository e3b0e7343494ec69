package io.hivenosql.mongo.dump;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.file.FileRecordReader;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import java.io.BufferedInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.compress.CodecPool;
import org.apache.hadoop.io.compress.CompressionCodec;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.io.compress.Decompressor;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.bson.RawBsonDocument;

/**
 * Reads the documents of one split of a BSON file as rows: {@link BsonDocumentStream} frames them, {@link
 * BsonRowDecoder} decodes the projected columns of each (lazily, from the raw bytes), and {@link FileRecordReader}
 * converts them to Hive values under the table's bad-record policy (fail naming the document's {@code _id}, file and
 * offset; read the value as NULL; or skip the document) and counts them, exactly as for collection tables. Progress is
 * the share of the split's bytes consumed (of the compressed bytes for compressed files).
 */
public final class BsonFileRecordReader extends FileRecordReader<NullWritable> {
    private final BsonDocumentStream documents;
    private final FSDataInputStream file;
    private final long start;
    private final long length;

    private BsonFileRecordReader(
            BsonDocumentStream documents,
            FSDataInputStream file,
            FileSplit split,
            ReadRequest request,
            Reporter reporter) {
        super(request, new DocumentSource(documents, decoder(request)), split, reporter);
        this.documents = documents;
        this.file = file;
        this.start = split.getStart();
        this.length = split.getLength();
    }

    private static BsonRowDecoder decoder(ReadRequest request) {
        return new BsonRowDecoder(request.table().handle(BsonFileTable.class).layout(), request.projection());
    }

    /**
     * Opens a split: a byte range between document boundaries of an uncompressed file, or a whole compressed file
     * (decompressed with the codec its extension names).
     */
    public static BsonFileRecordReader open(FileSplit split, JobConf job, ReadRequest request, Reporter reporter)
            throws IOException {
        Path path = split.getPath();
        FileSystem fs = path.getFileSystem(job);
        CompressionCodec codec = new CompressionCodecFactory(job).getCodec(path);
        if (codec != null && split.getStart() != 0) {
            throw new IOException("file " + path + " is compressed ("
                    + codec.getClass().getSimpleName()
                    + ") and can only be read whole, but the split starts at byte " + split.getStart() + ": "
                    + BsonDocumentStream.INPUT_FORMAT + " never cuts compressed files; was the split made "
                    + "by another input format?");
        }
        FSDataInputStream file = fs.open(path, BUFFER_SIZE);
        BsonDocumentStream documents = null;
        try {
            if (codec == null) {
                long fileLength = fs.getFileStatus(path).getLen();
                file.seek(split.getStart());
                documents = new BsonDocumentStream(
                        new BufferedInputStream(file, BUFFER_SIZE),
                        path,
                        split.getStart(),
                        split.getStart() + split.getLength(),
                        fileLength);
            } else {
                documents = BsonDocumentStream.compressed(
                        new BufferedInputStream(PooledDecompressorStream.open(codec, file), BUFFER_SIZE), path);
            }
            return new BsonFileRecordReader(documents, file, split, request, reporter);
        } catch (IOException | RuntimeException e) {
            try {
                if (documents != null) {
                    documents.close(); // closes the file under it
                } else {
                    file.close();
                }
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw e;
        }
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    /** The file offset after the last document read (for compressed files: in the decompressed bytes). */
    @Override
    public long getPos() {
        return documents.position();
    }

    @Override
    public float getProgress() throws IOException {
        if (length <= 0) {
            return 1.0f;
        }
        long consumed = documents.isCompressed() ? file.getPos() : documents.position() - start;
        return Math.min(1.0f, (float) consumed / length);
    }

    /** The documents of the split as a {@link RecordSource}: their values and, for messages, keys. */
    private static final class DocumentSource implements RecordSource {
        private final BsonDocumentStream documents;
        private final BsonRowDecoder decoder;

        DocumentSource(BsonDocumentStream documents, BsonRowDecoder decoder) {
            this.documents = requireNonNull(documents, "documents is null");
            this.decoder = requireNonNull(decoder, "decoder is null");
        }

        @Override
        public boolean next() throws IOException {
            if (!documents.next()) {
                return false;
            }
            decoder.reset(new RawBsonDocument(documents.buffer(), 0, documents.length()));
            return true;
        }

        /** The document's {@code _id} and where it is, for bad-record messages. */
        @Override
        public String key() {
            return decoder.key() + " at " + (documents.isCompressed() ? "decompressed " : "") + "byte offset "
                    + documents.offset() + " of " + documents.path();
        }

        @Override
        public Object get(int column) {
            return decoder.get(column);
        }

        /** Closes the file (and returns the decompressor to Hadoop's pool). */
        @Override
        public void close() throws IOException {
            documents.close();
        }
    }

    /** A decompressing stream whose close returns its decompressor to Hadoop's pool. */
    private static final class PooledDecompressorStream extends FilterInputStream {
        private Decompressor decompressor;

        private PooledDecompressorStream(InputStream in, Decompressor decompressor) {
            super(in);
            this.decompressor = decompressor;
        }

        static InputStream open(CompressionCodec codec, InputStream compressed) throws IOException {
            Decompressor decompressor = CodecPool.getDecompressor(codec);
            try {
                return new PooledDecompressorStream(codec.createInputStream(compressed, decompressor), decompressor);
            } catch (IOException | RuntimeException e) {
                CodecPool.returnDecompressor(decompressor);
                throw e;
            }
        }

        @Override
        public void close() throws IOException {
            try {
                super.close();
            } finally {
                if (decompressor != null) {
                    CodecPool.returnDecompressor(decompressor);
                    decompressor = null;
                }
            }
        }
    }
}
