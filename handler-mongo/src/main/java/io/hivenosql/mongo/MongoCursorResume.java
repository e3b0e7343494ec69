package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.MongoCursorNotFoundException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * How {@link MongoRecordReader} goes on with a split whose cursor failed in the middle (pure: no server contacted).
 * The driver retries a {@code find} once by itself (retryable reads), but never a {@code getMore}: a lost connection, a
 * primary that stepped down or a cursor the server dropped ends the cursor. The reader then runs the split's query
 * again for the documents after the last {@code _id} it returned, which needs the split's documents in {@code _id}
 * order:
 *
 * <ul>
 *   <li>A split without index bounds ({@code _id} ranges, the whole collection) is read sorted by {@code _id}
 *       ({@link #SORT}), which MongoDB serves from the {@code _id} index; a chunk of a collection sharded on
 *       {@code {_id: 1}} comes in that order from its index bounds already. A chunk of another shard key (or of a
 *       hashed {@code _id}) is in the order of its shard key: it cannot resume on {@code _id}, and fails as before
 *       (Hive's retry of the task reads the split again from its start).
 *   <li>The resumed query is the split's filter AND {@code _id} not {@code <=} the last {@code _id} ({@link #after}),
 *       with the same projection, collation and sort and what is left of the limit. MongoDB compares values of one type
 *       bracket only, so that condition also matches every {@code _id} of another bracket, those before the last
 *       {@code _id}'s bracket too: the reader drops those ({@link #readBefore}), which the first run returned already
 *       (they sort first). A chunk split keeps its bounds, its lower bound moved up to the last {@code _id}.
 * </ul>
 */
final class MongoCursorResume {
    private static final String ID = "_id";
    /** The order of a split that may resume: MongoDB's order of {@code _id}, from its index. */
    static final BsonDocument SORT = new BsonDocument(ID, new BsonInt32(1));

    /** The server's labels of transient errors an operation may be retried after. */
    private static final Set<String> RETRYABLE_LABELS = Set.of(
            MongoException.RETRYABLE_ERROR_LABEL,
            MongoException.SYSTEM_OVERLOADED_ERROR_LABEL,
            "RetryableWriteError",
            "ResumableChangeStreamError");

    /**
     * The server's codes of a transient state that a retried read may not meet (the retryable reads specification's
     * list): a lost or unreachable host, a shutdown, a primary that stepped down, a member not primary or recovering.
     */
    private static final Set<Integer> RETRYABLE_CODES =
            Set.of(6, 7, 89, 91, 134, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436);

    private MongoCursorResume() {}

    /** Whether the split's cursor returns its documents in {@code _id} order, so that it may resume after one. */
    static boolean ordered(MongoScan scan) {
        return scan.hint().isEmpty() || scan.hint().get().equals(SORT);
    }

    /**
     * Whether a failure of a cursor is transient: the split may resume after its last {@code _id}. Network errors, no
     * server selectable (an election under way), a member that is no longer primary or is recovering, a cursor the
     * server no longer knows (a failover, an idle timeout), and server errors with a retryable code or label.
     */
    static boolean resumable(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof MongoSocketException
                    || cause instanceof MongoTimeoutException
                    || cause instanceof MongoNotPrimaryException
                    || cause instanceof MongoNodeIsRecoveringException
                    || cause instanceof MongoCursorNotFoundException) {
                return true;
            }
            if (cause instanceof MongoException mongo
                    && (RETRYABLE_CODES.contains(mongo.getCode())
                            || mongo.getErrorLabels().stream().anyMatch(RETRYABLE_LABELS::contains))) {
                return true;
            }
        }
        return false;
    }

    /**
     * The split's cursor after {@code lastId}: its filter AND {@code _id} not {@code <= lastId}, a chunk's lower index
     * bound moved up to {@code lastId}, and {@code remainingLimit} for its limit.
     */
    static MongoScan after(MongoScan scan, BsonValue lastId, OptionalLong remainingLimit) {
        requireNonNull(scan, "scan is null");
        requireNonNull(lastId, "lastId is null");
        if (!ordered(scan)) {
            throw new IllegalArgumentException("a scan not in _id order cannot resume after an _id: " + scan);
        }
        BsonDocument notRead = new BsonDocument(ID, new BsonDocument("$not", new BsonDocument("$lte", lastId)));
        BsonDocument filter = scan.filter().isEmpty()
                ? notRead
                : new BsonDocument("$and", new BsonArray(List.of(scan.filter(), notRead)));
        Optional<BsonDocument> min = scan.min().map(bound -> new BsonDocument(ID, lastId));
        return new MongoScan(filter, min, scan.max(), scan.hint(), remainingLimit, scan.collation());
    }

    /**
     * Whether a document of a resumed cursor was read before the resume: its {@code _id} sorts before {@code lastId}
     * in MongoDB's order of types (an earlier bracket), or is a NaN when {@code lastId} is a number (NaN sorts before
     * every number). The resumed filter ({@link #after}) excludes every other {@code _id} up to {@code lastId}.
     */
    static boolean readBefore(BsonValue id, BsonValue lastId) {
        int rank = typeRank(id);
        int lastRank = typeRank(lastId);
        if (rank != lastRank) {
            return rank < lastRank;
        }
        return rank == NUMBERS && isNaN(id) && !isNaN(lastId);
    }

    private static final int NUMBERS = 2;

    /** MongoDB's order of BSON types in comparisons and sorts (numbers one bracket, strings and symbols one). */
    static int typeRank(BsonValue value) {
        return switch (value.getBsonType()) {
            case MIN_KEY -> 0;
            case NULL, UNDEFINED -> 1;
            case INT32, INT64, DOUBLE, DECIMAL128 -> NUMBERS;
            case STRING, SYMBOL -> 3;
            case DOCUMENT -> 4;
            case ARRAY -> 5;
            case BINARY -> 6;
            case OBJECT_ID -> 7;
            case BOOLEAN -> 8;
            case DATE_TIME -> 9;
            case TIMESTAMP -> 10;
            case REGULAR_EXPRESSION -> 11;
            case DB_POINTER -> 12;
            case JAVASCRIPT -> 13;
            case JAVASCRIPT_WITH_SCOPE -> 14;
            case MAX_KEY -> 15;
            case END_OF_DOCUMENT -> throw new IllegalArgumentException("not a value: " + value);
        };
    }

    private static boolean isNaN(BsonValue value) {
        return (value.isDouble() && Double.isNaN(value.asDouble().getValue()))
                || (value.isDecimal128() && value.asDecimal128().getValue().isNaN());
    }
}
