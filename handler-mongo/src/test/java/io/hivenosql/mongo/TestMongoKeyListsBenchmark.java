package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import org.bson.BsonDocument;
import org.bson.BsonInt64;
import org.junit.jupiter.api.Test;

/**
 * Runs each method of {@link BenchmarkMongoKeyLists} once, so CI keeps it measuring what it says: every method builds
 * a filter of all the keys (the handler's field filter also guarded against arrays).
 */
class TestMongoKeyListsBenchmark {
    @Test
    void everyMethodFiltersOnAllTheKeys() {
        BenchmarkMongoKeyLists benchmark = new BenchmarkMongoKeyLists();
        benchmark.keys = 1_000;
        benchmark.setUp();

        BsonDocument raw = benchmark.rawIdInDocument();
        assertThat(raw.getDocument("_id").getArray("$in")).hasSize(1_000);
        assertThat(raw.getDocument("_id").getArray("$in").get(999)).isEqualTo(new BsonInt64(100_000));
        BsonDocument id = benchmark.handlerIdList();
        BsonDocument field = benchmark.handlerFieldList();
        assertThat(id.keySet()).containsExactly("_id");
        assertThat(id.getDocument("_id").getArray("$in")).hasSize(1_000);
        assertThat(id.getDocument("_id").getArray("$in").get(999).asNumber().longValue())
                .isEqualTo(100_000);
        assertThat(field.getDocument("k").getArray("$in")).hasSize(1_000);
        assertThat(field.getDocument("k").getDocument("$not")).isEqualTo(BsonDocument.parse("{$type: 'array'}"));
    }
}
