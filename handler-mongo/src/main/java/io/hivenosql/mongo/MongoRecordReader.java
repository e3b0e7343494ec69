package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoInterruptedException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCursor;
import com.mongodb.connection.ClusterType;
import io.hivenosql.api.error.Cancellation;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import java.io.IOException;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;
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
 *
 * <p>A split in {@code _id} order ({@link MongoCursorResume#ordered}) is read sorted by {@code _id} while
 * {@code mongo.read.resume-attempts} is above 0, and a transient failure of its cursor ({@link
 * MongoCursorResume#resumable}: a lost connection, a primary that stepped down, a dropped cursor) resumes it: the same
 * query for the documents after the last {@code _id} returned, with what is left of the limit ({@link
 * MongoCursorResume#after}). Every document is returned once. Resuming stops, failing the split with a message that
 * names the table, the split and the last {@code _id}, after {@code mongo.read.resume-attempts} attempts or
 * {@code mongo.timeout.ms} without a document read, whichever comes first.
 */
final class MongoRecordReader implements RecordSource {
    private static final Logger LOG = LoggerFactory.getLogger(MongoRecordReader.class);
    /** The first pause between two resume attempts; it doubles up to {@link #MAX_BACKOFF_MILLIS}. */
    static final long FIRST_BACKOFF_MILLIS = 100;

    static final long MAX_BACKOFF_MILLIS = 2_000;

    private final MongoTable table;
    private final MongoClients.Lease lease;
    private final MongoScan scan;
    private final BsonDocument projection;
    private final BsonRowDecoder decoder;
    private final String splitDescription;
    /** Whether a failed cursor resumes after its last _id: the split is in _id order and resuming is on. */
    private final boolean resumes;

    private MongoCursor<RawBsonDocument> cursor;
    private long rows;
    /** The last document returned, whose _id a resume starts after; null before the first. */
    private RawBsonDocument last;
    /** After a resume: the last _id read before it, until the resumed cursor returns a document after it. */
    private BsonValue resumedAfter;
    /** Resume attempts since the last document read, and when the first of them began. */
    private int attempts;

    private long firstAttemptNanos;
    private long resumeCount;
    /** Set by {@link #close}, which HiveServer2 calls from another thread when it cancels a fetch. */
    private volatile boolean closed;

    private MongoRecordReader(
            MongoTable table,
            MongoClients.Lease lease,
            MongoScan scan,
            BsonDocument projection,
            BsonRowDecoder decoder,
            String splitDescription) {
        this.table = table;
        this.lease = lease;
        this.scan = scan;
        this.projection = projection;
        this.decoder = decoder;
        this.splitDescription = splitDescription;
        this.resumes = table.resumeAttempts() > 0 && MongoCursorResume.ordered(scan);
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
            MongoRecordReader reader = new MongoRecordReader(table, lease, scan, projection, decoder, splitDescription);
            try {
                reader.cursor = reader.query(scan);
            } catch (RuntimeException e) {
                throw MongoErrors.readFailed(table, "opening the cursor of " + splitDescription, e);
            }
            return reader;
        } catch (IOException | RuntimeException | Error e) {
            closeQuietly(lease, e);
            throw e;
        }
    }

    /**
     * Runs {@code find} for a scan: its filter, index bounds, hint and limit, the reader's projection, the simple
     * collation (unless the server takes none: {@link MongoScan#collation}), the table's batch size, and the order of
     * {@code _id} when the reader resumes. Null when the limit leaves nothing to read ({@code find().limit(0)} would
     * mean no limit).
     */
    private MongoCursor<RawBsonDocument> query(MongoScan scan) {
        if (scan.limit().isPresent() && scan.limit().getAsLong() <= 0) {
            return null;
        }
        FindIterable<RawBsonDocument> find = lease.collection()
                .withDocumentClass(RawBsonDocument.class)
                .find(scan.filter())
                .batchSize(table.readBatchSize());
        if (scan.collation()) {
            find.collation(MongoScan.SIMPLE_COLLATION);
        }
        if (!projection.isEmpty()) {
            find.projection(projection);
        }
        if (resumes) {
            find.sort(MongoCursorResume.SORT);
        }
        scan.min().ifPresent(find::min);
        scan.max().ifPresent(find::max);
        scan.hint().ifPresent(find::hint);
        if (scan.limit().isPresent() && scan.limit().getAsLong() <= Integer.MAX_VALUE) {
            find.limit((int) scan.limit().getAsLong());
        }
        LOG.debug(
                "table {}: reading {} with filter {}, projection {}{}",
                table.name(),
                splitDescription,
                scan.filter(),
                projection,
                resumes ? ", sorted by _id" : "");
        return find.iterator();
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
        while (true) {
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
                if (!resumes || !MongoCursorResume.resumable(e)) {
                    throw MongoErrors.readFailed(
                            table, "reading " + splitDescription + " (after " + rows + " documents)", e);
                }
                resume(e);
                continue;
            }
            if (resumedAfter != null) {
                if (MongoCursorResume.readBefore(document.get("_id"), resumedAfter)) {
                    continue; // of an earlier type bracket: returned before the resume
                }
                resumedAfter = null;
            }
            attempts = 0;
            last = document;
            decoder.reset(document);
            rows++;
            return true;
        }
    }

    /**
     * Replaces the failed cursor with the split's query for the documents after the last {@code _id} read, trying
     * until a new cursor opens, at most {@code mongo.read.resume-attempts} times and {@code mongo.timeout.ms} since the
     * last document read.
     */
    private void resume(RuntimeException failure) throws IOException {
        RuntimeException lastFailure = failure;
        closeCursor();
        while (true) {
            if (attempts == 0) {
                firstAttemptNanos = System.nanoTime();
            }
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - firstAttemptNanos);
            if (attempts >= table.resumeAttempts() || elapsed >= table.timeoutMillis()) {
                throw resumeFailed(lastFailure, elapsed);
            }
            if (attempts > 0) {
                pause(Math.min(
                        Math.min(FIRST_BACKOFF_MILLIS << Math.min(attempts - 1, 10), MAX_BACKOFF_MILLIS),
                        table.timeoutMillis() - elapsed));
            }
            attempts++;
            resumeCount++;
            BsonValue lastId = last == null ? null : last.get("_id");
            LOG.info(
                    "table {}: resuming {} after _id {} ({} documents read; attempt {} of {}) after {}",
                    table.name(),
                    splitDescription,
                    lastId == null ? "(none: from the start)" : MongoIdRanges.describe(lastId),
                    rows,
                    attempts,
                    table.resumeAttempts(),
                    MongoErrors.reason(lastFailure));
            OptionalLong remaining =
                    scan.limit().isPresent() ? OptionalLong.of(scan.limit().getAsLong() - rows) : OptionalLong.empty();
            MongoScan resumed = lastId == null
                    ? new MongoScan(scan.filter(), scan.min(), scan.max(), scan.hint(), remaining, scan.collation())
                    : MongoCursorResume.after(scan, lastId, remaining);
            try {
                cursor = query(resumed);
                resumedAfter = lastId;
                if (closed) {
                    // closed (a cancelled fetch) while the cursor opened: it would stay open on the server
                    closeCursor();
                }
                return;
            } catch (RuntimeException e) {
                if (closed || Thread.currentThread().isInterrupted() || e instanceof MongoInterruptedException) {
                    throw Cancellation.interrupted("resuming " + splitDescription + " of table " + table.name());
                }
                if (!MongoCursorResume.resumable(e)) {
                    throw MongoErrors.readFailed(table, "resuming " + splitDescription + after(lastId), e);
                }
                lastFailure = e;
            }
        }
    }

    private IOException resumeFailed(RuntimeException failure, long elapsedMillis) {
        BsonValue lastId = last == null ? null : last.get("_id");
        // "reading split 3 of 8 (after n documents": the phrase of a failure without a resume, and then the resume's
        String doing = "reading " + splitDescription + " (after " + rows + " documents; resuming "
                + (lastId == null ? "from the start" : "after _id " + MongoIdRanges.describe(lastId)) + " failed: "
                + attempts + " attempt(s) in " + elapsedMillis + " ms, bounded by "
                + MongoTableProperties.READ_RESUME_ATTEMPTS.key() + "=" + table.resumeAttempts() + " and "
                + MongoTableProperties.TIMEOUT_MS.key() + "=" + table.timeoutMillis() + ")";
        HandlerException error = MongoErrors.storeError(table, doing, failure, HandlerErrorCode.STORE_ERROR);
        if (primaryLost(failure)) {
            error = new HandlerException(
                    HandlerErrorCode.REPLICAS_UNAVAILABLE,
                    "MongoDB at " + table.uri().redacted() + " had no member to read from while " + doing
                            + " for table " + table.name() + " (" + table.namespace() + "): "
                            + MongoErrors.reason(failure) + "; a replica set needs a primary (or a member that "
                            + "mongo.read-preference admits) within " + MongoTableProperties.TIMEOUT_MS.key()
                            + ": check the set's members, or raise the timeout to outlast an election",
                    failure);
        }
        return new IOException(error.getMessage(), error);
    }

    /**
     * Whether a replica set had no member to read from: the last member asked was not primary or was recovering, or
     * server selection timed out on a replica set (an election that did not end in time).
     */
    private boolean primaryLost(RuntimeException failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoNotPrimaryException || cause instanceof MongoNodeIsRecoveringException) {
                return true;
            }
            if (cause instanceof MongoTimeoutException) {
                try {
                    return lease.client().getClusterDescription().getType() == ClusterType.REPLICA_SET;
                } catch (RuntimeException e) {
                    return false;
                }
            }
        }
        return false;
    }

    private String after(BsonValue lastId) {
        return lastId == null
                ? " from its start (no document read yet)"
                : " after _id " + MongoIdRanges.describe(lastId) + " (" + rows + " documents read)";
    }

    private void pause(long millis) throws IOException {
        if (millis <= 0) {
            return;
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw Cancellation.interrupted("resuming " + splitDescription + " of table " + table.name());
        }
    }

    private void closeCursor() {
        MongoCursor<RawBsonDocument> failed = cursor;
        cursor = null;
        if (failed != null) {
            try {
                failed.close();
            } catch (RuntimeException e) {
                LOG.debug(
                        "table {}: closing the failed cursor of {}: {}", table.name(), splitDescription, e.toString());
            }
        }
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

    /** How many times the reader resumed its split (attempts, successful or not). */
    long resumeCount() {
        return resumeCount;
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
