package io.hivenosql.mongo;

import java.util.OptionalLong;

/**
 * How many keys of a runtime join-key list ({@code nosql.read.runtime-keys.max=auto}) a MongoDB table reads with
 * {@code $in} on {@code _id} or an indexed field rather than by a scan. Pure arithmetic; the figures come from {@code
 * BenchmarkMongoKeyedReads} (test sources: a lineitem-like collection of 200,000 documents, 4 per key, an index on the
 * key, on the MongoDB test server in-process, read through the connector's reader, best of 5 rounds, on a shared
 * 2-core machine):
 *
 * <ul>
 *   <li>A scan read 3.6 us per document into rows (717 ms).
 *   <li>{@code $in} lists of 500, 2,500 and 10,000 keys took 1.1 s, 4.9 s and 18.6 s: the test server serves a
 *       non-unique index by testing every document against the list, one value after the other, so a listed key costs
 *       {@code m} = 9.3 ns per document of the collection ({@code rows * k * m}), whatever the index. A real MongoDB
 *       seeks each key in the index instead (not measurable here), which costs far less for large collections.
 *   <li>What a keyed read saves is the scan of the rows it does not read, as the query pays for them: through Hive, TPC-H
 *       run 8 scanned the test server's lineitem at 31k rows/s, {@code s} = 32 us a row. Keyed reads win while
 *       {@code rows * k * m < rows * s}, i.e. {@code k < s / m} = 3,400 keys, whatever the collection's size
 *       (against the reader's 3.6 us alone it would be 385 keys: the join saves Hive's own work on each row too).
 *   <li>TPC-H run 12 measured {@code m} on the suite's lineitem (600,572 documents of 16 fields, the whole TPC-H data
 *       set in the same server): 1,498 keys read through the index on {@code l_orderkey} in 30 s, 33 ns per document
 *       and key, where the scan took 17 s; so {@code s / m} is some 970 keys there, and the limit is {@value
 *       #MAX_KEYS}.
 *   <li>A small collection: past half its documents a list reads most of them anyway, and the scan is one cursor; the
 *       limit is at most half the estimated documents.
 *   <li>{@code _id} is different: the test server looks each listed {@code _id} up in its unique index, as MongoDB
 *       does. The same benchmark read 2,000 and 10,000 {@code _id}s (one document each) in 186 and 789 ms, 79-93 us a
 *       key, where the scan of the 200,000 documents took 1,045 ms: whatever the collection's size, a key costs what
 *       the reader spends on 15-18 scanned documents. Through Hive a scanned row costs {@code s} = 32 us and a key
 *       some 80 us more than that, so keyed reads of {@code _id} win while they are fewer than about a quarter of the
 *       documents; the limit is that, at most {@value #MAX_ID_KEYS}, the longest list the handler pushes at all
 *       ({@link MongoFieldFilter#MAX_IN_VALUES}; one split may have to carry the whole list in one query, when
 *       Hive's hint allows one split or the server is FerretDB, and its filter must stay within {@link
 *       MongoPredicateTranslator#MAX_FILTER_BYTES}, or the list is not pushed).
 * </ul>
 */
final class MongoKeyedReadLimit {
    /** The most keys read by key, however large the collection (see the class documentation). */
    static final long MAX_KEYS = 1_000;

    /** The most {@code _id}s read by key, however large the collection (see the class documentation). */
    static final long MAX_ID_KEYS = MongoFieldFilter.MAX_IN_VALUES;

    private MongoKeyedReadLimit() {}

    /**
     * The most listed keys read by key: half the estimated documents, at most {@value #MAX_KEYS}; empty when the count
     * is unknown (negative).
     */
    static OptionalLong limit(long estimatedDocuments) {
        return share(estimatedDocuments, 2, MAX_KEYS);
    }

    /**
     * The most listed {@code _id}s read by key: a quarter of the estimated documents, at most {@value #MAX_ID_KEYS};
     * empty when the count is unknown (negative).
     */
    static OptionalLong idLimit(long estimatedDocuments) {
        return share(estimatedDocuments, 4, MAX_ID_KEYS);
    }

    private static OptionalLong share(long estimatedDocuments, long divisor, long max) {
        return estimatedDocuments < 0
                ? OptionalLong.empty()
                : OptionalLong.of(Math.min(max, estimatedDocuments / divisor));
    }
}
