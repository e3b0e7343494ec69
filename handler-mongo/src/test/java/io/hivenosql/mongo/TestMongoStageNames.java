package io.hivenosql.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.spi.QueryTask;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestMongoStageNames {
    private static final String QUERY = "hive_20261126031500_8a9f0c3e-1b2c-4d5e-8f90-0123456789ab";

    @Test
    void stagingCollectionNamesTheQueryRunVertexTaskAndAttempt() {
        assertThat(MongoStageNames.staging("shop", QUERY, "0a1b2c3d", new QueryTask(QUERY, 1, 12), 2))
                .isEqualTo("__hivenosql_stage.hive_20261126031500_8a9f0c3e-1b2c-4d5e-8f90-0123456789ab.0a1b2c3d"
                        + ".v1.t12.a2");
        assertThat(MongoStageNames.isStaging("__hivenosql_stage." + QUERY + ".0a1b2c3d.v0.t0.a0"))
                .isTrue();
        assertThat(MongoStageNames.isStaging("__hivenosql_stage")).isFalse();
        assertThat(MongoStageNames.isStaging("orders")).isFalse();
    }

    @Test
    void queryPartKeepsSafeCharactersAndTheEndOfALongId() {
        assertThat(MongoStageNames.queryPart("alice.o'brien_2026$x", 64)).isEqualTo("aliceobrien_2026x");
        assertThat(MongoStageNames.queryPart("a".repeat(30) + "_tail-uuid", 12)).isEqualTo("aa_tail-uuid");
        assertThat(MongoStageNames.queryPart("...", 64)).isEqualTo("query");
    }

    @Test
    void namesFitMongoDbsNamespaceLimitForTheLongestDatabaseAndTaskNumbers() {
        String database = "d".repeat(63);
        String longQuery = "u".repeat(200) + "_20261126031500_8a9f0c3e-1b2c-4d5e-8f90-0123456789ab";
        String name = MongoStageNames.staging(
                database,
                longQuery,
                "ffffffff",
                new QueryTask(longQuery, Integer.MAX_VALUE, Integer.MAX_VALUE),
                Integer.MAX_VALUE);
        assertThat((database + "." + name).getBytes(UTF_8).length)
                .isLessThanOrEqualTo(MongoStageNames.MAX_NAMESPACE_BYTES);
        assertThat(name).contains("8f90-0123456789ab.ffffffff.v2147483647.t2147483647.a2147483647");
    }

    @Test
    void aDatabaseNameLeavingNoRoomIsRefused() {
        assertThatThrownBy(() -> MongoStageNames.runPrefix("d".repeat(190), QUERY, "0a1b2c3d"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("255 bytes");
    }

    @Test
    void ofRunSelectsTheStagingCollectionsOfOneExecutionOfOneQuery() {
        String run = MongoStageNames.runPrefix("shop", QUERY, "11111111");
        String other = MongoStageNames.runPrefix("shop", QUERY, "22222222");
        String otherQuery = MongoStageNames.runPrefix("shop", QUERY + "x", "11111111");
        List<String> names = List.of(
                "orders",
                "__hivenosql_stage",
                run + "v1.t1.a0",
                other + "v1.t1.a0",
                otherQuery + "v1.t1.a0",
                run + "v1.t0.a1");
        assertThat(MongoStageNames.ofRun(names, "shop", QUERY, "11111111"))
                .containsExactly(run + "v1.t0.a1", run + "v1.t1.a0");
    }

    @Test
    void registryIdsSeparateCollectionsQueriesRunsAndTasks() {
        QueryTask task = new QueryTask(QUERY, 2, 7);
        assertThat(MongoStageNames.insertId("orders", QUERY)).isEqualTo("orders|" + QUERY);
        assertThat(MongoStageNames.taskId("orders", QUERY, "0a1b2c3d", task))
                .isEqualTo("orders|" + QUERY + "|0a1b2c3d|2|7");
    }
}
