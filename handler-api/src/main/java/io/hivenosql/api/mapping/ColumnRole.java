package io.hivenosql.api.mapping;

/** What a column is to the store. Most columns are plain fields; a connector gives KEY and TTL their meaning. */
public enum ColumnRole {
    /** Part of the row's identity (Redis key, Mongo _id, Cassandra primary key). */
    KEY,
    /** A stored field. */
    FIELD,
    /** The row's time to live in seconds, where the store has one (Redis EXPIRE). */
    TTL
}
