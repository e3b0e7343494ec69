package io.hivenosql.mongo;

/** STUB (owned by the codec helper): reads one MongoScan with a cursor, decoding documents with BsonRowDecoder. */
final class MongoRecordReader {
    private MongoRecordReader() {}
}
