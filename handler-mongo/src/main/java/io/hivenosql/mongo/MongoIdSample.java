package io.hivenosql.mongo;

import com.mongodb.MongoServerException;
import com.mongodb.client.MongoCollection;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;
import org.bson.codecs.BsonValueCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The sample of a collection's {@code _id}s that {@link MongoSplitPlanner} cuts into ranges: drawn from the server
 * ({@link #draw}), and, for {@code _id}s whose order only the server knows (strings, documents, binaries), put in the
 * server's order ({@link #sortedByServer}), in pieces that keep each command well below MongoDB's 16 MB.
 */
final class MongoIdSample {
    static final int SAMPLE_ATTEMPTS = 3;
    /** At most this many bytes of {@code _id}s in one {@code $in} (MongoDB's limit is 16 MB a command). */
    static final long SORT_PIECE_BYTES = 4L << 20;

    private static final int UNAUTHORIZED = 13;
    private static final Logger log = LoggerFactory.getLogger(MongoIdSample.class);
    private static final BsonValueCodec VALUE_CODEC = new BsonValueCodec();

    private MongoIdSample() {}

    /**
     * A random sample of the collection's {@code _id}s (duplicates possible), unsorted. {@code $sample} can fail now
     * and then (MongoDB's random cursor gives up on collections with many deleted documents; the test server's
     * shuffle breaks Java's sort contract): it is tried {@value #SAMPLE_ATTEMPTS} times, then the first {@code _id}s in
     * natural order stand in. Any sample gives exact splits; a poor one gives uneven splits.
     */
    static List<BsonValue> draw(MongoTable table, MongoCollection<BsonDocument> collection, int size) {
        MongoServerException failure = null;
        for (int attempt = 0; attempt < SAMPLE_ATTEMPTS; attempt++) {
            try {
                return ids(collection.aggregate(List.of(
                        new BsonDocument("$sample", new BsonDocument("size", new BsonInt32(size))),
                        new BsonDocument("$project", new BsonDocument("_id", new BsonInt32(1))))));
            } catch (MongoServerException e) {
                if (e.getCode() == UNAUTHORIZED) {
                    throw e;
                }
                failure = e;
            }
        }
        log.warn(
                "table {}: $sample of {} failed {} times ({}); splitting at the first {} _ids in natural order "
                        + "instead, which keeps the splits exact but may make them uneven",
                table.name(),
                table.namespace(),
                SAMPLE_ATTEMPTS,
                failure.getMessage(),
                size);
        return ids(collection
                .find()
                .projection(new BsonDocument("_id", new BsonInt32(1)))
                .limit(size));
    }

    private static List<BsonValue> ids(Iterable<BsonDocument> documents) {
        List<BsonValue> ids = new ArrayList<>();
        for (BsonDocument document : documents) {
            BsonValue id = document.get("_id");
            if (id != null) {
                ids.add(id);
            }
        }
        return ids;
    }

    /**
     * The values (all of one bracket: strings, documents or binaries) in the server's order with the simple (binary)
     * collation, which the readers' range queries use too, whatever the collection's default collation. Values deleted
     * since the sample are left out.
     *
     * <p>One {@code $in} of them all could exceed MongoDB's 16 MB command size (long string {@code _id}s), so values of
     * more than {@code pieceBytes} bytes are sorted in pieces; then every p-th value of each of the p sorted pieces (an
     * evenly spread part of the sample) is sorted again, as one list, the same way. The result is a smaller sample, still
     * in the server's order, which is all the boundaries need.
     */
    static List<BsonValue> sortedByServer(
            MongoCollection<BsonDocument> collection, List<BsonValue> values, long pieceBytes) {
        return sortedByServer(collection, values, pieceBytes, new BsonDocument());
    }

    /**
     * As {@link #sortedByServer(MongoCollection, List, long)}, keeping only the values that also match {@code within}
     * (e.g. the {@code _id} bounds of a scan's filter, {@link MongoIdBounds#asFilter}; empty: all).
     */
    static List<BsonValue> sortedByServer(
            MongoCollection<BsonDocument> collection, List<BsonValue> values, long pieceBytes, BsonDocument within) {
        List<List<BsonValue>> pieces = pieces(values, pieceBytes);
        if (pieces.size() <= 1) {
            return sortPiece(collection, values, within);
        }
        List<BsonValue> spread = new ArrayList<>();
        for (List<BsonValue> piece : pieces) {
            List<BsonValue> sorted = sortPiece(collection, piece, within);
            for (int i = 0; i < sorted.size(); i += pieces.size()) {
                spread.add(sorted.get(i));
            }
        }
        if (spread.size() >= values.size()) {
            // every value is a piece of its own (each larger than pieceBytes): the first piece stands for them all
            return sortPiece(collection, pieces.get(0), within);
        }
        return sortedByServer(collection, spread, pieceBytes, within);
    }

    /**
     * The sampled values of the bounds' bracket that meet the bounds, in MongoDB's order: sorted here where the order
     * is fixed ({@link MongoIdRanges#order}), else by the server ({@link #sortedByServer}), which then also tests them
     * against the bounds.
     */
    static List<BsonValue> within(
            MongoCollection<BsonDocument> collection, List<BsonValue> sample, MongoIdBounds bounds) {
        String bracket = bounds.bracket().orElseThrow(() -> new IllegalArgumentException("_id is not bounded"));
        List<BsonValue> values = MongoIdRanges.ofBracket(sample, bracket);
        Optional<Comparator<BsonValue>> order = MongoIdRanges.order(bracket);
        if (order.isEmpty()) {
            return sortedByServer(collection, values, SORT_PIECE_BYTES, bounds.asFilter());
        }
        return values.stream()
                .filter(value -> bounds.admits(value, order.get()))
                .sorted(order.get())
                .toList();
    }

    /** Consecutive pieces of the values, each of at most {@code pieceBytes} encoded bytes (or one value). */
    static List<List<BsonValue>> pieces(List<BsonValue> values, long pieceBytes) {
        List<List<BsonValue>> pieces = new ArrayList<>();
        List<BsonValue> piece = new ArrayList<>();
        long bytes = 0;
        for (BsonValue value : values) {
            long size = encodedSize(value);
            if (!piece.isEmpty() && bytes + size > pieceBytes) {
                pieces.add(piece);
                piece = new ArrayList<>();
                bytes = 0;
            }
            piece.add(value);
            bytes += size;
        }
        if (!piece.isEmpty()) {
            pieces.add(piece);
        }
        return pieces;
    }

    /** The bytes a value takes in an array of a command, about (strings: at most 3 bytes per char). */
    private static long encodedSize(BsonValue value) {
        if (value.isString()) {
            return 16 + 3L * value.asString().getValue().length();
        }
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            writer.writeStartDocument();
            writer.writeName("v");
            VALUE_CODEC.encode(writer, value, EncoderContext.builder().build());
            writer.writeEndDocument();
        }
        return buffer.getSize();
    }

    private static List<BsonValue> sortPiece(
            MongoCollection<BsonDocument> collection, List<BsonValue> values, BsonDocument within) {
        List<BsonValue> sorted = new ArrayList<>(values.size());
        BsonDocument listed = new BsonDocument("_id", new BsonDocument("$in", new BsonArray(values)));
        BsonDocument filter =
                within.isEmpty() ? listed : new BsonDocument("$and", new BsonArray(List.of(listed, within)));
        for (BsonDocument document : collection
                .find(filter)
                .collation(MongoScan.SIMPLE_COLLATION)
                .projection(new BsonDocument("_id", new BsonInt32(1)))
                .sort(new BsonDocument("_id", new BsonInt32(1)))) {
            sorted.add(document.get("_id"));
        }
        return sorted;
    }
}
