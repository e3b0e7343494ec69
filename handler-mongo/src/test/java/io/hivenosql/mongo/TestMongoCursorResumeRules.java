package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.MongoCursorNotFoundException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoQueryException;
import com.mongodb.MongoSocketReadException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.ServerAddress;
import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonNull;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** The pure rules of {@link MongoCursorResume}: which failures resume, which splits may, and the resumed query. */
class TestMongoCursorResumeRules {
    private static final ServerAddress SERVER = new ServerAddress("127.0.0.1", 27017);

    @Test
    void transientFailuresResumeOthersDoNot() {
        assertThat(MongoCursorResume.resumable(
                        new MongoSocketReadException("Prematurely reached end of stream", SERVER)))
                .isTrue();
        assertThat(MongoCursorResume.resumable(new MongoTimeoutException("no server")))
                .isTrue();
        assertThat(MongoCursorResume.resumable(
                        new MongoNotPrimaryException(error(10107, "NotWritablePrimary"), SERVER)))
                .isTrue();
        assertThat(MongoCursorResume.resumable(
                        new MongoNodeIsRecoveringException(error(11602, "InterruptedDueToReplStateChange"), SERVER)))
                .isTrue();
        assertThat(MongoCursorResume.resumable(
                        new MongoCursorNotFoundException(42L, error(43, "CursorNotFound"), SERVER)))
                .isTrue();
        // a retryable code (ShutdownInProgress) or label on any server error, also as the cause of another exception
        assertThat(MongoCursorResume.resumable(new MongoQueryException(error(91, "ShutdownInProgress"), SERVER)))
                .isTrue();
        BsonDocument labelled = error(2, "BadValue")
                .append(
                        "errorLabels",
                        BsonDocument.parse("{a: ['RetryableError']}").getArray("a"));
        assertThat(MongoCursorResume.resumable(new MongoCommandException(labelled, SERVER)))
                .isTrue();
        assertThat(MongoCursorResume.resumable(new RuntimeException(new MongoSocketReadException("reset", SERVER))))
                .isTrue();
        // what a retry cannot mend: a bad query, a type error, anything not the driver's
        assertThat(MongoCursorResume.resumable(new MongoQueryException(error(2, "BadValue"), SERVER)))
                .isFalse();
        assertThat(MongoCursorResume.resumable(new MongoCommandException(error(13, "Unauthorized"), SERVER)))
                .isFalse();
        assertThat(MongoCursorResume.resumable(new IllegalStateException("state should be: open")))
                .isFalse();
    }

    @Test
    void splitsInIdOrderResumeChunksOfAnotherShardKeyDoNot() {
        assertThat(MongoCursorResume.ordered(MongoScan.of(BsonDocument.parse("{_id: {$gte: 5}}"))))
                .isTrue();
        assertThat(MongoCursorResume.ordered(chunk("{_id: 1}"))).isTrue();
        assertThat(MongoCursorResume.ordered(chunk("{_id: 'hashed'}"))).isFalse();
        assertThat(MongoCursorResume.ordered(chunk("{region: 1}"))).isFalse();
        assertThat(MongoCursorResume.ordered(chunk("{region: 1, _id: 1}"))).isFalse();
        assertThatThrownBy(() -> MongoCursorResume.after(chunk("{region: 1}"), new BsonInt32(1), OptionalLong.empty()))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void resumedQueryIsTheFilterAndNotUpToTheLastIdWithTheRestOfTheLimit() {
        MongoScan whole = MongoScan.of(new BsonDocument());
        MongoScan resumed = MongoCursorResume.after(whole, new BsonInt32(7), OptionalLong.of(3));
        assertThat(resumed.filter()).isEqualTo(BsonDocument.parse("{_id: {$not: {$lte: 7}}}"));
        assertThat(resumed.limit()).isEqualTo(OptionalLong.of(3));
        assertThat(resumed.hint()).isEmpty();

        MongoScan filtered = new MongoScan(
                BsonDocument.parse("{v: {$gte: 2}}"),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                OptionalLong.empty());
        assertThat(MongoCursorResume.after(filtered, new BsonString("k"), OptionalLong.empty())
                        .filter())
                .isEqualTo(BsonDocument.parse("{$and: [{v: {$gte: 2}}, {_id: {$not: {$lte: 'k'}}}]}"));

        // a chunk on {_id: 1}: its lower index bound moves up to the last _id, its upper bound and hint stay
        MongoScan resumedChunk = MongoCursorResume.after(chunk("{_id: 1}"), new BsonInt32(40), OptionalLong.empty());
        assertThat(resumedChunk.min()).contains(BsonDocument.parse("{_id: 40}"));
        assertThat(resumedChunk.max()).contains(BsonDocument.parse("{_id: 100}"));
        assertThat(resumedChunk.hint()).contains(BsonDocument.parse("{_id: 1}"));
    }

    @Test
    void documentsOfEarlierTypeBracketsWereReadBefore() {
        BsonString last = new BsonString("m");
        // earlier brackets in MongoDB's order: MinKey, null, numbers
        assertThat(MongoCursorResume.readBefore(new BsonMinKey(), last)).isTrue();
        assertThat(MongoCursorResume.readBefore(new BsonNull(), last)).isTrue();
        assertThat(MongoCursorResume.readBefore(new BsonInt32(99), last)).isTrue();
        // the same bracket (the filter excluded what is not after the last) and later ones
        assertThat(MongoCursorResume.readBefore(new BsonString("z"), last)).isFalse();
        assertThat(MongoCursorResume.readBefore(new BsonObjectId(new ObjectId()), last))
                .isFalse();
        assertThat(MongoCursorResume.readBefore(new BsonMaxKey(), last)).isFalse();
        // NaN sorts before every number: read before a number, not before NaN itself
        assertThat(MongoCursorResume.readBefore(new BsonDouble(Double.NaN), new BsonInt32(1)))
                .isTrue();
        assertThat(MongoCursorResume.readBefore(new BsonInt32(1), new BsonDouble(Double.NaN)))
                .isFalse();
    }

    private static MongoScan chunk(String keyPattern) {
        BsonDocument pattern = BsonDocument.parse(keyPattern);
        return new MongoScan(
                new BsonDocument(),
                Optional.of(new BsonDocument(pattern.getFirstKey(), new BsonInt32(0))),
                Optional.of(new BsonDocument(pattern.getFirstKey(), new BsonInt32(100))),
                Optional.of(pattern),
                OptionalLong.empty());
    }

    private static BsonDocument error(int code, String name) {
        return new BsonDocument("ok", new BsonInt32(0))
                .append("code", new BsonInt32(code))
                .append("codeName", new BsonString(name))
                .append("errmsg", new BsonString(name));
    }
}
