package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.metadata.Node;
import com.datastax.oss.driver.api.core.metadata.NodeState;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import io.hivenosql.api.error.HandlerErrorCode;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The size estimates Cassandra keeps per table and token range ({@code system.size_estimates}: mean partition size and
 * partition count of each of a node's primary ranges, recomputed every few minutes from flushed data). Each node holds
 * only its own ranges, so every node is asked. Cassandra 5 also has {@code system.table_estimates}, read when
 * {@code size_estimates} is gone.
 */
final class CassandraSizeEstimates {
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
            for (CassandraSplit.TokenRange range : CassandraSplitPlanner.unwrap(start, end)) {
                // a wrapped range's partitions are spread over its two halves in proportion to their widths
                double share = range.widthAsDouble() / CassandraSplitPlanner.ringWidth(start, end);
                estimates.add(new SizeEstimate(range, Math.round(partitions * share), mean));
            }
        }
        return estimates;
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
