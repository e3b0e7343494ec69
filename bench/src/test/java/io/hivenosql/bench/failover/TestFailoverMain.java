package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestFailoverMain {
    @Test
    void aPlanWithVerticesRunsAJob() {
        String userLevel =
                """
                Plan optimized by CBO.

                Vertex dependency in root stage
                Reducer 2 <- Map 1 (CUSTOM_SIMPLE_EDGE)

                Stage-3
                  Stats Work{}
                    Stage-0
                      Move Operator
                """;
        String extended =
                """
                STAGE PLANS:
                  Stage: Stage-1
                    Tez
                      DagId: hive_1
                """;
        String fetch =
                """
                Plan optimized by CBO.

                Stage-0
                  Fetch Operator
                    limit:-1
                    Select Operator [SEL_2]
                      Filter Operator [FIL_4] (predicate:(k = 7L))
                        TableScan [TS_0] (alias:kv)
                """;
        assertThat(FailoverMain.describePlan(userLevel)).startsWith("a Tez DAG");
        assertThat(FailoverMain.describePlan(extended)).startsWith("a Tez DAG");
        assertThat(FailoverMain.describePlan(fetch)).startsWith("a fetch task");
    }
}
