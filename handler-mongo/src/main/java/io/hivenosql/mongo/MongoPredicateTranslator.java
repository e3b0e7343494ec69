package io.hivenosql.mongo;

/** STUB (owned by the plan helper). */
final class MongoPredicateTranslator {}
