package io.hivenosql.api.predicate;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.ToLongFunction;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDynamicListDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFOPAnd;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Splits Hive's WHERE clause into what the store enforces and what Hive keeps (plan time), and reads back at run time
 * what was pushed. Pure static functions.
 *
 * <p>Plan time: the top-level conjuncts that translate ({@link HivePredicateTranslator}) and that the connector's
 * {@link FilterCapabilities} accept are pushed; the rest is Hive's residual. A pushed conjunct the store applies only as
 * a superset ({@link FilterCapabilities#exact} false) stays in the residual too, so that Hive filters the rows again.
 * The exactly pushed conjuncts are recorded in {@code pushedPredicateObject}, which Hive hands to the tasks as
 * {@link TableScanDesc#FILTER_OBJECT_CONF_STR}.
 *
 * <p>Run time: Hive's scan filter ({@link TableScanDesc#FILTER_EXPR_CONF_STR}) may hold more than what was pushed
 * (with {@code hive.optimize.index.filter} it is the whole original predicate; Tez adds semi-join and dynamic pruning
 * terms) and may lose terms when Hive merges scans of one table (it then re-applies them itself). So the run-time
 * filter is again the conjuncts that translate and are accepted; a conjunct recorded as pushed that no longer
 * translates fails the scan, because Hive no longer applies it.
 */
public final class HivePredicateDecomposer {
    private static final Logger LOG = LoggerFactory.getLogger(HivePredicateDecomposer.class);

    private HivePredicateDecomposer() {}

    /**
     * Hive's {@code decomposePredicate}: the pushed and residual parts, or {@code null} when nothing can be pushed.
     */
    public static DecomposedPredicate decompose(
            String tableName, ExprNodeDesc predicate, TableMapping mapping, FilterCapabilities capabilities) {
        requireNonNull(tableName, "tableName is null");
        requireNonNull(mapping, "mapping is null");
        requireNonNull(capabilities, "capabilities is null");
        if (predicate == null) {
            return null;
        }
        List<ExprNodeDesc> conjuncts = conjuncts(predicate);
        List<Filter> selected = select(conjuncts, mapping, capabilities);
        List<ExprNodeDesc> pushed = new ArrayList<>();
        List<ExprNodeDesc> exact = new ArrayList<>();
        List<ExprNodeDesc> residual = new ArrayList<>();
        for (int i = 0; i < conjuncts.size(); i++) {
            Filter filter = selected.get(i);
            if (filter == null) {
                residual.add(conjuncts.get(i));
            } else if (capabilities.exact(filter)) {
                pushed.add(conjuncts.get(i));
                exact.add(conjuncts.get(i));
            } else {
                // a superset in the store: Hive filters again (a copy: Hive edits expression trees in place)
                pushed.add(conjuncts.get(i));
                residual.add(conjuncts.get(i).clone());
            }
        }
        if (pushed.isEmpty() || (residual.size() == 1 && !(residual.get(0) instanceof ExprNodeGenericFuncDesc))) {
            return null;
        }
        if (residual.size() == 1 && isDynamicPruningPredicate(residual.get(0))) {
            // Hive 4.0.1's semijoin reduction (Tez) replaces the scan's filter expression, which holds the pushed
            // predicate, with a residual that is a single predicate (plus its run-time min/max and bloom filter
            // terms), and later drops those terms again: the pushed predicate would be lost and the scan would
            // return unfiltered rows. A conjunction is extended in place instead, so Hive re-applies the pushed
            // conjuncts there (the store still filters first). Copies: Hive edits expression trees in place.
            exact.forEach(conjunct -> residual.add(conjunct.clone()));
        }
        DecomposedPredicate decomposed = new DecomposedPredicate();
        decomposed.pushedPredicate = and(pushed);
        decomposed.residualPredicate = residual.isEmpty() ? null : and(residual);
        decomposed.pushedPredicateObject = PushedMarker.write(tableName, exact);
        return decomposed;
    }

    /**
     * The filter this scan must enforce, read from the job configuration Hive prepared for the table scan.
     *
     * @throws IOException when a conjunct that Hive removed from its own filtering no longer translates
     */
    public static Optional<Filter> pushedFilter(
            Configuration conf, String tableName, TableMapping mapping, FilterCapabilities capabilities)
            throws IOException {
        return pushedFilter(conf, tableName, mapping, capabilities, column -> Long.MAX_VALUE);
    }

    /**
     * {@link #pushedFilter(Configuration, String, TableMapping, FilterCapabilities)}, offering the store a key list
     * that Hive does not rely on it for (the join keys Tez's dynamic pruning adds at run time) only when it has at most
     * {@code runtimeKeysLimit} of its column values (asked for only when there is such a list) and does not make the
     * store drop a conjunct promised at plan time ({@link RuntimeKeys}).
     */
    public static Optional<Filter> pushedFilter(
            Configuration conf,
            String tableName,
            TableMapping mapping,
            FilterCapabilities capabilities,
            ToLongFunction<String> runtimeKeysLimit)
            throws IOException {
        Set<String> promised = PushedMarker.inConf(conf, tableName);
        String serialized = conf.get(TableScanDesc.FILTER_EXPR_CONF_STR);
        List<Filter> filters = new ArrayList<>();
        if (serialized != null && !serialized.isBlank()) {
            ExprNodeGenericFuncDesc expression;
            try {
                expression = SerializationUtilities.deserializeExpression(serialized);
            } catch (RuntimeException e) {
                if (!promised.isEmpty()) {
                    throw pushedButLost(tableName, "the serialized scan filter cannot be read: " + e.getMessage());
                }
                LOG.warn("table {}: cannot read Hive's scan filter, pushing nothing: {}", tableName, e.toString());
                return Optional.empty();
            }
            List<ExprNodeDesc> conjuncts = conjuncts(expression);
            List<Boolean> wasPromised = new ArrayList<>(conjuncts.size());
            conjuncts.forEach(conjunct -> wasPromised.add(promised.remove(conjunct.getExprString())));
            List<Filter> offered = RuntimeKeys.withinLimit(
                    tableName, translate(conjuncts, mapping), wasPromised, capabilities, runtimeKeysLimit);
            List<Filter> selected = choose(offered, capabilities);
            if (losesPromised(selected, wasPromised) && RuntimeKeys.any(offered, wasPromised, capabilities)) {
                LOG.info(
                        "table {}: with the key list added at run time the store would no longer apply a pushed "
                                + "predicate; scanning without the key list",
                        tableName);
                selected = choose(RuntimeKeys.without(offered, wasPromised, capabilities), capabilities);
            }
            for (int i = 0; i < conjuncts.size(); i++) {
                String text = conjuncts.get(i).getExprString();
                if (selected.get(i) != null) {
                    filters.add(selected.get(i));
                } else if (wasPromised.get(i)) {
                    throw pushedButLost(
                            tableName,
                            "the pushed predicate " + text + " no longer translates to a filter "
                                    + "the store enforces");
                }
            }
        }
        promised.addAll(PushedMarker.inMergedScans(conf, tableName));
        if (!promised.isEmpty() && "mr".equalsIgnoreCase(conf.get("hive.execution.engine"))) {
            // MapReduce reads a table once for all aliases of one query that scan it (a self-join) and then pushes
            // an OR of their filters or none at all, but Hive already dropped the pushed predicates from its own
            // filtering: wrong rows
            HandlerException error = new HandlerException(
                    HandlerErrorCode.UNSUPPORTED_OPERATION,
                    "table " + tableName + ": MapReduce scans this table once for several aliases of the query, so "
                            + "the predicates pushed at plan time " + promised + " cannot be applied and Hive no "
                            + "longer applies them; the scan stops instead of returning unfiltered rows. Run the query "
                            + "with hive.execution.engine=tez, or SET hive.optimize.ppd.storage=false for it");
            throw new IOException(error.getMessage(), error);
        }
        if (!promised.isEmpty()) {
            LOG.warn(
                    "table {}: predicates pushed at plan time are no longer in the scan filter (Hive merged scans of "
                            + "this table and re-applies them itself): {}",
                    tableName,
                    promised);
        }
        return filters.isEmpty() ? Optional.empty() : Optional.of(Filter.and(filters));
    }

    /**
     * What of a WHERE clause the capabilities would push, as one filter (the AND of the pushed conjuncts); empty when
     * nothing would be.
     */
    public static Optional<Filter> pushable(
            ExprNodeDesc predicate, TableMapping mapping, FilterCapabilities capabilities) {
        if (predicate == null) {
            return Optional.empty();
        }
        List<Filter> pushed = select(conjuncts(predicate), mapping, capabilities).stream()
                .filter(Objects::nonNull)
                .toList();
        return pushed.isEmpty() ? Optional.empty() : Optional.of(Filter.and(pushed));
    }

    /**
     * The filter of each conjunct that is pushed, or null where the conjunct stays in Hive: the conjuncts that
     * translate, as {@link FilterCapabilities#select} chooses among them.
     */
    private static List<Filter> select(
            List<ExprNodeDesc> conjuncts, TableMapping mapping, FilterCapabilities capabilities) {
        return choose(translate(conjuncts, mapping), capabilities);
    }

    /** The filter of each conjunct, or null where it does not translate. */
    private static List<Filter> translate(List<ExprNodeDesc> conjuncts, TableMapping mapping) {
        List<Filter> translated = new ArrayList<>(conjuncts.size());
        for (ExprNodeDesc conjunct : conjuncts) {
            translated.add(HivePredicateTranslator.translate(conjunct, mapping).orElse(null));
        }
        return translated;
    }

    /** Of the translated conjuncts (null: none), those {@link FilterCapabilities#select} chooses; null elsewhere. */
    private static List<Filter> choose(List<Filter> translated, FilterCapabilities capabilities) {
        List<Filter> candidates = translated.stream().filter(Objects::nonNull).toList();
        List<Filter> chosen = candidates.isEmpty() ? List.of() : capabilities.select(candidates);
        List<Filter> result = new ArrayList<>(translated.size());
        for (Filter filter : translated) {
            boolean pushed = false;
            for (Filter candidate : chosen) {
                pushed |= candidate == filter;
            }
            result.add(pushed ? filter : null);
        }
        return result;
    }

    private static boolean losesPromised(List<Filter> selected, List<Boolean> promised) {
        for (int i = 0; i < selected.size(); i++) {
            if (promised.get(i) && selected.get(i) == null) {
                return true;
            }
        }
        return false;
    }

    /**
     * The key column of a top-level conjunct {@code column IN ()} without values in the scan filter, on a column the
     * store reads by key: Tez's dynamic pruning found no join key on the other side of the join (its filtered rows are
     * none), so no row of this table joins. Hive's parser never makes an empty IN list; only the runtime key list does.
     * The capabilities are asked for only when there is such a conjunct.
     */
    public static Optional<String> emptyRuntimeKeyList(
            Configuration conf, TableMapping mapping, Supplier<FilterCapabilities> capabilities) {
        String serialized = conf.get(TableScanDesc.FILTER_EXPR_CONF_STR);
        if (serialized == null || serialized.isBlank()) {
            return Optional.empty();
        }
        ExprNodeGenericFuncDesc expression;
        try {
            expression = SerializationUtilities.deserializeExpression(serialized);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        for (ExprNodeDesc conjunct : conjuncts(expression)) {
            if (conjunct instanceof ExprNodeGenericFuncDesc function
                    && function.getGenericUDF() instanceof GenericUDFIn
                    && function.getChildren().size() == 1
                    && function.getChildren().get(0) instanceof ExprNodeColumnDesc column
                    && mapping.indexOf(column.getColumn()) >= 0) {
                String name =
                        mapping.column(mapping.indexOf(column.getColumn())).name();
                if (capabilities.get().keyedReads(name)) {
                    return Optional.of(name);
                }
            }
        }
        return Optional.empty();
    }

    /** A join's synthetic dynamic-pruning predicate ({@code key IN (RS[n])}), which Hive's Tez compiler rewrites. */
    private static boolean isDynamicPruningPredicate(ExprNodeDesc conjunct) {
        return conjunct instanceof ExprNodeGenericFuncDesc function
                && function.getChildren() != null
                && function.getChildren().stream().anyMatch(ExprNodeDynamicListDesc.class::isInstance);
    }

    /** The top-level conjuncts of a predicate, with nested ANDs flattened. */
    public static List<ExprNodeDesc> conjuncts(ExprNodeDesc predicate) {
        List<ExprNodeDesc> result = new ArrayList<>();
        collectConjuncts(predicate, result);
        return result;
    }

    private static void collectConjuncts(ExprNodeDesc expression, List<ExprNodeDesc> result) {
        if (expression instanceof ExprNodeGenericFuncDesc function
                && function.getGenericUDF() instanceof GenericUDFOPAnd
                && function.getChildren() != null) {
            for (ExprNodeDesc child : function.getChildren()) {
                collectConjuncts(child, result);
            }
        } else {
            result.add(expression);
        }
    }

    private static ExprNodeGenericFuncDesc and(List<ExprNodeDesc> conjuncts) {
        if (conjuncts.size() == 1) {
            return (ExprNodeGenericFuncDesc) conjuncts.get(0);
        }
        return new ExprNodeGenericFuncDesc(
                TypeInfoFactory.booleanTypeInfo, new GenericUDFOPAnd(), "and", new ArrayList<>(conjuncts));
    }

    private static IOException pushedButLost(String tableName, String detail) {
        HandlerException error = new HandlerException(
                HandlerErrorCode.INTERNAL_ERROR,
                "table " + tableName + ": " + detail + "; Hive no longer applies it, so the scan stops instead of "
                        + "returning unfiltered rows. Work around it with SET hive.optimize.ppd.storage=false; and "
                        + "report the query");
        return new IOException(error.getMessage(), error);
    }
}
