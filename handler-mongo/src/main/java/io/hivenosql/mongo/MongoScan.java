package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import com.mongodb.client.model.Collation;
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
 * @param collation whether the queries name {@link #SIMPLE_COLLATION}: false on a server that takes no collation
 *     ({@link MongoServerCapabilities}), which then compares by its own rules (FerretDB: no collations at all)
 */
record MongoScan(
        BsonDocument filter,
        Optional<BsonDocument> min,
        Optional<BsonDocument> max,
        Optional<BsonDocument> hint,
        OptionalLong limit,
        boolean collation) {
    /**
     * Binary string comparison, as Hive compares: every query and sort whose string semantics matter names it, so that
     * a collection's default collation never changes what a pushed predicate matches or where a split ends.
     */
    static final Collation SIMPLE_COLLATION =
            Collation.builder().locale("simple").build();

    MongoScan {
        requireNonNull(filter, "filter is null");
        requireNonNull(min, "min is null");
        requireNonNull(max, "max is null");
        requireNonNull(hint, "hint is null");
        requireNonNull(limit, "limit is null");
        checkBounds(min, max, hint);
    }

    /** A scan that names the simple collation. */
    MongoScan(
            BsonDocument filter,
            Optional<BsonDocument> min,
            Optional<BsonDocument> max,
            Optional<BsonDocument> hint,
            OptionalLong limit) {
        this(filter, min, max, hint, limit, true);
    }

    /**
     * Index bounds ({@code min}/{@code max}) refer to the index of the hint: they need it.
     *
     * @throws IllegalArgumentException when a bound comes without a hint
     */
    static void checkBounds(Optional<BsonDocument> min, Optional<BsonDocument> max, Optional<BsonDocument> hint) {
        if ((min.isPresent() || max.isPresent()) && hint.isEmpty()) {
            throw new IllegalArgumentException("index bounds need the hint of their index");
        }
    }

    static MongoScan of(BsonDocument filter) {
        return new MongoScan(filter, Optional.empty(), Optional.empty(), Optional.empty(), OptionalLong.empty());
    }
}
