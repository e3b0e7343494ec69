package io.hivenosql.mongo;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keyed reads of a MongoDB table on an indexed field: a column whose field is top-level and the first key of an index
 * of the collection (ascending, descending or hashed; not partial, not with a collation other than simple) is read by
 * key ({@link FilterCapabilities#keyedReads}), as {@code _id} is, so that a join on it gets the join keys of a filtered
 * table at run time (runtime join-key pushdown) and reads {@code {field: {$in: [...]}}} through the index. The values
 * are matched in the BSON types the column's pushdown rules give ({@link MongoFieldFilter}: e.g. a bigint's other
 * numeric types), exactly as a plan-time {@code IN} of the column.
 *
 * <p>The indexes are listed ({@code listIndexes}) once per collection and minute in a JVM: when Hive plans the join
 * (HiveServer2) and when the split planning receives the keys (the Tez application master); a server that cannot list
 * them (no {@code listIndexes}, no right to it) leaves {@code _id} alone keyed.
 *
 * <p>A scan whose filter lists values of such a field (and does not pin {@code _id}) is planned without a sample: one
 * split per {@value #KEYS_PER_SPLIT} listed values, at most Hive's hint, each split carrying its share of the list in
 * its filter (the tasks' filter never holds join keys Tez added in the application master). A split of 2,000 keys
 * reads, with TPC-H's 4 lines per order, about 8,000 documents: a second of a task's time on the MongoDB test server's
 * ~30k rows/s through Hive, about what starting a task costs, so that more splits would spend more on tasks than they
 * gain in parallelism; probe_join_selective's 1,498 keys at scale factor 0.1 are one split, 7,637 at 0.5 four.
 */
final class MongoKeyedReads {
    static final int KEYS_PER_SPLIT = 2_000;

    private static final long INDEXES_TTL_NANOS = TimeUnit.MINUTES.toNanos(1);
    private static final Logger log = LoggerFactory.getLogger(MongoKeyedReads.class);
    private static final Map<String, Listed> INDEXES = new ConcurrentHashMap<>();

    private MongoKeyedReads() {}

    /** The first key fields of a collection's usable indexes, and when they were listed. */
    private record Listed(Set<String> fields, long listedAt) {}

    /**
     * The table's capabilities, with the columns of indexed top-level fields read by key, for its server's dialect
     * (asked here: this decides at compile time what is pushed and whether exactly; when the server cannot be asked,
     * the exception makes Hive push nothing).
     */
    static FilterCapabilities capabilities(TableContext context) {
        MongoTable table = MongoTable.of(context);
        return capabilities(
                context,
                MongoReads.server(context, table, "deciding the predicate pushdown")
                        .dialect());
    }

    /** {@link #capabilities(TableContext)} for a server of the dialect. */
    static FilterCapabilities capabilities(TableContext context, MongoDialect dialect) {
        MongoTable table = MongoTable.of(context);
        if (!dialect.full()) {
            log.debug(
                    "table {}: server {} holds no {}: pushed filters name none and leave out what matches only those",
                    table.name(),
                    dialect.server(),
                    dialect.missing());
        }
        return MongoPredicateTranslator.of(table, dialect)
                .capabilities(path -> indexedFields(context).contains(path));
    }

    /**
     * The splits of a scan whose pushed filter has a top-level {@code IN} on a column read by key other than
     * {@code _id} (the shortest such list); empty when it has none. The splits name the simple collation only where the
     * {@code server} takes one.
     */
    static Optional<List<SplitSpec>> plan(ReadRequest request, int desiredSplits, MongoServerCapabilities server) {
        if (request.filter().isEmpty()) {
            return Optional.empty();
        }
        MongoTable table = MongoTable.of(request.table());
        List<Filter> conjuncts = conjuncts(request);
        FilterCapabilities capabilities = null;
        int chosen = -1;
        for (int i = 0; i < conjuncts.size(); i++) {
            if (conjuncts.get(i) instanceof Filter.In in
                    && !in.values().isEmpty()
                    && table.mapping().indexOf(in.column()) != table.layout().idColumn()
                    && (chosen < 0
                            || in.values().size()
                                    < ((Filter.In) conjuncts.get(chosen))
                                            .values()
                                            .size())) {
                capabilities = capabilities == null ? capabilities(request.table(), server.dialect()) : capabilities;
                if (capabilities.keyedReads(in.column())) {
                    chosen = i;
                }
            }
        }
        if (chosen < 0) {
            return Optional.empty();
        }
        return Optional.of(partition(request, conjuncts, chosen, desiredSplits, server));
    }

    /**
     * The splits of a scan whose pushed filter has a top-level {@code IN} of more than {@value #KEYS_PER_SPLIT}
     * {@code _id}s (the join keys of a MERGE on {@code _id}, say), the list shared among them as that of an indexed
     * field is, so that several tasks look them up and no query carries them all; empty otherwise: a shorter list is
     * one split ({@link MongoSplitPlanner}), and so is any list on a server that reads an {@code _id} range by scanning
     * the whole collection ({@link MongoDialect#idRangesReadOnlyTheRange}: FerretDB 1.x): it may read a list so too,
     * once per split.
     */
    static Optional<List<SplitSpec>> planIds(ReadRequest request, int desiredSplits, MongoServerCapabilities server) {
        if (request.filter().isEmpty() || !server.dialect().idRangesReadOnlyTheRange()) {
            return Optional.empty();
        }
        MongoTable table = MongoTable.of(request.table());
        List<Filter> conjuncts = conjuncts(request);
        for (int i = 0; i < conjuncts.size(); i++) {
            if (conjuncts.get(i) instanceof Filter.In in
                    && in.values().size() > KEYS_PER_SPLIT
                    && table.layout().idColumn() >= 0
                    && table.mapping().indexOf(in.column()) == table.layout().idColumn()) {
                return Optional.of(partition(request, conjuncts, i, desiredSplits, server));
            }
        }
        return Optional.empty();
    }

    private static List<Filter> conjuncts(ReadRequest request) {
        return request.filter().get() instanceof Filter.And and
                ? and.children()
                : List.of(request.filter().get());
    }

    /** One split per share of the chosen conjunct's list, each with the other conjuncts. */
    private static List<SplitSpec> partition(
            ReadRequest request,
            List<Filter> conjuncts,
            int chosen,
            int desiredSplits,
            MongoServerCapabilities server) {
        MongoTable table = MongoTable.of(request.table());
        Filter.In in = (Filter.In) conjuncts.get(chosen);
        int splits = splitCount(in.values().size(), desiredSplits);
        int perSplit = (in.values().size() + splits - 1) / splits;
        String field =
                table.mapping().column(table.mapping().indexOf(in.column())).path();
        List<String> hosts = MongoChunks.hostNames(
                String.join(",", table.uri().connectionString().getHosts()));
        List<MongoPlannedSplit> planned = new ArrayList<>();
        for (int from = 0; from < in.values().size(); from += perSplit) {
            List<Object> part = in.values().subList(from, Math.min(in.values().size(), from + perSplit));
            List<Filter> narrowed = new ArrayList<>(conjuncts);
            narrowed.set(chosen, new Filter.In(in.column(), part));
            ReadRequest split = new ReadRequest(
                    request.table(), request.projection(), Optional.of(Filter.and(narrowed)), request.limit());
            planned.add(new MongoPlannedSplit(
                    MongoSplit.ofWholeFilter(MongoReads.filter(table, split, server.dialect()))
                            .forServer(server),
                    hosts,
                    part.size() + " listed values of " + field + ", read through its index"));
        }
        log.info(
                "table {}: {} split(s) of {} on {}: {} values of {} listed (an IN list or the join keys of runtime "
                        + "join-key pushdown), read through the index on {}, no sample",
                table.name(),
                planned.size(),
                table.namespace(),
                server.describe(),
                in.values().size(),
                field,
                field);
        return MongoSplitPlanner.specs(planned, 0);
    }

    /** One split per {@value #KEYS_PER_SPLIT} values, at most Hive's hint (0: none), at least one. */
    static int splitCount(int values, int desiredSplits) {
        int count = (values + KEYS_PER_SPLIT - 1) / KEYS_PER_SPLIT;
        if (desiredSplits > 0) {
            count = Math.min(count, desiredSplits);
        }
        return Math.max(1, count);
    }

    /** The first key fields of the collection's usable indexes, listed at most once a minute per collection. */
    static Set<String> indexedFields(TableContext context) {
        MongoTable table = MongoTable.of(context);
        String key = table.uri().connectionString().getConnectionString() + " " + table.namespace();
        long now = System.nanoTime();
        Listed listed = INDEXES.get(key);
        if (listed == null || now - listed.listedAt() > INDEXES_TTL_NANOS) {
            listed = new Listed(list(context, table), now);
            INDEXES.put(key, listed);
        }
        return listed.fields();
    }

    private static Set<String> list(TableContext context, MongoTable table) {
        Set<String> fields = new HashSet<>();
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            for (BsonDocument index : lease.collection().listIndexes(BsonDocument.class)) {
                firstKey(index).ifPresent(fields::add);
            }
        } catch (RuntimeException e) {
            log.info(
                    "table {}: cannot list the indexes of {} ({}); only _id is read by key",
                    table.name(),
                    table.namespace(),
                    MongoErrors.reason(e));
            return Set.of();
        }
        log.debug("table {}: fields read by key through an index: {}", table.name(), fields);
        return Set.copyOf(fields);
    }

    /**
     * The first key of an index that serves equality lookups under the simple collation: ascending, descending or
     * hashed, neither partial nor with another collation.
     */
    static Optional<String> firstKey(BsonDocument index) {
        BsonDocument keys = index.getDocument("key", new BsonDocument());
        if (keys.isEmpty() || index.containsKey("partialFilterExpression")) {
            return Optional.empty();
        }
        if (index.containsKey("collation")
                && index.get("collation").isDocument()
                && !"simple"
                        .equals(index.getDocument("collation")
                                .getString("locale", new org.bson.BsonString(""))
                                .getValue())) {
            return Optional.empty();
        }
        String field = keys.getFirstKey();
        BsonValue type = keys.get(field);
        boolean ordered = type.isNumber() && Math.abs(type.asNumber().doubleValue()) == 1;
        boolean hashed = type.isString() && type.asString().getValue().equals("hashed");
        return ordered || hashed ? Optional.of(field) : Optional.empty();
    }

    /** Whether a column's field can be read by key through an index: top-level, spelt one way. */
    static boolean keyable(ColumnMapping column) {
        return !column.path().contains(".") && !column.hasSeveralSpellings();
    }
}
