package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.backend.Missing;
import de.bwaldvogel.mongo.backend.ValueComparator;
import de.bwaldvogel.mongo.backend.aggregation.Expression;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.exception.MongoServerError;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The {@code $sample} and {@code $bucketAuto} stages over a stream of documents, with mongod's validation and error
 * codes.
 */
final class SampleStages {
    private static final Comparator<Object> ORDER = ValueComparator.asc();

    private SampleStages() {}

    /**
     * {@code $sample: {size: n}}: {@code n} documents drawn uniformly without replacement (all of them when there are
     * fewer), in random order. One pass of reservoir sampling (Algorithm R) over the input, holding only the sample.
     */
    static Stream<Document> sample(Stream<Document> documents, Object options) {
        long size = sampleSize(options);
        List<Document> reservoir = new ArrayList<>((int) Math.min(size, 1 << 16));
        SplittableRandom random = new SplittableRandom();
        long seen = 0;
        for (Iterator<Document> it = documents.iterator(); it.hasNext(); ) {
            Document document = it.next();
            seen++;
            if (reservoir.size() < size) {
                reservoir.add(document);
            } else {
                long slot = random.nextLong(seen);
                if (slot < size) {
                    reservoir.set((int) slot, document);
                }
            }
        }
        Collections.shuffle(reservoir, new Random(random.nextLong()));
        return reservoir.stream();
    }

    private static long sampleSize(Object options) {
        if (!(options instanceof Document spec)) {
            throw new MongoServerError(28745, "the $sample stage specification must be an object");
        }
        for (String key : spec.keySet()) {
            if (!key.equals("size")) {
                throw new MongoServerError(28748, "unrecognized option to $sample: " + key);
            }
        }
        Object size = spec.get("size");
        if (size == null) {
            throw new MongoServerError(28749, "$sample stage must specify a size");
        }
        if (!(size instanceof Number number)) {
            throw new MongoServerError(28746, "size argument to $sample must be a number");
        }
        if (number.doubleValue() < 0) {
            throw new MongoServerError(28747, "size argument to $sample must not be negative");
        }
        return Math.min(number.longValue(), Integer.MAX_VALUE - 8);
    }

    /**
     * {@code $bucketAuto: {groupBy: expression, buckets: n}}: the documents ordered by {@code groupBy}'s value (a
     * missing one as null) and cut into at most {@code n} buckets of about equal count, documents of equal values in
     * one bucket; each bucket is {@code {_id: {min, max}, count}} where {@code max} is the next bucket's {@code min}
     * (the last bucket's: its largest value), as mongod's algorithm without {@code granularity} makes them. The
     * {@code output} and {@code granularity} options are refused by name.
     */
    static Stream<Document> bucketAuto(Stream<Document> documents, Object options) {
        if (!(options instanceof Document spec)) {
            throw new MongoServerError(
                    40240,
                    "The argument to $bucketAuto must be an object, but found type: "
                            + (options == null ? "null" : options.getClass().getSimpleName()));
        }
        for (String key : spec.keySet()) {
            if (key.equals("output") || key.equals("granularity")) {
                throw SamplingStagesBackend.unsupportedOption(SamplingStagesBackend.BUCKET_AUTO, key);
            }
            if (!key.equals("groupBy") && !key.equals("buckets")) {
                throw new MongoServerError(40245, "Unrecognized option to $bucketAuto: " + key + ".");
            }
        }
        Object groupBy = spec.get("groupBy");
        Object buckets = spec.get("buckets");
        if (groupBy == null || buckets == null) {
            throw new MongoServerError(40246, "$bucketAuto requires 'groupBy' and 'buckets' to be specified");
        }
        if (!(groupBy instanceof Document) && !(groupBy instanceof String path && path.startsWith("$"))) {
            throw new MongoServerError(
                    40239,
                    "The $bucketAuto 'groupBy' field must be defined as a $-prefixed path or an expression object, "
                            + "but found: " + groupBy);
        }
        if (!(buckets instanceof Integer count)) {
            throw new MongoServerError(
                    40241, "The $bucketAuto 'buckets' field must be a 32-bit integer, but found: " + buckets);
        }
        if (count <= 0) {
            throw new MongoServerError(
                    40243, "The $bucketAuto 'buckets' field must be greater than 0, but found: " + count);
        }
        List<Object> values = new ArrayList<>();
        documents.forEach(document -> values.add(normalized(Expression.evaluateDocument(groupBy, document))));
        values.sort(ORDER);
        return buckets(values, count).stream();
    }

    private static Object normalized(Object value) {
        return Missing.isNullOrMissing(value) ? null : value;
    }

    /** The buckets of the sorted {@code values}, at most {@code count}. */
    static List<Document> buckets(List<Object> values, int count) {
        List<Document> buckets = new ArrayList<>();
        int size = values.size();
        long approximate = Math.max(1, Math.round((double) size / count));
        int next = 0;
        while (next < size) {
            int start = next;
            boolean last = buckets.size() == count - 1;
            next = last ? size : (int) Math.min(size, start + approximate);
            while (next < size && ORDER.compare(values.get(next), values.get(next - 1)) == 0) {
                next++;
            }
            Object max = next < size ? values.get(next) : values.get(size - 1);
            Document bucket = new Document("_id", new Document("min", values.get(start)).append("max", max));
            bucket.put("count", next - start);
            buckets.add(bucket);
        }
        return buckets;
    }
}
