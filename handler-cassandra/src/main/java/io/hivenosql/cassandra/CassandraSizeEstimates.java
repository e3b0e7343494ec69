package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.hivenosql.api.error.HandlerErrorCode;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The size estimates Cassandra keeps per table and token range ({@code system.size_estimates}: mean partition size and
 * partition count of each of a node's primary ranges, recomputed every few minutes from flushed data). Each node holds
 * only its own ranges, so every node is asked. Cassandra 5 also has {@code system.table_estimates}, read when
 * {@code size_estimates} is gone.
 *
 * <p>A table without estimates yet (new, or data not flushed since the last recording) can instead be sized by a probe
 * ({@link #probe}): its first {@value #PROBE_ROWS} rows in ring order, their tokens and the bytes of their mapped columns.
 */
final class CassandraSizeEstimates {
    /** Rows the probe reads at most: a table with fewer is counted exactly. */
    static final int PROBE_ROWS = 1000;

    private static final Logger log = LoggerFactory.getLogger(CassandraSizeEstimates.class);
    private static final String SIZE_ESTIMATES = "SELECT range_start, range_end, mean_partition_size, partitions_count "
            + "FROM system.size_estimates WHERE keyspace_name = ? AND table_name = ?";
    private static final String TABLE_ESTIMATES = "SELECT range_start, range_end, mean_partition_size, "
            + "partitions_count FROM system.table_estimates WHERE keyspace_name = ? AND table_name = ? "
            + "AND range_type = 'primary'";

    private CassandraSizeEstimates() {}

    /** One row of the estimates: a token range (unwrapped) and what it holds. */
    record SizeEstimate(CassandraSplit.TokenRange range, long partitions, long meanPartitionBytes) {
        SizeEstimate {
            requireNonNull(range, "range is null");
            partitions = Math.max(0, partitions);
            meanPartitionBytes = Math.max(0, meanPartitionBytes);
        }

        double bytes() {
            return (double) partitions * meanPartitionBytes;
        }
    }

    /**
     * The estimates of the table from every node that is up; a node that fails to answer is skipped (and logged).
     * Empty when Cassandra has none yet (a new table, or data not flushed since the last recording).
     */
    static List<SizeEstimate> read(CqlSession session, CassandraTable table) {
        Collection<Node> nodes = session.getMetadata().getNodes().values();
        List<SizeEstimate> estimates = new ArrayList<>();
        for (Node node : nodes) {
            if (node.getState() == NodeState.DOWN || node.getState() == NodeState.FORCED_DOWN) {
                continue;
            }
            try {
                estimates.addAll(read(session, table, node, SIZE_ESTIMATES));
            } catch (InvalidQueryException e) {
                // a Cassandra without system.size_estimates
                try {
                    estimates.addAll(read(session, table, node, TABLE_ESTIMATES));
                } catch (RuntimeException again) {
                    log.debug("table {}: no size estimates from {}: {}", table.name(), node, again.toString());
                }
            } catch (RuntimeException e) {
                log.warn(
                        "table {}: cannot read the size estimates of node {}; its ranges count as unknown: {}",
                        table.name(),
                        node.getEndPoint(),
                        CassandraErrors.storeError(
                                        table, "reading system.size_estimates", e, HandlerErrorCode.STORE_ERROR)
                                .getMessage());
            }
        }
        return estimates;
    }

    private static List<SizeEstimate> read(CqlSession session, CassandraTable table, Node node, String query) {
        SimpleStatement statement = SimpleStatement.newInstance(
                        query, table.keyspace().asInternal(), table.table().asInternal())
                .setNode(node);
        List<SizeEstimate> estimates = new ArrayList<>();
        for (Row row : session.execute(statement)) {
            long start = Long.parseLong(row.getString(0));
            long end = Long.parseLong(row.getString(1));
            long mean = row.getLong(2);
            long partitions = row.getLong(3);
            for (CassandraSplit.TokenRange range : TokenRing.unwrap(start, end)) {
                // a wrapped range's partitions are spread over its two halves in proportion to their widths
                double share = range.widthAsDouble() / TokenRing.width(start, end);
                estimates.add(new SizeEstimate(range, Math.round(partitions * share), mean));
            }
        }
        return estimates;
    }

    /** Whether the estimates hold any data (no estimate at all, or only empty ranges: nothing is known). */
    static boolean hasData(List<SizeEstimate> estimates) {
        return estimates.stream().anyMatch(estimate -> estimate.bytes() > 0);
    }

    /**
     * What the probe found: the table's rows and bytes, estimated from its first rows. The bytes are those of the values
     * of the mapped columns as Cassandra sends them, which is what a scan moves.
     */
    record Probe(long rows, long bytes) {
        Probe {
            rows = Math.max(0, rows);
            bytes = Math.max(0, bytes);
        }
    }

    /**
     * The table's size, estimated by reading its first {@value #PROBE_ROWS} rows from the start of the ring
     * ({@code SELECT token(<partition key>), <mapped columns> FROM ks.t LIMIT 1000}, one page, at
     * {@code cassandra.consistency.read}); see {@link #estimate}. Empty when the probe fails (logged): the caller then
     * sizes the splits as if the table were large.
     */
    static Optional<Probe> probe(CqlSession session, CassandraSchema schema) {
        CassandraTable table = schema.table();
        String token = schema.partitionKeyNames().stream()
                .map(name -> name.asCql(true))
                .collect(Collectors.joining(", ", "token(", ")"));
        Set<String> columns = new LinkedHashSet<>();
        for (int i = 0; i < table.mapping().size(); i++) {
            columns.add(schema.cqlColumn(i).getName().asCql(true));
        }
        SimpleStatement statement = SimpleStatement.newInstance("SELECT " + token
                        + columns.stream().map(column -> ", " + column).collect(Collectors.joining()) + " FROM "
                        + table.qualifiedCqlName() + " LIMIT " + PROBE_ROWS)
                .setPageSize(PROBE_ROWS)
                .setConsistencyLevel(table.readConsistency().level())
                .setIdempotent(true);
        try {
            long read = 0;
            long bytes = 0;
            long last = TokenRing.MIN_TOKEN;
            for (Row row : session.execute(statement)) {
                read++;
                last = row.getLong(0);
                for (int i = 1; i < row.size(); i++) {
                    ByteBuffer value = row.getBytesUnsafe(i);
                    bytes += value == null ? 0 : value.remaining();
                }
            }
            return Optional.of(estimate(read, bytes, last));
        } catch (RuntimeException e) {
            log.warn(
                    "table {}: cannot read the first rows of the table to size its splits (it has no size estimates"
                            + " yet); splitting as for a large table: {}",
                    table.name(),
                    CassandraErrors.storeError(
                                    table, "reading the first rows for split sizing", e, HandlerErrorCode.STORE_ERROR)
                            .getMessage());
            return Optional.empty();
        }
    }

    /**
     * The size of a table whose first {@code read} rows in ring order (at most {@value #PROBE_ROWS}), of
     * {@code readBytes} bytes in all, end at token {@code lastToken}: the rows as {@link #estimateRows} has them, each
     * as large as the mean row read.
     */
    static Probe estimate(long read, long readBytes, long lastToken) {
        long rows = estimateRows(read, lastToken);
        double bytes = read == 0 ? 0 : (double) readBytes / read * rows;
        return new Probe(rows, (long) Math.min(Long.MAX_VALUE, bytes));
    }

    /**
     * The rows of a table whose first {@code read} rows in ring order (at most {@value #PROBE_ROWS}) end at token
     * {@code lastToken}: {@code read} itself when fewer than {@value #PROBE_ROWS} came back (that is the whole table),
     * else {@code read x 2^64 / (lastToken - MIN_TOKEN)}, since Murmur3 spreads the partitions evenly over the ring.
     * With partitions of many rows the rows read span few partitions and the estimate is coarse; rows all in one
     * partition at the start of the ring give a huge estimate, so Hive's hint decides, as without a probe.
     */
    static long estimateRows(long read, long lastToken) {
        if (read < PROBE_ROWS) {
            return read;
        }
        double spanned = Math.max(1, (double) lastToken - (double) TokenRing.MIN_TOKEN);
        return (long) Math.min(Long.MAX_VALUE, Math.ceil(read * (TokenRing.RING_WIDTH / spanned)));
    }

    /** The table's estimated partitions and bytes, summed over every range; -1 each when there are no estimates. */
    static long[] totals(List<SizeEstimate> estimates) {
        if (estimates.isEmpty()) {
            return new long[] {-1, -1};
        }
        long partitions = 0;
        double bytes = 0;
        for (SizeEstimate estimate : estimates) {
            partitions += estimate.partitions();
            bytes += estimate.bytes();
        }
        return new long[] {partitions, (long) bytes};
    }
}
