package io.hivenosql.sandbox.mongo.server;

import static org.assertj.core.api.Assertions.assertThat;

import de.bwaldvogel.mongo.bson.Document;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The batches of {@link BatchedCursor}: the count asked for, the byte limit, at least one document. */
class TestBatchedCursor {
    @Test
    void sizesAreTheBsonEncoding() {
        ByteBuf buffer = Unpooled.buffer();
        try {
            // 4 (length) + 1 (type) + "_id\0" + 4 (int32) + 1 (end)
            assertThat(BatchedCursor.bsonSize(new Document("_id", 1), buffer)).isEqualTo(14);
            // 4 + 1 + "s\0" + 4 (string length) + "abc\0" + 1
            assertThat(BatchedCursor.bsonSize(new Document("s", "abc"), buffer)).isEqualTo(16);
        } finally {
            buffer.release();
        }
    }

    @Test
    void aBatchStopsBeforeTheDocumentThatWouldPassTheLimit() {
        // each document is 14 bytes: 3 fit in 42, the fourth would pass 50
        BatchedCursor cursor = new BatchedCursor(7, documents(10), 50);
        assertThat(ids(cursor.nextBatch(100))).containsExactly(0, 1, 2);
        assertThat(ids(cursor.takeDocuments(0))).containsExactly(3, 4, 5);
        assertThat(ids(cursor.takeDocuments(2))).containsExactly(6, 7);
        assertThat(cursor.remaining()).isEqualTo(2);
        assertThat(ids(cursor.takeDocuments(-1))).containsExactly(8, 9);
        assertThat(cursor.isEmpty()).isTrue();
        assertThat(cursor.getId()).isEqualTo(7);
    }

    @Test
    void aBatchHoldsAtLeastOneDocumentHoweverLarge() {
        BatchedCursor cursor = new BatchedCursor(1, documents(3), 10);
        assertThat(ids(cursor.takeDocuments(0))).containsExactly(0);
        assertThat(ids(cursor.takeDocuments(5))).containsExactly(1);
    }

    @Test
    void aBatchOfZeroIsEmpty() {
        BatchedCursor cursor = new BatchedCursor(1, documents(3));
        assertThat(cursor.nextBatch(0)).isEmpty();
        assertThat(cursor.remaining()).isEqualTo(3);
        assertThat(ids(cursor.nextBatch(Integer.MAX_VALUE))).containsExactly(0, 1, 2);
    }

    private static List<Document> documents(int count) {
        return IntStream.range(0, count).mapToObj(i -> new Document("_id", i)).toList();
    }

    private static List<Object> ids(List<Document> batch) {
        return batch.stream().map(document -> document.get("_id")).toList();
    }
}
