package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestFailureCauses {
    @Test
    void storeErrorsAndLostConnectionsAreTheNodeLoss() {
        assertThat(FailureCauses.nodeLoss("java.io.IOException: HNS-201 STORE_UNREACHABLE: table failover_redis.kv"))
                .isTrue();
        assertThat(FailureCauses.nodeLoss("HNS-204 REPLICAS_UNAVAILABLE: QUORUM needs 2 replicas"))
                .isTrue();
        assertThat(FailureCauses.nodeLoss("redis.clients.jedis.exceptions.JedisConnectionException: "
                        + "java.net.ConnectException: Connection refused"))
                .isTrue();
        assertThat(FailureCauses.nodeLoss("CLUSTERDOWN The cluster is down")).isTrue();
        assertThat(FailureCauses.nodeLoss("com.datastax.oss.driver.api.core.AllNodesFailedException: All 3 node(s) "
                        + "tried for the query failed"))
                .isTrue();
        assertThat(FailureCauses.nodeLoss(
                        "Cassandra timeout during read query at consistency QUORUM " + "(ReadTimeoutException)"))
                .isTrue();
    }

    @Test
    void otherFailuresAreNot() {
        assertThat(FailureCauses.nodeLoss("Error while compiling statement: FAILED: SemanticException [Error 10001]"))
                .isFalse();
        assertThat(FailureCauses.nodeLoss("Query timed out after 300 seconds")).isFalse();
        assertThat(FailureCauses.nodeLoss(null)).isFalse();
        assertThat(FailureCauses.outcome("HNS-203 WRITE_FAILED")).isEqualTo(RequestRecord.Outcome.FAILED_NODE_LOSS);
        assertThat(FailureCauses.outcome("out of memory")).isEqualTo(RequestRecord.Outcome.FAILED_OTHER);
    }

    @Test
    void normalizingKeepsCodesAndAddressesAndDropsWhatDiffers() {
        assertThat(FailureCauses.normalize("HNS-201 STORE_UNREACHABLE: 127.0.0.2:41234 for key 1000045,\n  query "
                        + "hive_20261126125959_0b1c2d3e-aaaa-bbbb-cccc-0123456789ab"))
                .isEqualTo("HNS-201 STORE_UNREACHABLE: 127.0.0.2:N for key N, query <query>");
        assertThat(FailureCauses.normalize("fetching the values of 1 keys (first 'failover:kv:855') at k=13"))
                .isEqualTo("fetching the values of N keys (first 'failover:kv:N') at k=N");
        assertThat(FailureCauses.normalize("x".repeat(400))).hasSize(301).endsWith("\u2026");
        assertThat(FailureCauses.normalize(null)).isEqualTo("(no message)");
    }
}
