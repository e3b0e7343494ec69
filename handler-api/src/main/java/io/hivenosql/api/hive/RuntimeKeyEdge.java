package io.hivenosql.api.hive;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.RuntimeKeysMax;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.Optional;
import java.util.OptionalLong;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDynamicListDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Hive's dynamic split pruning edge ({@code HiveStorageHandler.addDynamicSplitPruningEdge}): whether Tez should send
 * the join keys of the other side of a join to this table's split planning at run time. Hive's Tez compiler asks it
 * for each join on a column of a handler table with a synthetic predicate {@code column IN (RS[n])}; when the answer
 * is yes it plans a Dynamic Partitioning Event Operator, and at run time Tez's {@code DynamicPartitionPruner} puts the
 * keys in place of {@code RS[n]} and ANDs the list into the scan's filter before {@code getSplits}, where the store
 * turns it into keyed reads ({@code nosql.read.runtime-keys.max} bounds how many). Hive still joins: the list only
 * narrows what the store returns to rows the join keeps.
 */
final class RuntimeKeyEdge {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeKeyEdge.class);

    private RuntimeKeyEdge() {}

    /**
     * Yes when the predicate is {@code column IN (RS[n])} on a plain column that the store reads by key, and the
     * table's {@code nosql.read.runtime-keys.max} is not 0.
     */
    static boolean accepts(NoSqlConnector connector, TableContext table, ExprNodeDesc synthetic) {
        Optional<String> column = keyColumn(synthetic);
        if (column.isEmpty()) {
            LOG.debug("table {}: no runtime join-key pushdown for {}", table.tableName(), describe(synthetic));
            return false;
        }
        int index = table.mapping().indexOf(column.get());
        if (index < 0) {
            return false;
        }
        String name = table.mapping().column(index).name();
        RuntimeKeysMax max = NoSqlTableProperties.runtimeKeysMax(table.config());
        if (max.off()) {
            LOG.info(
                    "table {}: no runtime join-key pushdown on column {}: nosql.read.runtime-keys.max is 0",
                    table.tableName(),
                    name);
            return false;
        }
        if (!connector.filterCapabilities(table).keyedReads(name)) {
            LOG.debug("table {}: column {} is not read by key; no runtime join-key pushdown", table.tableName(), name);
            return false;
        }
        LOG.info(
                "table {}: runtime join-key pushdown on column {}: Tez sends the join keys of the other side to the "
                        + "split planning of this table (a dynamic pruning event); nosql.read.runtime-keys.max = {} "
                        + "bounds the keys read by key",
                table.tableName(),
                name,
                max);
        return true;
    }

    /**
     * The most runtime join keys of the column that a scan of the table reads by key, worked out in the split planning
     * that received them: the table's {@code nosql.read.runtime-keys.max}, or for {@code auto} the store's {@link
     * NoSqlConnector#keyedReadLimit(TableContext, String)} for the table and column.
     */
    static long limit(NoSqlConnector connector, TableContext table, String column) {
        RuntimeKeysMax max = NoSqlTableProperties.runtimeKeysMax(table.config());
        OptionalLong storeLimit = OptionalLong.empty();
        if (max.fixed().isEmpty()) {
            try {
                storeLimit = connector.keyedReadLimit(table, column);
            } catch (IOException | RuntimeException e) {
                LOG.warn(
                        "table {}: no size estimate for runtime join-key pushdown: {}",
                        table.tableName(),
                        e.toString());
            }
        }
        long limit = max.limit(storeLimit);
        LOG.info(
                "table {}: up to {} runtime join keys of column {} are read by key (nosql.read.runtime-keys.max = {}{})",
                table.tableName(),
                limit,
                column,
                max,
                max.fixed().isEmpty() && storeLimit.isEmpty() ? ", the store cannot estimate the table's size" : "");
        return limit;
    }

    /** The column of {@code column IN (RS[n])}, when the predicate is that and the column is a plain column. */
    static Optional<String> keyColumn(ExprNodeDesc synthetic) {
        if (!(synthetic instanceof ExprNodeGenericFuncDesc function)
                || !(function.getGenericUDF() instanceof GenericUDFIn)
                || function.getChildren() == null
                || function.getChildren().size() != 2
                || !(function.getChildren().get(1) instanceof ExprNodeDynamicListDesc)
                || !(function.getChildren().get(0) instanceof ExprNodeColumnDesc column)) {
            return Optional.empty();
        }
        return Optional.of(column.getColumn());
    }

    private static String describe(ExprNodeDesc synthetic) {
        return synthetic == null ? "null" : synthetic.getExprString();
    }
}
