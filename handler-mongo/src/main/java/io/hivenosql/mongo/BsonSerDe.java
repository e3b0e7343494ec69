package io.hivenosql.mongo;

/** STUB (owned by the BSON file helper). */
public class BsonSerDe {}
