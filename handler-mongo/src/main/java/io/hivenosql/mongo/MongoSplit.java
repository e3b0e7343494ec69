package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.split.SplitPayloads;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.EnumSet;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.bson.BsonArray;
import org.bson.BsonBinaryReader;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonInvalidOperationException;
import org.bson.BsonSerializationException;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.DecoderContext;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;

/**
 * The payload of a MongoDB split: what one task reads, as the part of the query that is the split's own. It travels as
 * the BSON bytes of one small document, so that every BSON type of a boundary (ObjectId, decimal128, MinKey...) comes
 * back exactly:
 *
 * <pre>
 * {v: 1, range: {filter on _id}, min: {shard key}, max: {shard key}, hint: {index key pattern}, collation: false,
 *  dialect: {server: 'FerretDB v1.24.2', missing: ['NAN', ...]}, whole: true}
 * </pre>
 *
 * <p>{@code min}, {@code max} and {@code hint} are present for the chunk of a sharded collection only;
 * {@code collation: false} for a server that takes no collation ({@link MongoServerCapabilities}), which the planning
 * JVM detected once, so that no task probes the server: absent, the readers name the simple collation, as splits of
 * earlier versions of the handler did. {@code dialect} is present for a server that holds fewer BSON values
 * ({@link MongoDialect}): the tasks translate the pushed filter for it without asking the server again; absent, for
 * MongoDB's. {@code whole: true} marks a range that is the scan's whole filter as the planning saw it (the pushed
 * filter with the join keys Tez added, and {@code mongo.input.query}), which implies the task's: the task reads with
 * the range alone, so that a server whose index serves {@code {_id: {$in: [...]}}} alone (the MongoDB test server) is
 * not sent the same conditions twice in an {@code $and} it scans for. Absent (earlier versions), the task ANDs both.
 *
 * @param range the split's filter, ANDed with the table's and the pushed filter ({@code {}}: everything)
 * @param min inclusive lower index bound (shard key document)
 * @param max exclusive upper index bound (shard key document)
 * @param hint the index that min and max refer to (the shard key's)
 * @param collation whether the split's queries name the simple collation ({@link MongoScan#collation})
 * @param dialect the server's, for which the split's reader translates the pushed filter
 * @param wholeFilter whether the range is the scan's whole filter, read alone
 */
