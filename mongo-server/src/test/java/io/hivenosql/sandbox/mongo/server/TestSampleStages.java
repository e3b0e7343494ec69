package io.hivenosql.sandbox.mongo.server;

import static org.assertj.core.api.Assertions.assertThat;

import de.bwaldvogel.mongo.bson.Document;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The bucket cutting of {@code $bucketAuto} and the draw of {@code $sample}, on plain values. */
class TestSampleStages {
    @Test
    void moreBucketsThanValuesGiveABucketAValue() {
        assertThat(bounds(SampleStages.buckets(values(1, 2, 3), 5))).containsExactly("1-2:1", "2-3:1", "3-3:1");
    }

    @Test
    void theLastAllowedBucketTakesEverythingLeft() {
        // round(10 / 4) = 3 a bucket: 3, 3, 3, and the fourth takes the last one
        assertThat(bounds(SampleStages.buckets(values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), 4)))
                .containsExactly("0-3:3", "3-6:3", "6-9:3", "9-9:1");
        // round(11 / 3) = 4: 4, 4, and the third takes the remaining 3
        assertThat(bounds(SampleStages.buckets(values(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), 3)))
                .containsExactly("0-4:4", "4-8:4", "8-10:3");
    }

    @Test
    void oneValueRepeatedIsOneBucketAndNoValuesNone() {
        assertThat(bounds(SampleStages.buckets(values(7, 7, 7, 7), 3))).containsExactly("7-7:4");
        assertThat(SampleStages.buckets(List.of(), 3)).isEmpty();
    }

    @Test
    void nullsSortFirstAsMissingValuesDo() {
        List<Object> values = new ArrayList<>(Arrays.asList(null, null, 1, 2));
        assertThat(bounds(SampleStages.buckets(values, 2))).containsExactly("null-1:2", "1-2:2");
    }

    @Test
    void aSampleHoldsDistinctInputDocuments() {
        List<Document> documents =
                IntStream.range(0, 10_000).mapToObj(i -> new Document("_id", i)).toList();

        List<Document> sample = SampleStages.sample(documents.stream(), new Document("size", 100))
                .toList();

        assertThat(sample).hasSize(100).doesNotHaveDuplicates().isSubsetOf(documents);
    }

    private static List<Object> values(Integer... values) {
        return new ArrayList<>(Arrays.asList(values));
    }

    private static List<String> bounds(List<Document> buckets) {
        return buckets.stream()
                .map(bucket -> {
                    Document id = (Document) bucket.get("_id");
                    return id.get("min") + "-" + id.get("max") + ":" + bucket.get("count");
                })
                .toList();
    }
}
