package io.hivenosql.mongo;

/** Values of {@code mongo.split.mode}: how a scan is cut into splits. */
public enum MongoSplitMode {
    /**
     * Chunks when the collection is sharded, else {@code _id} ranges (from a sample, or interpolated on a server without
     * {@code $sample}) when it is large, else one.
     */
    AUTO,
    /**
     * {@code _id} ranges with boundaries drawn by {@code $sample}; on a server without it, interpolated between the
     * first and the last {@code _id}.
     */
    SAMPLE,
    /** One split per chunk of a sharded collection (an error when it is not sharded). */
    CHUNKS,
    /** The whole collection as one split. */
    SINGLE;
}
