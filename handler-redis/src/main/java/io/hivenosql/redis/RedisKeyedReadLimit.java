package io.hivenosql.redis;

import java.util.OptionalLong;

/**
 * How many keys of a runtime join-key list ({@code nosql.read.runtime-keys.max=auto}) a Redis table reads by key
 * rather than by a scan. Pure arithmetic; the figures come from {@code BenchmarkRedisKeyedReads} (test sources: a
 * lineitem-like table of 200,000 hashes of 6 fields on Debian's redis-server 7.0, read through the connector's reader,
 * best of 5 rounds, on a shared 2-core machine):
 *
 * <ul>
 *   <li>A scan costs {@code s} per row: the key walk (SCAN with the prefix and type) plus the pipelined value fetch;
 *       measured s = 5.2 us (4.6 us with a composite key), of which the walk alone is about 2.2 us.
 *   <li>A table keyed by one column reads the listed keys by lookups: {@code l} per key, whether it exists or not
 *       (pipelined TYPE and value fetch); measured l = 8.4 us, 1.6 times a scanned row. The lookups win while
 *       {@code k * l < rows * s}, i.e. {@code k < rows * s / l = 0.62 rows}; the limit is half the estimated rows
 *       ({@link #WHOLE_KEY_SHARE}), a margin for the noise of the measurement. The join needs fewer rows from Hive too,
 *       which only widens the margin.
 *   <li>A table keyed by several columns with a list of the first key column still walks every key, and fetches only
 *       the values of keys whose first part is listed: {@code rows * walk + matching * fetch}, never more than the
 *       scan's {@code rows * (walk + fetch)}, whatever the list's length (the listed values' rows are at most all
 *       rows). Measured: a list of 5% of the orders read in 519 ms against 923 ms for the scan. So the limit is what
 *       the split payload carries at most, the handler's {@value RedisKeyFilter#MAX_KEYS} listed keys, whatever the
 *       table's size.
 *   <li>With lists on every key column (a join on the whole key, a MERGE's), the product of the lists is looked up:
 *       {@code p * l} against the walk's {@code rows * walk} (the values fetched are the same), so the lookups win while
 *       {@code p < rows * 2.2 / 8.4 = 0.26 rows}; the product limit is a quarter of the estimated rows ({@link
 *       #PRODUCT_SHARE}), at least the {@value RedisKeyFilter#MAX_KEYS} keys of any table and at most {@value
 *       RedisKeyFilter#MAX_PRODUCT_KEYS} (a hundred lookup splits); past it, the walk.
 * </ul>
 */
final class RedisKeyedReadLimit {
    /** The share of the estimated rows that a table keyed by one column reads by lookups, as 1 / this. */
    static final long WHOLE_KEY_SHARE = 2;

    /** The share of the estimated rows that the product of several key columns' lists may reach, as 1 / this. */
    static final long PRODUCT_SHARE = 4;

    private RedisKeyedReadLimit() {}

    /**
     * The most keys of a product of several key columns' lists looked up rather than walked (see the class
     * documentation): a quarter of the estimated rows, within {@value RedisKeyFilter#MAX_KEYS} and {@value
     * RedisKeyFilter#MAX_PRODUCT_KEYS}; {@value RedisKeyFilter#MAX_KEYS} when the rows are unknown (negative).
     */
    static long productLimit(long estimatedRows) {
        if (estimatedRows < 0) {
            return RedisKeyFilter.MAX_KEYS;
        }
        return Math.max(
                RedisKeyFilter.MAX_KEYS, Math.min(RedisKeyFilter.MAX_PRODUCT_KEYS, estimatedRows / PRODUCT_SHARE));
    }

    /** Whether the limit depends on the table's estimated rows (a table keyed by one column). */
    static boolean needsRows(int keyColumns) {
        return keyColumns == 1;
    }

    /**
     * The most listed keys read by key.
     *
     * @param estimatedRows the table's estimated rows; negative when unknown (only read for one key column)
     * @param keyColumns the number of key columns
     * @return empty when the rows of a table keyed by one column are unknown
     */
    static OptionalLong limit(long estimatedRows, int keyColumns) {
        if (!needsRows(keyColumns)) {
            return OptionalLong.of(RedisKeyFilter.MAX_KEYS);
        }
        if (estimatedRows < 0) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(estimatedRows / WHOLE_KEY_SHARE);
    }
}
