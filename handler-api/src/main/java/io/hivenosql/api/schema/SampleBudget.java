package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import java.time.Duration;

/**
 * How much of a store schema inference may read: at most {@code records} records (documents, keys, rows) and at most
 * {@code time} of reading, whichever ends first. Inference reports what it actually sampled ({@link InferredSchema}).
 *
 * @param records the most records to sample, at least 1
 * @param time the longest time to spend sampling, positive
 */
public record SampleBudget(int records, Duration time) {
    /** The default of {@code nosql.schema.sample-size}: the 1,000 documents the MongoDB Spark connector samples. */
    public static final int DEFAULT_RECORDS = 1_000;

    /** The default of {@code nosql.schema.sample-time}. */
    public static final Duration DEFAULT_TIME = Duration.ofSeconds(30);

    public SampleBudget {
        requireNonNull(time, "time is null");
        if (records < 1) {
            throw new IllegalArgumentException("a schema sample needs at least 1 record, not " + records);
        }
        if (time.isNegative() || time.isZero()) {
            throw new IllegalArgumentException("a schema sample needs a positive time, not " + time);
        }
    }

    public static SampleBudget defaults() {
        return new SampleBudget(DEFAULT_RECORDS, DEFAULT_TIME);
    }
}
