package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import java.util.Optional;
import java.util.OptionalLong;
import org.bson.BsonDocument;

/**
 * One cursor of a split, as {@link MongoReads} plans it and {@link MongoRecordReader} runs it: {@code find(filter)}
 * with the optional index bounds of a shard chunk ({@code min}/{@code max} with {@code hint}, which follow the index's
 * total BSON order rather than a query's type brackets) and an optional limit.
 *
 * @param filter the whole filter: mongo.input.query AND the pushed predicates AND the split's range
 * @param min inclusive lower index bound (shard-key document)
 * @param max exclusive upper index bound (shard-key document)
 * @param hint the index that min and max refer to
 * @param limit most documents to return
 */
record MongoScan(
        BsonDocument filter,
        Optional<BsonDocument> min,
        Optional<BsonDocument> max,
        Optional<BsonDocument> hint,
        OptionalLong limit) {
    MongoScan {
        requireNonNull(filter, "filter is null");
        requireNonNull(min, "min is null");
        requireNonNull(max, "max is null");
        requireNonNull(hint, "hint is null");
        requireNonNull(limit, "limit is null");
        if ((min.isPresent() || max.isPresent()) && hint.isEmpty()) {
            throw new IllegalArgumentException("index bounds need the hint of their index");
        }
    }

    static MongoScan of(BsonDocument filter) {
        return new MongoScan(filter, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty());
    }
}
