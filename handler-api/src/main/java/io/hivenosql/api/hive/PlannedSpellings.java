package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.MappingResolver;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableHandle;
import java.io.IOException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import org.apache.hadoop.conf.Configuration;

/**
 * The tables of the queries being planned, with the field spellings their stores use
 * ({@link NoSqlConnector#withStoredSpellings}): Hive asks a storage handler about one table several times while it
 * compiles a query ({@code decomposePredicate}, then the input or output job properties), each time on a new handler
 * instance, and every answer must come from the same sample, or a predicate pushed at one call would not be pushable at
 * the next. So the store is sampled once per query and table ({@code hive.query.id}, which Hive sets while compiling,
 * and the table's name, properties and mapping), and the result is kept for a few minutes, at most
 * {@value #MAX_ENTRIES} tables; without a query id, a sample serves the same table for {@value #UNKNOWN_QUERY_SECONDS}
 * seconds. JVM-wide and thread-safe; tasks never sample (they read the result from the job configuration).
 */
final class PlannedSpellings {
    static final String QUERY_ID = "hive.query.id";
    static final int MAX_ENTRIES = 256;
    static final long QUERY_SECONDS = 300;
    static final long UNKNOWN_QUERY_SECONDS = 30;

    private static final PlannedSpellings SHARED = new PlannedSpellings(System::nanoTime);

    private record Key(
            String queryId, String connector, String table, String mapping, Map<String, String> properties) {}

    /** The sampled mapping only: each caller keeps its own secrets and task attempt. */
    private record Entry(TableHandle handle, long expiresAt) {}

    private final LongSupplier clock;
    private final Map<Key, Entry> entries = new LinkedHashMap<>();

    PlannedSpellings(LongSupplier clock) {
        this.clock = requireNonNull(clock, "clock is null");
    }

    static PlannedSpellings shared() {
        return SHARED;
    }

    /**
     * The table with its stored spellings, sampled for this query unless an earlier call of the same query did.
     *
     * @throws HandlerException naming the table when the store cannot be sampled
     */
    TableContext resolve(NoSqlConnector connector, TableContext table, Configuration conf) {
        return resolve(connector, table, conf, Optional.empty());
    }

    /**
     * As {@link #resolve(NoSqlConnector, TableContext, Configuration)}; a first call with the filter the query pushes
     * lets the store sample only what that filter selects ({@link NoSqlConnector#withStoredSpellings(TableContext,
     * Optional)}); later calls of the query reuse that sample.
     */
    TableContext resolve(NoSqlConnector connector, TableContext table, Configuration conf, Optional<Filter> pushed) {
        String queryId = conf == null ? null : conf.get(QUERY_ID);
        boolean known = queryId != null && !queryId.isBlank();
        Key key = new Key(
                known ? queryId : "",
                connector.getClass().getName(),
                table.tableName(),
                MappingResolver.toJson(table.mapping()),
                new TreeMap<>(table.config().rawProperties()));
        long now = clock.getAsLong();
        synchronized (entries) {
            expire(now);
            Entry entry = entries.get(key);
            if (entry != null) {
                return table.withHandle(entry.handle());
            }
        }
        TableContext resolved;
        try {
            resolved = connector.withStoredSpellings(table, pushed);
        } catch (IOException e) {
            throw new HandlerException(
                    HandlerErrorCode.STORE_ERROR,
                    "table " + table.tableName() + ": cannot sample the field names the store uses: " + e.getMessage(),
                    e);
        }
        long lifetime = (known ? QUERY_SECONDS : UNKNOWN_QUERY_SECONDS) * 1_000_000_000L;
        synchronized (entries) {
            entries.put(key, new Entry(resolved.handle(), now + lifetime));
            while (entries.size() > MAX_ENTRIES) {
                Iterator<Key> oldest = entries.keySet().iterator();
                oldest.next();
                oldest.remove();
            }
        }
        return resolved;
    }

    private void expire(long now) {
        entries.values().removeIf(entry -> entry.expiresAt() - now <= 0);
    }

    /** Forgets every sample (tests). */
    void clear() {
        synchronized (entries) {
            entries.clear();
        }
    }
}
