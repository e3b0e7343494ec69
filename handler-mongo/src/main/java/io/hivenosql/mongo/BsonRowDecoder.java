package io.hivenosql.mongo;

/** STUB (owned by the codec helper). */
final class BsonRowDecoder {}