record MongoSplit(
        BsonDocument range,
        Optional<BsonDocument> min,
        Optional<BsonDocument> max,
        Optional<BsonDocument> hint,
        boolean collation,
        MongoDialect dialect,
        boolean wholeFilter) {
    static final int VERSION = 1;

    MongoSplit {
        range = requireNonNull(range, "range is null").clone();
        min = requireNonNull(min, "min is null").map(BsonDocument::clone);
        max = requireNonNull(max, "max is null").map(BsonDocument::clone);
        hint = requireNonNull(hint, "hint is null").map(BsonDocument::clone);
        MongoScan.checkBounds(min, max, hint);
        requireNonNull(dialect, "dialect is null");
    }

    /** A split whose queries name the simple collation. */
    MongoSplit(
            BsonDocument range, Optional<BsonDocument> min, Optional<BsonDocument> max, Optional<BsonDocument> hint) {
        this(range, min, max, hint, true, MongoDialect.MONGODB, false);
    }

    /** This split for a server that does (or does not) take a collation. */
    MongoSplit withCollation(boolean collation) {
        return new MongoSplit(range, min, max, hint, collation, dialect, wholeFilter);
    }

    /** This split for the server: its collation and its dialect. */
    MongoSplit forServer(MongoServerCapabilities server) {
        return new MongoSplit(range, min, max, hint, server.collation(), server.dialect(), wholeFilter);
    }

    /** The whole collection. */
    static MongoSplit whole() {
        return of(new BsonDocument());
    }

    /** The documents the filter matches. */
    static MongoSplit of(BsonDocument range) {
        return new MongoSplit(range, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /**
     * The documents the scan's whole filter matches: {@code mongo.input.query} AND the pushed filter as the planning
     * saw it, which implies the task's (see the class documentation).
     */
    static MongoSplit ofWholeFilter(BsonDocument filter) {
        return new MongoSplit(
                filter, Optional.empty(), Optional.empty(), Optional.empty(), true, MongoDialect.MONGODB, true);
    }

    /** A chunk of a sharded collection: the index range [min, max) of the shard key's index. */
    static MongoSplit chunk(BsonDocument min, BsonDocument max, BsonDocument keyPattern) {
        return new MongoSplit(new BsonDocument(), Optional.of(min), Optional.of(max), Optional.of(keyPattern));
    }

    /** The cursor of this split over the documents matching {@code filter} (the table's and the pushed filter). */
    MongoScan scan(BsonDocument filter, OptionalLong limit) {
        return new MongoScan(filter, min, max, hint, limit, collation);
    }

    byte[] toBytes() {
        BsonDocument document = new BsonDocument("v", new BsonInt32(VERSION)).append("range", range);
        min.ifPresent(value -> document.append("min", value));
        max.ifPresent(value -> document.append("max", value));
        hint.ifPresent(value -> document.append("hint", value));
        if (!collation) {
            document.append("collation", BsonBoolean.FALSE);
        }
        if (!dialect.full()) {
            BsonArray missing = new BsonArray();
            dialect.missing().forEach(value -> missing.add(new BsonString(value.name())));
            document.append(
                    "dialect", new BsonDocument("server", new BsonString(dialect.server())).append("missing", missing));
        }
        if (wholeFilter) {
            document.append("whole", BsonBoolean.TRUE);
        }
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            new BsonDocumentCodec()
                    .encode(writer, document, EncoderContext.builder().build());
        }
        return buffer.toByteArray();
    }

    static MongoSplit fromBytes(byte[] payload) throws IOException {
        requireNonNull(payload, "payload is null");
        BsonDocument document;
        try (BsonBinaryReader reader = new BsonBinaryReader(ByteBuffer.wrap(payload))) {
            document = new BsonDocumentCodec()
                    .decode(reader, DecoderContext.builder().build());
        } catch (BsonSerializationException | BsonInvalidOperationException e) {
            throw new IOException(
                    "MongoDB split payload is corrupt (" + payload.length + " bytes): " + e.getMessage(), e);
        }
        int version = document.getNumber("v", new BsonInt32(-1)).intValue();
        SplitPayloads.checkVersion("MongoDB", "handler jar", version, VERSION);
        try {
            return new MongoSplit(
                    document.getDocument("range"),
                    optional(document, "min"),
                    optional(document, "max"),
                    optional(document, "hint"),
                    document.getBoolean("collation", BsonBoolean.TRUE).getValue(),
                    dialect(document),
                    document.getBoolean("whole", BsonBoolean.FALSE).getValue());
        } catch (BsonInvalidOperationException | IllegalArgumentException e) {
            throw new IOException(
                    "MongoDB split payload is corrupt: " + e.getMessage() + " in " + document.toJson(), e);
        }
    }

    private static MongoDialect dialect(BsonDocument document) {
        if (!document.containsKey("dialect")) {
            return MongoDialect.MONGODB;
        }
        BsonDocument dialect = document.getDocument("dialect");
        Set<MongoDialect.Missing> missing = EnumSet.noneOf(MongoDialect.Missing.class);
        for (BsonValue value : dialect.getArray("missing")) {
            missing.add(MongoDialect.Missing.valueOf(value.asString().getValue()));
        }
        return new MongoDialect(dialect.getString("server").getValue(), missing);
    }

    private static Optional<BsonDocument> optional(BsonDocument document, String key) {
        return document.containsKey(key) ? Optional.of(document.getDocument(key)) : Optional.empty();
    }
}
