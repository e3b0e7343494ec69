package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.MongoCollection;
import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.aggregation.Aggregation;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import io.netty.channel.Channel;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The memory backend (with the handshake of {@link HandshakeBackend}), running three aggregation stages as mongod does
 * that mongo-java-server lacks or runs in a way that does not scale. They are what split planners send: the MongoDB
 * Spark connector's default partitioner (AutoBucketPartitioner) and its sampling one read the collection's size from
 * {@code $collStats} (and without it fall back to a single partition), then cut it at a {@code $sample} of the
 * partition field, bucketed by {@code $bucketAuto}; the Hive handler's planner draws its {@code _id} boundaries with
 * {@code $sample}.
 *
 * <ul>
 *   <li>{@code $collStats} ({@link CollectionStatsStage}): the collection's statistics, first stage only, with the
 *       {@code storageStats} and {@code count} options.
 *   <li>{@code $sample} ({@link SampleStages#sample}): mongo-java-server sorts its whole input by a comparator drawing
 *       a fresh random number at every comparison, {@code n log n} draws of a {@code SecureRandom} (most of a minute
 *       for TPC-H lineitem at scale factor 0.5) and a comparator that breaks the sort's contract, so the stage fails
 *       now and then. Here it is one pass holding only the sample.
 *   <li>{@code $bucketAuto} ({@link SampleStages#bucketAuto}): absent from mongo-java-server.
 * </ul>
 *
 * A pipeline with none of them is the memory backend's; one with any of them runs here, its other stages on
 * mongo-java-server's own stages, between them.
 */
class SamplingStagesBackend extends HandshakeBackend {
    static final String COLL_STATS = "$collStats";
    static final String SAMPLE = "$sample";
    static final String BUCKET_AUTO = "$bucketAuto";

    private static final Set<String> STAGES = Set.of(COLL_STATS, SAMPLE, BUCKET_AUTO);

    /** mongod's code for a {@code $collStats} that is not the first stage. */
    private static final int COLL_STATS_NOT_FIRST = 40602;
    /** mongod's code for a stage document without exactly one field. */
    private static final int NOT_ONE_FIELD = 40323;

    /** mongod's BadValue, for an option of these stages that mongod has and the test server does not. */
    private static final int BAD_VALUE = 2;

    /** The error for {@code stage}'s {@code option}, which mongod has and the test server does not: named, not ignored. */
    static MongoServerError unsupportedOption(String stage, String option) {
        return new MongoServerError(
                BAD_VALUE, stage + " option '" + option + "' is not supported by the sandbox's test server");
    }

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        if (command.equalsIgnoreCase("aggregate")
                && query.get("aggregate") instanceof String collectionName
                && !query.containsKey("explain")
                && query.get("pipeline") instanceof List<?> pipeline
                && pipeline.stream().anyMatch(SamplingStagesBackend::isOurs)) {
            return aggregate(databaseName, collectionName, stages(pipeline));
        }
        return super.handleCommand(channel, databaseName, command, query);
    }

    private Document aggregate(String databaseName, String collectionName, List<Document> stages) {
        MongoDatabase database = resolveDatabase(databaseName);
        MongoCollection<?> collection = database.resolveCollection(collectionName, false);
        String namespace = databaseName + "." + collectionName;
        Stream<Document> documents;
        int first = 0;
        if (name(stages.get(0)).equals(COLL_STATS)) {
            documents = Stream.of(CollectionStatsStage.run(
                    namespace, collection, stages.get(0).get(COLL_STATS)));
            first = 1;
        } else {
            documents = collection == null ? Stream.empty() : collection.queryAllAsStream();
        }
        List<Document> between = new ArrayList<>();
        for (Document stage : stages.subList(first, stages.size())) {
            String name = name(stage);
            if (name.equals(COLL_STATS)) {
                throw new MongoServerError(
                        COLL_STATS_NOT_FIRST, "$collStats is only valid as the first stage in a pipeline");
            }
            if (STAGES.contains(name)) {
                documents = run(between, documents, database, collection);
                between.clear();
                documents = name.equals(SAMPLE)
                        ? SampleStages.sample(documents, stage.get(SAMPLE))
                        : SampleStages.bucketAuto(documents, stage.get(BUCKET_AUTO));
            } else {
                between.add(stage);
            }
        }
        List<Document> result = run(between, documents, database, collection).toList();
        Document cursor = new Document("id", 0L).append("ns", namespace).append("firstBatch", result);
        return new Document("cursor", cursor).append("ok", 1.0);
    }

    /** {@code documents} through mongo-java-server's own {@code stages}. */
    private Stream<Document> run(
            List<Document> stages, Stream<Document> documents, MongoDatabase database, MongoCollection<?> collection) {
        if (stages.isEmpty()) {
            return documents;
        }
        return Aggregation.fromPipeline(List.copyOf(stages), this::resolveDatabase, database, collection, oplog)
                .runStagesAsStream(documents);
    }

    private static boolean isOurs(Object stage) {
        return stage instanceof Document document
                && document.size() == 1
                && STAGES.contains(document.keySet().iterator().next());
    }

    private static List<Document> stages(List<?> pipeline) {
        List<Document> stages = new ArrayList<>(pipeline.size());
        for (Object stage : pipeline) {
            if (!(stage instanceof Document document) || document.size() != 1) {
                throw new MongoServerError(
                        NOT_ONE_FIELD, "A pipeline stage specification object must contain exactly one field.");
            }
            stages.add(document);
        }
        return stages;
    }

    private static String name(Document stage) {
        return stage.keySet().iterator().next();
    }
}
