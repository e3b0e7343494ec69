package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.bench.Target;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestDmlStatements {
    private final DmlStatements redis = new DmlStatements(Target.REDIS);
    private final DmlStatements mongo = new DmlStatements(Target.MONGO);

    @Test
    void rf1InsertsTheStagedOrdersThenTheirLineitems() {
        List<DmlStatement> rf1 = redis.rf1();
        assertThat(rf1).extracting(statement -> statement.table().name()).containsExactly("orders", "lineitem");
        assertThat(rf1.get(0).sql())
                .startsWith("INSERT INTO tpch_redis.orders SELECT s.o_orderkey, s.o_custkey, ")
                .endsWith(" FROM tpch_dml.rf1_orders s");
        assertThat(rf1.get(1).sql())
                .startsWith("INSERT INTO tpch_redis.lineitem SELECT s.l_orderkey, s.l_partkey, ")
                .endsWith("s.l_comment FROM tpch_dml.rf1_lineitem s");
    }

    @Test
    void mongoLineitemGetsItsKeyColumnFirst() {
        assertThat(mongo.rf1().get(1).sql())
                .startsWith("INSERT INTO tpch_mongo.lineitem SELECT (s.l_orderkey) * 8 + s.l_linenumber AS l_id, "
                        + "s.l_orderkey, ");
        assertThat(mongo.rf1().get(0).sql()).startsWith("INSERT INTO tpch_mongo.orders SELECT s.o_orderkey, ");
    }

    @Test
    void rf2DeletesByKeyWithASubquery() {
        assertThat(redis.rf2())
                .extracting(DmlStatement::sql)
                .containsExactly(
                        "DELETE FROM tpch_redis.lineitem WHERE l_orderkey IN (SELECT o_orderkey FROM "
                                + "tpch_dml.rf2_orders)",
                        "DELETE FROM tpch_redis.orders WHERE o_orderkey IN (SELECT o_orderkey FROM "
                                + "tpch_dml.rf2_orders)");
    }

    @Test
    void undoingTheRefreshDeletesRf1sOrdersAndReinsertsRf2sFromOrc() {
        assertThat(redis.undoRefresh())
                .extracting(DmlStatement::sql)
                .containsExactly(
                        "DELETE FROM tpch_redis.lineitem WHERE l_orderkey IN (SELECT o_orderkey FROM "
                                + "tpch_dml.rf1_orders)",
                        "DELETE FROM tpch_redis.orders WHERE o_orderkey IN (SELECT o_orderkey FROM "
                                + "tpch_dml.rf1_orders)",
                        "INSERT INTO tpch_redis.orders SELECT s.o_orderkey, s.o_custkey, s.o_orderstatus, "
                                + "s.o_totalprice, s.o_orderdate, s.o_orderpriority, s.o_clerk, s.o_shippriority, "
                                + "s.o_comment FROM tpch_hdfs_orc.orders s LEFT SEMI JOIN tpch_dml.rf2_orders k ON "
                                + "s.o_orderkey = k.o_orderkey",
                        redis.undoRefresh().get(3).sql());
        assertThat(redis.undoRefresh().get(3).sql())
                .startsWith("INSERT INTO tpch_redis.lineitem SELECT s.l_orderkey, ")
                .endsWith(" FROM tpch_hdfs_orc.lineitem s LEFT SEMI JOIN tpch_dml.rf2_orders k ON s.l_orderkey = "
                        + "k.o_orderkey");
    }

    @Test
    void mergeMatchesLineitemsWholeKey() {
        assertThat(redis.merge().sql())
                .isEqualTo("MERGE INTO tpch_redis.lineitem t USING tpch_dml.changes c ON t.l_orderkey = c.l_orderkey "
                        + "AND t.l_linenumber = c.l_linenumber WHEN MATCHED THEN UPDATE SET l_quantity = c.l_quantity, "
                        + "l_comment = c.l_comment");
        assertThat(mongo.merge().sql())
                .isEqualTo("MERGE INTO tpch_mongo.lineitem t USING tpch_dml.changes c ON t.l_id = c.l_id WHEN MATCHED "
                        + "THEN UPDATE SET l_quantity = c.l_quantity, l_comment = c.l_comment");
        assertThat(redis.undoMerge().sql()).contains(" USING tpch_dml.originals c ");
    }

    @Test
    void rewriteOverwritesTheWholeTableFromOrcJoinedWithTheChanges() {
        String rewrite = redis.rewrite().sql();
        assertThat(rewrite)
                .startsWith("INSERT OVERWRITE TABLE tpch_redis.lineitem SELECT l.l_orderkey, l.l_partkey, l.l_suppkey, "
                        + "l.l_linenumber, CASE WHEN c.l_orderkey IS NULL THEN l.l_quantity ELSE c.l_quantity END AS "
                        + "l_quantity, l.l_extendedprice, ")
                .contains(", CASE WHEN c.l_orderkey IS NULL THEN l.l_comment ELSE c.l_comment END AS l_comment FROM ")
                .endsWith(" FROM tpch_hdfs_orc.lineitem l LEFT OUTER JOIN tpch_dml.changes c ON l.l_orderkey = "
                        + "c.l_orderkey AND l.l_linenumber = c.l_linenumber");
        assertThat(mongo.rewrite().sql())
                .startsWith("INSERT OVERWRITE TABLE tpch_mongo.lineitem SELECT (l.l_orderkey) * 8 + l.l_linenumber AS "
                        + "l_id, l.l_orderkey, ");
    }

    @Test
    void refusesAnHdfsTarget() {
        assertThatThrownBy(() -> new DmlStatements(Target.HDFS_ORC))
                .hasMessageContaining("hdfs-orc is not a store target");
    }
}
