package io.hivenosql.cassandra;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableStatistics;
import java.io.IOException;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The read side of {@link CassandraConnector}: pushdown capabilities, split planning, readers and statistics. Each
 * opens a session lease and checks the live schema ({@link CassandraSchema}) before anything else.
 */
final class CassandraReads {
    private static final Logger log = LoggerFactory.getLogger(CassandraReads.class);

    private CassandraReads() {}

    /**
     * What the table pushes (see {@link CassandraPredicateTranslator}). The live schema is loaded on the first
     * question, so that a query without a WHERE clause opens no session here.
     */
    static FilterCapabilities filterCapabilities(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        return new FilterCapabilities() {
            private CassandraPredicateTranslator translator;

            private synchronized CassandraPredicateTranslator translator() {
                if (translator == null) {
                    try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
                        translator =
                                new CassandraPredicateTranslator(table.schema(lease.session()), table.allowFiltering());
                    }
                }
                return translator;
            }

            @Override
            public boolean canPush(Filter filter) {
                return translator().canPush(filter);
            }

            @Override
            public List<Filter> select(List<Filter> conjuncts) {
                return translator().select(conjuncts);
            }

            @Override
            public boolean keyedReads(String column) {
                return translator().keyedReads(column);
            }
        };
    }

    /** The reader of a scan whose pushed filter matches no row. */
    private static final RecordSource NO_ROWS = new RecordSource() {
        @Override
        public boolean next() {
            return false;
        }

        @Override
        public String key() {
            throw new IllegalStateException("no current record");
        }

        @Override
        public Object get(int column) {
            throw new IllegalStateException("no current record");
        }

        @Override
        public void close() {}
    };

    static List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) throws IOException {
        CassandraTable table = CassandraTable.of(request.table());
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, request.table())) {
            CassandraSchema schema = table.schema(lease.session());
            CqlRestrictions restrictions = restrictions(schema, request);
            if (restrictions.noRows()) {
                CassandraSplit none =
                        new CassandraSplit.Partitions(schema.partitionKey().size(), List.of());
                log.debug("table {}: the pushed filter matches no row; nothing is read", table.name());
                return List.of(new SplitSpec(none.toBytes(), List.of(), 0, "no row (the pushed filter matches none)"));
            }
            try {
                return CassandraSplitPlanner.plan(lease.session(), schema, restrictions, desiredSplits);
            } catch (HandlerException e) {
                throw e;
            } catch (RuntimeException e) {
                throw CassandraErrors.storeError(
                        table, "planning the splits from the token ring", e, HandlerErrorCode.STORE_ERROR);
            }
        }
    }

    /** The reader of a split, reading a partition split's partitions as many at once as its planner said. */
    static RecordSource openReader(ReadRequest request, SplitSpec split) throws IOException {
        return openReader(request, split, 0);
    }

    /**
     * The reader of a split, reading up to {@code inFlight} partitions of a partition split at once (0: as many as the
     * split says).
     */
    static RecordSource openReader(ReadRequest request, SplitSpec split, int inFlight) throws IOException {
        CassandraTable table = CassandraTable.of(request.table());
        CassandraSplit payload = CassandraSplit.fromBytes(split.payload());
        if (inFlight <= 0) {
            inFlight = payload instanceof CassandraSplit.Partitions partitions ? partitions.readsInFlight() : 1;
        }
        CassandraClients.Lease lease = CassandraClients.acquire(table, request.table());
        try {
            CassandraSchema schema = table.schema(lease.session());
            CqlRestrictions restrictions = restrictions(schema, request);
            if (restrictions.noRows()) {
                lease.close();
                return NO_ROWS;
            }
            return new CassandraRecordReader(lease, schema, request, payload, restrictions, split.hosts(), inFlight);
        } catch (IOException | RuntimeException | Error e) {
            lease.close();
            throw e;
        }
    }

    /**
     * The rows of one split of a request of no column, counted by Cassandra ({@link CassandraCounts}); empty for a
     * request that reads a column, or when the split is to be read instead.
     */
    static OptionalLong countRecords(ReadRequest request, SplitSpec split) throws IOException {
        if (!request.projection().isEmpty()) {
            return OptionalLong.empty();
        }
        CassandraTable table = CassandraTable.of(request.table());
        CassandraSplit payload = CassandraSplit.fromBytes(split.payload());
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, request.table())) {
            CassandraSchema schema = table.schema(lease.session());
            CqlRestrictions restrictions = restrictions(schema, request);
            if (restrictions.noRows()) {
                return OptionalLong.of(0);
            }
            OptionalLong count =
                    CassandraCounts.count(lease.session(), schema, restrictions, payload, split.description());
            return count.isPresent() && request.limit().isPresent()
                    ? OptionalLong.of(
                            Math.min(count.getAsLong(), request.limit().getAsLong()))
                    : count;
        }
    }

    private static CqlRestrictions restrictions(CassandraSchema schema, ReadRequest request) {
        CassandraPredicateTranslator translator =
                new CassandraPredicateTranslator(schema, schema.table().allowFiltering());
        try {
            return translator.restrictions(request.filter());
        } catch (IllegalArgumentException e) {
            throw new HandlerException(
                    HandlerErrorCode.INTERNAL_ERROR,
                    e.getMessage() + "; SET " + "hive.optimize.ppd.storage=false for this query, and report it",
                    e);
        }
    }

    /**
     * The most runtime join keys read by key with {@code nosql.read.runtime-keys.max=auto}: {@link
     * CassandraKeyedReadLimit} of the table's size estimates; empty when Cassandra has none yet.
     */
    static OptionalLong keyedReadLimit(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            table.schema(lease.session());
            OptionalLong limit = CassandraKeyedReadLimit.limit(CassandraSizeEstimates.read(lease.session(), table));
            if (limit.isEmpty()) {
                log.debug("table {}: no size estimates yet, no keyed-read limit", table.name());
            }
            return limit;
        }
    }

    /**
     * Row count and size from {@code system.size_estimates}, summed over the table's ranges on every node. The size is
     * partitions x mean partition size. The row count is the partition count when the table has no clustering
     * columns; with clustering columns the rows per partition are unknown, so the row count is left unknown (-1) and
     * Hive derives it from the size. Nothing (empty) when Cassandra has no estimates yet or they count no partition.
     */
    static Optional<TableStatistics> statistics(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        try (CassandraClients.Lease lease = CassandraClients.acquire(table, context)) {
            CassandraSchema schema = table.schema(lease.session());
            long[] totals = CassandraSizeEstimates.totals(CassandraSizeEstimates.read(lease.session(), table));
            if (totals[0] <= 0) {
                // none yet, or only of data flushed before the last writes: an empty table would mislead the optimizer
                log.debug("table {}: no size estimates yet, no statistics", table.name());
                return Optional.empty();
            }
            long rows = schema.clusteringNames().isEmpty() ? totals[0] : -1;
            return Optional.of(new TableStatistics(rows, totals[1]));
        }
    }
}
