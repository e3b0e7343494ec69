package io.hivenosql.api.predicate;

import static io.hivenosql.api.hive.TestingExpressions.column;
import static io.hivenosql.api.hive.TestingExpressions.constant;
import static io.hivenosql.api.hive.TestingExpressions.eq;
import static io.hivenosql.api.hive.TestingExpressions.lt;
import static io.hivenosql.api.hive.TestingExpressions.or;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.intTypeInfo;
import static org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory.stringTypeInfo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import java.io.IOException;
import java.util.List;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.CompilationOpContext;
import org.apache.hadoop.hive.ql.exec.OperatorFactory;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.exec.TableScanOperator;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.metadata.Table;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.mapred.JobConf;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A MapReduce task whose plan scans one table for two aliases of the query (a self-join): MapReduce reads the table
 * once for both and hands the scan an OR of their filters (or, at split planning, none), while Hive dropped from its
 * own filtering what each alias pushed. The scan must fail rather than return the rows of one alias's filter to the
 * other. Hive 3.1 gives such a task no filter object at all: the plan is what tells.
 */
class TestMergedScans {
    private static final TableMapping MAPPING = TestHivePredicateTranslator.MAPPING;
    private static final String TABLE = "default.t";
    private static final FilterCapabilities KEY_EQUALITY = filter ->
            filter instanceof Filter.Compare compare && compare.column().equals("k") && compare.op() == CompareOp.EQ;
    private static final ExprNodeGenericFuncDesc K_IS_A =
            eq(column("k", stringTypeInfo), constant(stringTypeInfo, "a"));
    private static final ExprNodeGenericFuncDesc V_UNDER_3 = lt(column("v", intTypeInfo), constant(intTypeInfo, 3));

    @TempDir
    java.nio.file.Path scratch;

    private JobConf conf;

    @AfterEach
    void clearPlan() {
        if (conf != null) {
            Utilities.clearWork(conf);
        }
    }

    @Test
    void aMapReduceScanOfTwoAliasesThatPushedFails() {
        DecomposedPredicate a = HivePredicateDecomposer.decompose(TABLE, K_IS_A, MAPPING, KEY_EQUALITY);
        conf = taskConf("mr", scan("a", TABLE, a.pushedPredicateObject), scan("b", TABLE, null));
        // what Hive 3.1's HiveInputFormat hands the task: the OR of both aliases' filters, no filter object
        conf.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(or(K_IS_A, V_UNDER_3)));

        assertThatThrownBy(() -> HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("table " + TABLE + ": MapReduce scans this table once for several aliases")
                .hasMessageContaining("(k = 'a')")
                .hasMessageContaining("hive.execution.engine=tez");
    }

    @Test
    void aMapReduceScanOfTwoAliasesThatPushedNothingReadsWhatHiveFilters() throws IOException {
        conf = taskConf("mr", scan("a", TABLE, null), scan("b", TABLE, null));

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .isEmpty();
    }

    @Test
    void oneAliasOfTheTableBesideAnotherTableIsAnOrdinaryScan() throws IOException {
        DecomposedPredicate a = HivePredicateDecomposer.decompose(TABLE, K_IS_A, MAPPING, KEY_EQUALITY);
        DecomposedPredicate other = HivePredicateDecomposer.decompose("default.other", K_IS_A, MAPPING, KEY_EQUALITY);
        conf = taskConf(
                "mr",
                scan("a", TABLE, a.pushedPredicateObject),
                scan("o", "default.other", other.pushedPredicateObject));
        conf.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(K_IS_A));
        conf.set(TableScanDesc.FILTER_OBJECT_CONF_STR, SerializationUtilities.serializeObject(a.pushedPredicateObject));

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
    }

    @Test
    void tezReadsEachAliasInAVertexOfItsOwn() throws IOException {
        DecomposedPredicate a = HivePredicateDecomposer.decompose(TABLE, K_IS_A, MAPPING, KEY_EQUALITY);
        conf = taskConf("tez", scan("a", TABLE, a.pushedPredicateObject), scan("b", TABLE, null));
        conf.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(K_IS_A));
        conf.set(TableScanDesc.FILTER_OBJECT_CONF_STR, SerializationUtilities.serializeObject(a.pushedPredicateObject));

        assertThat(HivePredicateDecomposer.pushedFilter(conf, TABLE, MAPPING, KEY_EQUALITY))
                .contains(new Filter.Compare("k", CompareOp.EQ, "a"));
    }

    private record Scan(String alias, String table, String marker) {}

    private static Scan scan(String alias, String table, Object marker) {
        return new Scan(alias, table, (String) marker);
    }

    /** The configuration of a task whose map-side plan, written where {@code hive.exec.plan} points, has the scans. */
    private JobConf taskConf(String engine, Scan... scans) {
        JobConf job = new JobConf(false);
        job.set(HiveConf.ConfVars.HIVE_EXECUTION_ENGINE.varname, engine);
        MapWork work = new MapWork("Map 1");
        CompilationOpContext context = new CompilationOpContext();
        for (Scan scan : List.of(scans)) {
            String[] name = scan.table().split("\\.");
            TableScanDesc desc = new TableScanDesc(scan.alias(), new Table(name[0], name[1]));
            desc.setFilterObject(scan.marker());
            TableScanOperator operator = (TableScanOperator) OperatorFactory.get(context, desc);
            Path location = new Path(scratch.resolve(name[1]).toUri());
            work.addMapWork(location, scan.alias(), operator, new PartitionDesc());
        }
        Utilities.setMapWork(job, work, new Path(scratch.resolve("plan").toUri()), false);
        return job;
    }
}
