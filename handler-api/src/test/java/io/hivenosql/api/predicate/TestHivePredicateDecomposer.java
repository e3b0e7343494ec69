package io.hivenosql.api.predicate;

import static io.hivenosql.api.hive.TestingExpressions.and;
import static io.hivenosql.api.hive.TestingExpressions.call;
import static io.hivenosql.api.hive.TestingExpressions.column;
import static io.hivenosql.api.hive.TestingExpressions.constant;
import static io.hivenosql.api.hive.TestingExpressions.eq;
import static io.hivenosql.api.hive.TestingExpressions.gt;
import static io.hivenosql.api.hive.TestingExpressions.lt;
import static io.hivenosql.api.hive.TestingExpressions.or;
import static io.hivenosql.api.hive.TestingExpressions.roundTrip;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.stringTypeInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import java.io.IOException;
import java.io.Serializable;
import java.util.List;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDynamicListDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFIn;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDFUpper;
import org.junit.jupiter.api.Test;

class TestHivePredicateDecomposer {
    private static final TableMapping MAPPING = TestHivePredicateTranslator.MAPPING;
    private static final String TABLE = "default.t";

    /** Accepts only {@code k = constant}, as a key-value store would. */
    private static final FilterCapabilities KEY_EQUALITY = filter -> filter instanceof Filter.Compare compare
            && compare.op() == CompareOp.EQ
            && compare.column().equals("k");

    private static final ExprNodeGenericFuncDesc K_IS_A =
            eq(column("k", stringTypeInfo), constant(stringTypeInfo, "a"));
    private static final ExprNodeGenericFuncDesc V_OVER_3 = gt(column("v", intTypeInfo), constant(intTypeInfo, 3));
    private static final ExprNodeGenericFuncDesc V_UNDER_9 = lt(column("v", intTypeInfo), constant(intTypeInfo, 9));
    private static final ExprNodeGenericFuncDesc UPPER_S =
            eq(call(new GenericUDFUpper(), column("s", stringTypeInfo)), constant(stringTypeInfo, "X"));

    @Test
    void pushesTheConjunctsTheStoreEnforces() {
        DecomposedPredicate decomposed = decompose(and(K_IS_A, V_OVER_3), KEY_EQUALITY);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("(k = 'a')");
        assertThat(decomposed.residualPredicate.getExprString()).isEqualTo("(v > 3)");
        assertThat(decomposed.pushedPredicateObject).isNotNull();
    }

    @Test
    void pushableIsTheFilterOfThePushedConjuncts() {
        assertThat(HivePredicateDecomposer.pushable(and(K_IS_A, V_OVER_3, UPPER_S), MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
        assertThat(HivePredicateDecomposer.pushable(and(V_OVER_3, UPPER_S), MAPPING, KEY_EQUALITY))
                .isEmpty();
        assertThat(HivePredicateDecomposer.pushable(null, MAPPING, KEY_EQUALITY))
                .isEmpty();
    }

    @Test
    void flattensNestedConjunctions() {
        DecomposedPredicate decomposed = decompose(and(and(V_OVER_3, K_IS_A), V_UNDER_9), KEY_EQUALITY);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("(k = 'a')");
        assertThat(decomposed.residualPredicate.getExprString()).isEqualTo("((v > 3) and (v < 9))");
    }

    @Test
    void leavesNoResidualWhenEverythingIsPushed() {
        DecomposedPredicate decomposed = decompose(and(K_IS_A, V_OVER_3), filter -> true);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("((k = 'a') and (v > 3))");
        assertThat(decomposed.residualPredicate).isNull();
    }

    /** A conjunct the store applies as a superset is pushed and kept in Hive's residual, and is promised to no one. */
    @Test
    void keepsASupersetConjunctInTheResidual() throws IOException {
        FilterCapabilities supersetOfV = new FilterCapabilities() {
            @Override
            public boolean canPush(Filter filter) {
                return KEY_EQUALITY.canPush(filter)
                        || filter instanceof Filter.Compare compare
                                && compare.column().equals("v");
            }

            @Override
            public boolean exact(Filter conjunct) {
                return KEY_EQUALITY.canPush(conjunct);
            }
        };

        DecomposedPredicate decomposed = decompose(and(K_IS_A, V_OVER_3, UPPER_S), supersetOfV);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("((k = 'a') and (v > 3))");
        assertThat(decomposed.residualPredicate.getExprString()).isEqualTo("((v > 3) and (upper(s) = 'X'))");
        assertThat(decomposed.pushedPredicateObject.toString())
                .contains("(k = 'a')")
                .doesNotContain("(v > 3)");

        // at run time the superset conjunct still reaches the store; losing it fails nothing, Hive applies it
        Configuration conf = scanConf(K_IS_A, decomposed.pushedPredicateObject);
        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, supersetOfV))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
        Configuration both = scanConf(and(K_IS_A, V_OVER_3), decomposed.pushedPredicateObject);
        assertThat(HivePredicateDecomposer.pushedFilter(both, TABLE, MAPPING, supersetOfV))
                .contains(new Filter.And(
                        List.of(new Filter.Compare("k", CompareOp.EQ, "a"), new Filter.Compare("v", CompareOp.GT, 3))));
    }

