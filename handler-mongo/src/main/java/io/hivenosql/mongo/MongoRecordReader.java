package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoInterruptedException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCursor;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import java.io.IOException;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads one {@link MongoScan} with a cursor: {@code find(filter)} with the scan's projection ({@link MongoProjection}),
 * {@code mongo.read.batch-size} documents per batch, and the scan's index bounds, hint and limit. Documents arrive as
 * {@link RawBsonDocument}s (the driver copies their bytes, nothing more) and {@link BsonRowDecoder} decodes only the
 * projected fields from them.
 *
 * <p>The reader owns its client lease: {@link #close} closes the cursor and the lease, and a failed {@link #open}
 * closes the lease too. Driver failures are IOExceptions naming the table and the split.
 */
final class MongoRecordReader implements RecordSource {
    private static final Logger LOG = LoggerFactory.getLogger(MongoRecordReader.class);

    private final MongoTable table;
    private final MongoClients.Lease lease;
    private final MongoCursor<RawBsonDocument> cursor;
    private final BsonRowDecoder decoder;
    private final String splitDescription;
    private long rows;
    /** Set by {@link #close}, which HiveServer2 calls from another thread when it cancels a fetch. */
    private volatile boolean closed;

    private MongoRecordReader(
            MongoTable table,
            MongoClients.Lease lease,
            MongoCursor<RawBsonDocument> cursor,
            BsonRowDecoder decoder,
            String splitDescription) {
        this.table = table;
        this.lease = lease;
        this.cursor = cursor;
        this.decoder = decoder;
        this.splitDescription = splitDescription;
    }

    /**
     * Runs the scan's query. The reader takes over the lease, closing it with itself, or at once when opening fails.
     *
     * @param splitDescription the split, for messages, e.g. "split 3 of 8 (_id from ... to ...)"
     * @throws IOException naming the table and the split when the server fails the query
     */
    static MongoRecordReader open(
            MongoTable table, MongoClients.Lease lease, ReadRequest request, MongoScan scan, String splitDescription)
            throws IOException {
        try {
            requireNonNull(table, "table is null");
            requireNonNull(lease, "lease is null");
            requireNonNull(request, "request is null");
            requireNonNull(scan, "scan is null");
            requireNonNull(splitDescription, "splitDescription is null");
            BsonRowDecoder decoder = new BsonRowDecoder(table.layout(), request.projection());
            BsonDocument projection = MongoProjection.of(
                    table.layout(), request.projection(), request.nestedPaths(), table.pruneNested());
            if (scan.limit().isPresent() && scan.limit().getAsLong() <= 0) {
                // find().limit(0) means no limit: a scan that wants nothing does not query
                return new MongoRecordReader(table, lease, null, decoder, splitDescription);
            }
            FindIterable<RawBsonDocument> find = lease.collection()
                    .withDocumentClass(RawBsonDocument.class)
                    .find(scan.filter())
                    .collation(MongoScan.SIMPLE_COLLATION)
                    .batchSize(table.readBatchSize());
            if (!projection.isEmpty()) {
                find.projection(projection);
            }
            scan.min().ifPresent(find::min);
            scan.max().ifPresent(find::max);
            scan.hint().ifPresent(find::hint);
            if (scan.limit().isPresent() && scan.limit().getAsLong() <= Integer.MAX_VALUE) {
                find.limit((int) scan.limit().getAsLong());
            }
            LOG.debug(
                    "table {}: reading {} with filter {}, projection {}",
                    table.name(),
                    splitDescription,
                    scan.filter(),
                    projection);
            MongoCursor<RawBsonDocument> cursor;
            try {
                cursor = find.iterator();
            } catch (RuntimeException e) {
                throw MongoErrors.readFailed(table, "opening the cursor of " + splitDescription, e);
            }
            return new MongoRecordReader(table, lease, cursor, decoder, splitDescription);
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(lease, e);
            throw e;
        }
    }

    private static void closeQuietly(MongoClients.Lease lease, Throwable failure) {
        if (lease == null) {
            return;
        }
        try {
            lease.close();
        } catch (RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    @Override
    public boolean next() throws IOException {
        if (closed) {
            throw Cancellation.stopped(
                    "reading " + splitDescription + " of table " + table.name() + " (the reader was closed)");
        }
        if (cursor == null) {
            return false;
        }
        RawBsonDocument document;
        try {
            if (!cursor.hasNext()) {
                return false;
            }
            document = cursor.next();
        } catch (RuntimeException e) {
            if (closed || Thread.currentThread().isInterrupted() || e instanceof MongoInterruptedException) {
                // a cancelled query: the cursor was closed under it, or the driver stopped at the interrupt
                throw Cancellation.interrupted("reading " + splitDescription + " of table " + table.name());
            }
            throw MongoErrors.readFailed(table, "reading " + splitDescription + " (after " + rows + " documents)", e);
        }
        decoder.reset(document);
        rows++;
        return true;
    }

    @Override
    public String key() {
        return decoder.key();
    }

    @Override
    public Object get(int column) {
        return decoder.get(column);
    }

    /** Documents read so far. */
    long rows() {
        return rows;
    }

    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        // a cancelled query interrupts this thread, and the driver does no I/O on an interrupted thread: the flag is
        // set aside while the cursor is killed on the server, so that it does not stay open there
        boolean interrupted = Thread.interrupted();
        try {
            if (cursor != null) {
                cursor.close();
            }
        } catch (RuntimeException e) {
            // the rows are read; a cursor the server already dropped is no failure of the query
            LOG.warn("table {}: closing the cursor of {} failed: {}", table.name(), splitDescription, e.toString());
        } finally {
            try {
                lease.close();
            } finally {
                if (interrupted) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
