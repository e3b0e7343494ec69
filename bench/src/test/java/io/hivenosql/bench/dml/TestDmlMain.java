package io.hivenosql.bench.dml;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestDmlMain {
    @Test
    void describesWhetherTheMergeReadsTheStoreByTheChangesKeys() {
        assertThat(DmlMain.describePlan(
                        "Map 1 <- Map 4 (BROADCAST_EDGE)\n  Dynamic Partitioning Event Operator [EVENT_40]"))
                .isEqualTo("runtime join-key pushdown planned (a Dynamic Partitioning Event Operator): Tez hands the "
                        + "changes' join keys to the store table's split planning");
        assertThat(DmlMain.describePlan("Dynamic Partitioning Event Operator\n  Target column: l_orderkey (bigint)"))
                .contains("join keys of l_orderkey to the store table's split planning");
        assertThat(DmlMain.describePlan("Map 1 <- Map 4 (BROADCAST_EDGE)")).startsWith("no runtime join-key pushdown");
    }
}
