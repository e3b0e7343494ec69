package io.hivenosql.sandbox.mongo.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoCommandException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.bson.Document;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The test double's {@code $collStats}, {@code $sample} and {@code $bucketAuto}, through the real driver against the
 * server the launcher runs ({@link MongoServerLauncher#backend()}) on a free port of 127.0.0.1, in this JVM. The
 * pipelines are the ones the MongoDB Spark connector's partitioners and the Hive handler's split planner send.
 */
class TestSamplingStagesBackend {
    private static final int DOCUMENTS = 1_000;

    private static TestingDouble server;
    private static MongoClient client;
    private static MongoCollection<Document> numbers;

    @BeforeAll
    static void start() {
        server = TestingDouble.start();
        client = server.client;
        numbers = client.getDatabase("stages").getCollection("numbers");
        numbers.insertMany(IntStream.range(0, DOCUMENTS)
                .mapToObj(i -> new Document("_id", i).append("k", i % 7).append("name", "n" + i))
                .toList());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void collStatsGivesTheStorageStatsOfTheCollStatsCommandAsTheSparkConnectorReadsThem() {
        Document command = client.getDatabase("stages").runCommand(new Document("collStats", "numbers"));
        // the connector's pipeline (PartitionerHelper.storageStats)
        Document stats = numbers.aggregate(List.of(
                        new Document("$collStats", new Document("storageStats", new Document())),
                        new Document(
                                "$project",
                                new Document("size", "$storageStats.size").append("count", "$storageStats.count"))))
                .first();

        assertThat(stats.get("count", Number.class).longValue()).isEqualTo(DOCUMENTS);
        assertThat(stats.get("size", Number.class).longValue())
                .isEqualTo(command.get("size", Number.class).longValue())
                .isGreaterThan(DOCUMENTS * 20L);
    }

    @Test
    void collStatsNamesTheCollectionAndScalesSizesButNotTheAverage() {
        Document whole = collStats(new Document("storageStats", new Document()));
        Document scaled =
                collStats(new Document("storageStats", new Document("scale", 10)).append("count", new Document()));

        assertThat(whole.getString("ns")).isEqualTo("stages.numbers");
        Document storage = whole.get("storageStats", Document.class);
        Document scaledStorage = scaled.get("storageStats", Document.class);
        assertThat(scaledStorage.get("size", Number.class).longValue())
                .isEqualTo(storage.get("size", Number.class).longValue() / 10);
        assertThat(scaledStorage.get("avgObjSize")).isEqualTo(storage.get("avgObjSize"));
        assertThat(scaledStorage.getInteger("scaleFactor")).isEqualTo(10);
        assertThat(scaled.get("count", Number.class).longValue()).isEqualTo(DOCUMENTS);
        assertThat(whole).doesNotContainKey("count");
    }

    @Test
    void collStatsOfAMissingCollectionFailsAsMongodDoesSoThatTheConnectorFallsBack() {
        // the connector takes code 26 or "not found." as "no statistics"
        assertThatThrownBy(() -> client.getDatabase("stages")
                        .getCollection("absent")
                        .aggregate(List.of(new Document("$collStats", new Document("storageStats", new Document()))))
                        .first())
                .isInstanceOfSatisfying(MongoCommandException.class, e -> {
                    assertThat(e.getErrorCode()).isEqualTo(26);
                    assertThat(e.getErrorMessage()).contains("Collection [stages.absent] not found.");
                });
    }

    @Test
    void collStatsIsRefusedWhereMongodRefusesIt() {
        assertThat(errorCode(List.of(
                        new Document("$match", new Document()),
                        new Document("$collStats", new Document("storageStats", new Document())))))
                .isEqualTo(40602);
        assertThat(errorCode(List.of(new Document("$collStats", new Document("bogus", new Document())))))
                .isEqualTo(40415);
        assertThatThrownBy(() -> numbers.aggregate(
                                List.of(new Document("$collStats", new Document("latencyStats", new Document()))))
                        .first())
                .hasMessageContaining("'latencyStats' is not supported");
    }

    @Test
    void sampleDrawsDistinctDocumentsOfTheCollection() {
        List<Integer> ids = sampledIds(List.of(new Document("$sample", new Document("size", 50))));

        assertThat(ids).hasSize(50).doesNotHaveDuplicates().allSatisfy(id -> assertThat(id)
                .isBetween(0, 999));
    }

    @Test
    void sampleIsRandomAndCoversTheCollectionEvenly() {
        Set<Integer> seen = new HashSet<>();
        long sum = 0;
        int draws = 0;
        List<Integer> first = sampledIds(List.of(new Document("$sample", new Document("size", 20))));
        for (int round = 0; round < 50; round++) {
            for (int id : sampledIds(List.of(new Document("$sample", new Document("size", 20))))) {
                seen.add(id);
                sum += id;
                draws++;
            }
        }
        // 1,000 draws of 1,000 ids: about 632 distinct ones expected, a mean near 499.5 (standard error about 9)
        assertThat(seen).hasSizeGreaterThan(550);
        assertThat((double) sum / draws).isBetween(460.0, 540.0);
        assertThat(sampledIds(List.of(new Document("$sample", new Document("size", 20)))))
                .isNotEqualTo(first);
    }

    @Test
    void sampleTakesWhatThePrecedingStagesLeaveAndFeedsTheFollowingOnes() {
        List<Document> sampled = new ArrayList<>();
        numbers.aggregate(List.of(
                        new Document("$match", new Document("k", 3)),
                        new Document("$sample", new Document("size", 30)),
                        new Document("$project", new Document("k", 1)),
                        new Document("$sort", new Document("_id", 1))))
                .into(sampled);

        assertThat(sampled).hasSize(30).allSatisfy(document -> {
            assertThat(document.getInteger("k")).isEqualTo(3);
            assertThat(document).doesNotContainKey("name");
        });
        List<Integer> ids =
                sampled.stream().map(document -> document.getInteger("_id")).toList();
        assertThat(ids).isSorted().doesNotHaveDuplicates();
    }

    @Test
    void aSampleAsLargeAsTheInputIsAllOfItAndZeroIsNothing() {
        assertThat(sampledIds(List.of(new Document("$sample", new Document("size", 5_000)))))
                .hasSize(DOCUMENTS)
                .doesNotHaveDuplicates();
        assertThat(sampledIds(List.of(new Document("$sample", new Document("size", 0)))))
                .isEmpty();
    }

    @Test
    void sampleIsRefusedWithMongodsCodes() {
        assertThat(errorCode(List.of(new Document("$sample", new Document("size", -1)))))
                .isEqualTo(28747);
        assertThat(errorCode(List.of(new Document("$sample", new Document("size", "ten")))))
                .isEqualTo(28746);
        assertThat(errorCode(List.of(new Document("$sample", new Document())))).isEqualTo(28749);
        assertThat(errorCode(List.of(new Document("$sample", new Document("size", 1).append("seed", 2)))))
                .isEqualTo(28748);
    }

    @Test
    void bucketAutoCutsSortedValuesIntoContiguousBucketsOfAboutEqualCount() {
        List<Document> buckets = new ArrayList<>();
        numbers.aggregate(List.of(new Document("$bucketAuto", new Document("groupBy", "$_id").append("buckets", 4))))
                .into(buckets);

        assertThat(buckets).extracting(bucket -> bucket.getInteger("count")).containsExactly(250, 250, 250, 250);
        assertThat(buckets)
                .extracting(bucket -> bucket.get("_id", Document.class).toJson())
                .containsExactly(
                        "{\"min\": 0, \"max\": 250}",
                        "{\"min\": 250, \"max\": 500}",
                        "{\"min\": 500, \"max\": 750}",
                        "{\"min\": 750, \"max\": 999}");
    }

    @Test
    void bucketAutoKeepsEqualValuesInOneBucket() {
        List<Document> buckets = new ArrayList<>();
        numbers.aggregate(List.of(new Document("$bucketAuto", new Document("groupBy", "$k").append("buckets", 3))))
                .into(buckets);

        // 143 documents of k 0 to 5 and 142 of k 6: round(1000 / 3) = 333 reaches into k 2, whose rest joins it
        assertThat(buckets).extracting(bucket -> bucket.getInteger("count")).containsExactly(429, 429, 142);
        assertThat(buckets)
                .extracting(bucket -> bucket.get("_id", Document.class).toJson())
                .containsExactly("{\"min\": 0, \"max\": 3}", "{\"min\": 3, \"max\": 6}", "{\"min\": 6, \"max\": 6}");
    }

    @Test
    void theSparkConnectorsAutoBucketPipelineGivesBoundariesOfTheSample() {
        // AutoBucketPartitioner.createBucketAutoPipeline for 5 partitions of _id, 100 samples each
        List<Document> buckets = new ArrayList<>();
        numbers.aggregate(List.of(
                        new Document("$sample", new Document("size", 500)),
                        new Document("$bucketAuto", new Document("groupBy", "$_id").append("buckets", 5))))
                .into(buckets);

        assertThat(buckets).hasSize(5);
        assertThat(buckets.stream()
                        .mapToInt(bucket -> bucket.getInteger("count"))
                        .sum())
                .isEqualTo(500);
        for (int i = 1; i < buckets.size(); i++) {
            Document previous = buckets.get(i - 1).get("_id", Document.class);
            Document bucket = buckets.get(i).get("_id", Document.class);
            assertThat(previous.getInteger("max")).isEqualTo(bucket.getInteger("min"));
            assertThat(bucket.getInteger("min")).isGreaterThan(previous.getInteger("min"));
        }
    }

    @Test
    void bucketAutoIsRefusedWithMongodsCodesAndItsUnsupportedOptionsByName() {
        assertThat(errorCode(List.of(new Document("$bucketAuto", new Document("groupBy", "$_id")))))
                .isEqualTo(40246);
        assertThat(errorCode(List.of(new Document("$bucketAuto", new Document("groupBy", "_id").append("buckets", 2)))))
                .isEqualTo(40239);
        assertThat(errorCode(
                        List.of(new Document("$bucketAuto", new Document("groupBy", "$_id").append("buckets", 0)))))
                .isEqualTo(40243);
        assertThatThrownBy(() -> numbers.aggregate(List.of(new Document(
                                "$bucketAuto",
                                new Document("groupBy", "$_id")
                                        .append("buckets", 2)
                                        .append("granularity", "R5"))))
                        .first())
                .hasMessageContaining("'granularity' is not supported");
    }

    @Test
    void pipelinesWithoutTheseStagesAreTheMemoryBackendsAsBefore() {
        List<Document> grouped = new ArrayList<>();
        numbers.aggregate(List.of(
                        new Document("$group", new Document("_id", "$k").append("n", new Document("$sum", 1))),
                        new Document("$sort", new Document("_id", 1))))
                .into(grouped);

        assertThat(grouped)
                .extracting(group -> group.getInteger("n"))
                .containsExactly(143, 143, 143, 143, 143, 143, 142);
    }

    private static Document collStats(Document options) {
        return numbers.aggregate(List.of(new Document("$collStats", options))).first();
    }

    private static List<Integer> sampledIds(List<Document> pipeline) {
        List<Integer> ids = new ArrayList<>();
        numbers.aggregate(pipeline).forEach(document -> ids.add(document.getInteger("_id")));
        return ids;
    }

    private static int errorCode(List<Document> pipeline) {
        try {
            numbers.aggregate(pipeline).first();
        } catch (MongoCommandException e) {
            return e.getErrorCode();
        }
        throw new AssertionError("the pipeline " + pipeline + " was not refused");
    }
}
