package io.hivenosql.mongo;

/** Values of {@code mongo.write.mode}: how a row becomes a write. */
public enum MongoWriteMode {
    /** Insert a new document; a duplicate {@code _id} fails the write. */
    INSERT,
    /** {@code $set} the row's non-NULL mapped fields on the document with the row's {@code _id}, inserting if absent. */
    UPSERT,
    /** Replace the whole document with the row's {@code _id}, inserting if absent. */
    REPLACE;

    /** Whether rows must carry an {@code _id}. */
    boolean needsId() {
        return this != INSERT;
    }
}