    @Test
    void returnsNullWhenNothingCanBePushed() {
        assertThat(decompose(and(V_OVER_3, UPPER_S), KEY_EQUALITY)).isNull();
        assertThat(decompose(K_IS_A, FilterCapabilities.NONE)).isNull();
    }

    @Test
    void pushesAnOrOfEqualitiesWhenAccepted() {
        ExprNodeGenericFuncDesc keyIn = or(K_IS_A, eq(column("k", stringTypeInfo), constant(stringTypeInfo, "b")));
        FilterCapabilities orOfKeys = filter ->
                filter instanceof Filter.Or or && or.children().stream().allMatch(KEY_EQUALITY::canPush);

        DecomposedPredicate decomposed = decompose(and(keyIn, V_OVER_3), orOfKeys);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("((k = 'a') or (k = 'b'))");
        assertThat(decomposed.residualPredicate.getExprString()).isEqualTo("(v > 3)");
    }

    @Test
    void readsThePushedFilterBackAtRunTime() throws IOException {
        DecomposedPredicate decomposed = decompose(and(K_IS_A, V_OVER_3), KEY_EQUALITY);
        Configuration conf = scanConf(decomposed.pushedPredicate, decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
    }

    @Test
    void ignoresScanFilterTermsThatHiveAppliesItself() throws IOException {
        // hive.optimize.index.filter leaves the whole predicate in the scan; Tez adds semi-join terms
        DecomposedPredicate decomposed = decompose(and(K_IS_A, UPPER_S), KEY_EQUALITY);
        Configuration conf = scanConf(and(UPPER_S, K_IS_A, V_OVER_3), decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
    }

    @Test
    void pushesNothingWithoutAScanFilter() throws IOException {
        assertThat(HivePredicateDecomposer.pushedFilter(new Configuration(false), TABLE, MAPPING, KEY_EQUALITY))
                .isEmpty();
    }

    @Test
    void failsWhenAPushedConjunctNoLongerTranslates() {
        DecomposedPredicate decomposed = decompose(and(K_IS_A, V_OVER_3), filter -> true);
        Configuration conf = scanConf(decomposed.pushedPredicate, decomposed.pushedPredicateObject);

        assertThatThrownBy(() -> HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("table default.t")
                .hasMessageContaining("(v > 3)")
                .hasMessageContaining("hive.optimize.ppd.storage=false");
    }

    @Test
    void toleratesPushedConjunctsThatHiveMergedAway() throws IOException {
        // Hive's shared-work optimizer ORs the filters of two scans of one table and re-applies each on top
        DecomposedPredicate decomposed = decompose(K_IS_A, KEY_EQUALITY);
        ExprNodeGenericFuncDesc merged = or(K_IS_A, eq(column("k", stringTypeInfo), constant(stringTypeInfo, "b")));
        Configuration conf = scanConf(merged, decomposed.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .isEmpty();
    }

    @Test
    void ignoresTheFilterObjectOfAnotherTable() throws IOException {
        DecomposedPredicate other = HivePredicateDecomposer.decompose("default.other", V_OVER_3, MAPPING, f -> true);
        Configuration conf = scanConf(K_IS_A, other.pushedPredicateObject);

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
    }

    /** Pushes {@code v} ranges only together with {@code k = constant}, as Cassandra pushes clustering ranges. */
    private static final FilterCapabilities RANGE_WITH_KEY = new FilterCapabilities() {
        @Override
        public boolean canPush(Filter filter) {
            return KEY_EQUALITY.canPush(filter);
        }

        @Override
        public List<Filter> select(List<Filter> conjuncts) {
            boolean key = conjuncts.stream().anyMatch(KEY_EQUALITY::canPush);
            return conjuncts.stream()
                    .filter(f -> KEY_EQUALITY.canPush(f)
                            || (key
                                    && f instanceof Filter.Compare c
                                    && c.column().equals("v")))
                    .toList();
        }
    };

    @Test
    void letsTheStoreChooseAmongAllConjuncts() throws IOException {
        DecomposedPredicate alone = decompose(and(V_OVER_3, UPPER_S), RANGE_WITH_KEY);
        DecomposedPredicate withKey = decompose(and(V_OVER_3, UPPER_S, K_IS_A), RANGE_WITH_KEY);

        assertThat(alone).isNull();
        assertThat(withKey.pushedPredicate.getExprString()).isEqualTo("((v > 3) and (k = 'a'))");
        assertThat(withKey.residualPredicate.getExprString()).isEqualTo("(upper(s) = 'X')");
        Configuration conf = scanConf(and(V_OVER_3, UPPER_S, K_IS_A), withKey.pushedPredicateObject);
        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, RANGE_WITH_KEY))
                .contains(Filter.and(
                        new Filter.Compare("v", CompareOp.GT, 3), new Filter.Compare("k", CompareOp.EQ, "a")));
    }

    @Test
    void failsWhenTheStoreNoLongerChoosesAPromisedConjunct() {
        DecomposedPredicate withKey = decompose(and(V_OVER_3, K_IS_A), RANGE_WITH_KEY);
        // Hive merged scans and kept only the range term: alone, the store no longer pushes it
        Configuration conf = scanConf(V_OVER_3, withKey.pushedPredicateObject);

        assertThatThrownBy(() -> HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, RANGE_WITH_KEY))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("(v > 3)");
    }

    @Test
    void keepsThePushedConjunctsInAResidualThatIsOnlyAJoinsDynamicPruningPredicate() {
        // what Hive's SyntheticJoinPredicate adds for a join on k: k IN (RS[n]), a dynamic list from the other side
        ExprNodeGenericFuncDesc dynamicPruning = call(
                new GenericUDFIn(), column("k", stringTypeInfo), new ExprNodeDynamicListDesc(stringTypeInfo, null, 0));
        DecomposedPredicate decomposed =
                HivePredicateDecomposer.decompose(TABLE, and(K_IS_A, dynamicPruning), MAPPING, KEY_EQUALITY);

        assertThat(decomposed.pushedPredicate.getExprString()).isEqualTo("(k = 'a')");
        // a conjunction: Tez's semijoin reduction then extends it instead of replacing the scan's pushed filter
        List<ExprNodeDesc> residual = HivePredicateDecomposer.conjuncts(decomposed.residualPredicate);
        assertThat(residual).hasSize(2);
        assertThat(residual.get(0)).isSameAs(dynamicPruning);
        assertThat(residual.get(1).getExprString()).isEqualTo("(k = 'a')");
        assertThat(residual.get(1)).isNotSameAs(decomposed.pushedPredicate);

        // any other residual stays as it is
        DecomposedPredicate other = decompose(and(K_IS_A, V_OVER_3), KEY_EQUALITY);
        assertThat(other.residualPredicate.getExprString()).isEqualTo("(v > 3)");
    }

    @Test
    void listsConjuncts() {
        assertThat(HivePredicateDecomposer.conjuncts(and(and(K_IS_A, V_OVER_3), or(V_UNDER_9, UPPER_S))))
                .extracting(e -> e.getExprString())
                .containsExactly("(k = 'a')", "(v > 3)", "((v < 9) or (upper(s) = 'X'))");
    }

    private static DecomposedPredicate decompose(ExprNodeGenericFuncDesc predicate, FilterCapabilities capabilities) {
        DecomposedPredicate decomposed =
                HivePredicateDecomposer.decompose(TABLE, roundTrip(predicate), MAPPING, capabilities);
        if (decomposed != null) {
            // as the plan reaches the tasks
            decomposed.pushedPredicate = roundTrip(decomposed.pushedPredicate);
            if (decomposed.residualPredicate != null) {
                decomposed.residualPredicate = roundTrip(decomposed.residualPredicate);
            }
        }
        return decomposed;
    }

    /** The job configuration HiveInputFormat.pushFiltersAndAsOf prepares for a table scan. */
    private static Configuration scanConf(ExprNodeGenericFuncDesc filter, Serializable filterObject) {
        Configuration conf = new Configuration(false);
        conf.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(filter));
        conf.set(TableScanDesc.FILTER_TEXT_CONF_STR, filter.getExprString());
        if (filterObject != null) {
            conf.set(TableScanDesc.FILTER_OBJECT_CONF_STR, SerializationUtilities.serializeObject(filterObject));
        }
        return conf;
    }
}
