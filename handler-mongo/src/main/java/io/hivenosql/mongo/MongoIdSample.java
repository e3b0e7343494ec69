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
 * The sample of a collection's {@code _id}s that {@link MongoSplitPlanner} cuts into ranges ({@link #plan}): drawn
 * from the server ({@link #draw}), and, for {@code _id}s whose order only the server knows (strings, documents,
 * binaries), put in the server's order ({@link #sortedByServer}), in pieces that keep each command well below
 * MongoDB's 16 MB.
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
     * The {@code _id} range splits of a scan from a {@code $sample} ({@link MongoSplitPlanner}'s sample path): the
     * sample's most common bracket in MongoDB's order, cut into {@code splits} ranges, or within the filter's bounds.
     * On a server that takes no collation, {@code _id}s whose order depends on it are one split, unsampled when the
     * bounds say so already ({@link #noCollation}).
     *
     * @param counted why {@code splits} splits, for the log
     */
    static MongoSplitPlanner.Plan plan(
            MongoTable table,
            MongoCollection<BsonDocument> collection,
            MongoSplitPlanner.CollectionSize size,
            MongoIdBounds bounds,
            int splits,
            List<String> hosts,
            String counted,
            MongoServerCapabilities server) {
        if (bounds.bounded()
                && !server.collation()
                && MongoIdRanges.order(bounds.bracket().get()).isEmpty()) {
            return new MongoSplitPlanner.Plan(
                    List.of(new MongoPlannedSplit(MongoSplit.whole(), hosts, "the _ids within the filter's bounds")),
                    size.bytes(),
                    "one split, no sample: " + noCollation(bounds.bracket().get()));
        }
        List<BsonValue> sample = draw(table, collection, MongoSplitPlanner.sampleSize(splits));
        String sampled = "_id ranges at a $sample of " + sample.size() + " _ids for " + counted;
        if (bounds.bounded()) {
            return bounded(collection, sample, splits, bounds, size, hosts, sampled);
        }
        Optional<String> bracket = MongoIdRanges.commonBracket(sample);
        if (bracket.isEmpty()) {
            return new MongoSplitPlanner.Plan(
                    MongoIdRanges.splits(List.of(), hosts), size.bytes(), sampled + "; no rangeable _id drawn");
        }
        if (!server.collation() && MongoIdRanges.order(bracket.get()).isEmpty()) {
            return new MongoSplitPlanner.Plan(
                    MongoIdRanges.splits(List.of(), hosts),
                    size.bytes(),
                    "one split: a $sample of " + sample.size() + " _ids, mostly " + noCollation(bracket.get()));
        }
        List<BsonValue> values = MongoIdRanges.ofBracket(sample, bracket.get());
        Optional<Comparator<BsonValue>> order = MongoIdRanges.order(bracket.get());
        List<BsonValue> sorted = order.isPresent()
                ? values.stream().sorted(order.get()).toList()
                : sortedByServer(collection, values, SORT_PIECE_BYTES);
        return new MongoSplitPlanner.Plan(
                MongoIdRanges.splits(MongoIdRanges.boundaries(sorted, splits), hosts), size.bytes(), sampled);
    }

    /**
     * Why {@code _id}s of a bracket whose order depends on a collation (strings, documents, binaries) are not cut on a
     * server that takes no collation: the ranges are exact only when the boundaries are in the order the server's range
     * queries compare by, and without the simple collation that order is the server's own (FerretDB 1.24.2 sorted and
     * compared strings by their UTF-8 bytes over a PostgreSQL of the C locale; whether it does over other locales, and
     * what other services do, is not known), so the scan is one split rather than possibly wrong ones.
     */
    private static String noCollation(String bracket) {
        return bracket + " _ids, whose order the server decides: it takes no collation, so no range of them is cut";
    }

    /**
     * The splits of a scan whose filter bounds {@code _id} to an interval of one bracket ({@link MongoIdBounds}): the
     * sampled {@code _id}s inside the bounds ({@link #within}) are cut into {@code splits} times their share of the
     * sample, at least one; the range splits are those of {@link MongoIdRanges#rangeSplits}, without the split of other brackets (the
     * filter selects none of them). The ranges at the ends reach past the bounds, which the filter applies.
     */
    private static MongoSplitPlanner.Plan bounded(
            MongoCollection<BsonDocument> collection,
            List<BsonValue> sample,
            int splits,
            MongoIdBounds bounds,
            MongoSplitPlanner.CollectionSize size,
            List<String> hosts,
            String sampled) {
        List<BsonValue> inside = within(collection, sample, bounds);
        double share = sample.isEmpty() ? 0 : (double) inside.size() / sample.size();
        int count = (int) Math.max(1, Math.min(splits, Math.ceil(splits * share)));
        long bytes = (long) (size.bytes() * share);
        String how = sampled + ", " + inside.size() + " of them within the filter's bounds: " + bounds;
        List<BsonValue> boundaries = MongoIdRanges.boundaries(inside, count);
        if (boundaries.isEmpty()) {
            return new MongoSplitPlanner.Plan(
                    List.of(new MongoPlannedSplit(MongoSplit.whole(), hosts, "the _ids within the filter's bounds")),
                    bytes,
                    how);
        }
        return new MongoSplitPlanner.Plan(MongoIdRanges.rangeSplits(boundaries, hosts), bytes, how);
    }

    /**
     * A random sample of the collection's {@code _id}s (duplicates possible), unsorted. {@code $sample} can fail now
     * and then (MongoDB's random cursor gives up on collections with many deleted documents; mongo-java-server's own
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
