package io.hivenosql.api.predicate;

import static io.hivenosql.api.hive.TestingExpressions.and;
import static io.hivenosql.api.hive.TestingExpressions.column;
import static io.hivenosql.api.hive.TestingExpressions.constant;
import static io.hivenosql.api.hive.TestingExpressions.gt;
import static io.hivenosql.api.hive.TestingExpressions.in;
import static io.hivenosql.api.hive.TestingExpressions.roundTrip;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.stringTypeInfo;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import java.io.IOException;
import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.junit.jupiter.api.Test;

/**
 * The key lists a scan's filter holds at run time without Hive relying on the store for them (the join keys Tez's
 * dynamic pruning adds): pushed within the table's limit, left out above it or when they would make the store drop a
 * predicate it promised at plan time; a promised list is pushed whatever its length.
 */
class TestRuntimeKeys {
    private static final TableMapping MAPPING = TestHivePredicateTranslator.MAPPING;
    private static final String TABLE = "default.t";

    /** A key-value store: reads k by key ({@code =} and IN), and pushes {@code v > n} only without a key list. */
    private static final FilterCapabilities KEYED = new FilterCapabilities() {
        @Override
        public boolean canPush(Filter filter) {
            return select(List.of(filter)).size() == 1;
        }

        @Override
        public List<Filter> select(List<Filter> conjuncts) {
            boolean keyed = conjuncts.stream().anyMatch(TestRuntimeKeys::isKeyList);
            return conjuncts.stream()
                    .filter(f -> isKeyList(f)
                            || (!keyed
                                    && f instanceof Filter.Compare c
                                    && c.column().equals("v")))
                    .toList();
        }

        @Override
        public boolean keyedReads(String column) {
            return column.equals("k");
        }
    };

    private static boolean isKeyList(Filter filter) {
        return filter instanceof Filter.In in && in.column().equals("k");
    }

    private static final ExprNodeGenericFuncDesc V_OVER_3 = gt(column("v", intTypeInfo), constant(intTypeInfo, 3));

    private static ExprNodeGenericFuncDesc keys(String... keys) {
        return in(
                column("k", stringTypeInfo),
                Arrays.stream(keys).map(k -> constant(stringTypeInfo, k)).toArray(ExprNodeDesc[]::new));
    }

    @Test
    void pushesJoinKeysWithinTheLimit() throws IOException {
        // compiled without a filter on the table; at run time the pruning filter is the scan's whole filter
        Configuration conf = scanConf(keys("a", "b", "c"), null);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> 3))
                .contains(new Filter.In("k", List.of("a", "b", "c")));
    }

    @Test
    void weighsAListAgainstTheLimitOfItsColumn() throws IOException {
        Configuration conf = scanConf(keys("a", "b", "c"), null);
        List<String> asked = new ArrayList<>();

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> {
                    asked.add(column);
                    return column.equals("k") ? 3 : 0;
                }))
                .contains(new Filter.In("k", List.of("a", "b", "c")));
        assertThat(asked).containsExactly("k");
    }

    @Test
    void leavesOutJoinKeysAboveTheLimit() throws IOException {
        Configuration conf = scanConf(keys("a", "b", "c"), null);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> 2))
                .isEmpty();
    }

    @Test
    void pushesAPromisedKeyListWhateverItsLength() throws IOException {
        DecomposedPredicate decomposed = HivePredicateDecomposer.decompose(TABLE, keys("a", "b", "c"), MAPPING, KEYED);
        Configuration conf = scanConf(roundTrip(decomposed.pushedPredicate), decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> 2))
                .contains(new Filter.In("k", List.of("a", "b", "c")));
    }

    @Test
    void leavesOutJoinKeysThatWouldMakeTheStoreDropAPromisedPredicate() throws IOException {
        DecomposedPredicate decomposed = HivePredicateDecomposer.decompose(TABLE, V_OVER_3, MAPPING, KEYED);
        assertThat(decomposed.residualPredicate).isNull();
        // the compiled filter AND the pruning filter, as HiveInputFormat combines them in the application master
        Configuration conf =
                scanConf(and(roundTrip(decomposed.pushedPredicate), keys("a")), decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> 10))
                .contains(new Filter.Compare("v", CompareOp.GT, 3));
    }

    @Test
    void addsJoinKeysToWhatWasPushedAtPlanTime() throws IOException {
        FilterCapabilities keysAndV = new FilterCapabilities() {
            @Override
            public boolean canPush(Filter filter) {
                return isKeyList(filter)
                        || filter instanceof Filter.Compare c && c.column().equals("v");
            }

            @Override
            public boolean keyedReads(String column) {
                return column.equals("k");
            }
        };
        DecomposedPredicate decomposed = HivePredicateDecomposer.decompose(TABLE, V_OVER_3, MAPPING, keysAndV);
        Configuration conf =
                scanConf(and(roundTrip(decomposed.pushedPredicate), keys("a", "b")), decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, keysAndV, column -> 10))
                .contains(Filter.and(new Filter.Compare("v", CompareOp.GT, 3), new Filter.In("k", List.of("a", "b"))));
    }

    @Test
    void asksForTheLimitOnlyWhenTheFilterHasAJoinKeyList() throws IOException {
        Configuration conf = scanConf(V_OVER_3, null);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEYED, column -> {
                    throw new AssertionError("the limit is worked out (store statistics) without a key list");
                }))
                .contains(new Filter.Compare("v", CompareOp.GT, 3));
    }

    @Test
    void findsTheEmptyKeyListOfAJoinWhoseOtherSideHasNoRows() {
        // DynamicPartitionPruner puts the (no) values in place of the dynamic list: k IN () with no value
        Configuration conf = scanConf(and(V_OVER_3, in(column("k", stringTypeInfo))), null);

        assertThat(HivePredicateDecomposer.emptyRuntimeKeyList(conf, MAPPING, () -> KEYED))
                .contains("k");
    }

    @Test
    void findsNoEmptyKeyListWhereThereAreKeysOrTheColumnIsNotReadByKey() {
        assertThat(HivePredicateDecomposer.emptyRuntimeKeyList(scanConf(keys("a"), null), MAPPING, () -> KEYED))
                .isEmpty();
        assertThat(HivePredicateDecomposer.emptyRuntimeKeyList(
                        scanConf(in(column("v", intTypeInfo)), null), MAPPING, () -> KEYED))
                .isEmpty();
        assertThat(HivePredicateDecomposer.emptyRuntimeKeyList(new Configuration(false), MAPPING, () -> KEYED))
                .isEmpty();
    }

    /** The job configuration HiveInputFormat.pushFiltersAndAsOf prepares for a table scan. */
    private static Configuration scanConf(ExprNodeGenericFuncDesc filter, Serializable filterObject) {
        Configuration conf = new Configuration(false);
        conf.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(filter));
        if (filterObject != null) {
            conf.set(TableScanDesc.FILTER_OBJECT_CONF_STR, SerializationUtilities.serializeObject(filterObject));
        }
        return conf;
    }
}
