package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;
import com.datastax.oss.driver.api.core.DriverTimeoutException;
import com.datastax.oss.driver.api.core.auth.AuthenticationException;
import com.datastax.oss.driver.api.core.connection.ClosedConnectionException;
import com.datastax.oss.driver.api.core.servererrors.InvalidQueryException;
import com.datastax.oss.driver.api.core.servererrors.ReadFailureException;
import com.datastax.oss.driver.api.core.servererrors.ReadTimeoutException;
import com.datastax.oss.driver.api.core.servererrors.SyntaxError;
import com.datastax.oss.driver.api.core.servererrors.UnavailableException;
import com.datastax.oss.driver.internal.core.metadata.DefaultEndPoint;
import java.net.InetSocketAddress;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestReplicaFailures {
    @Test
    void aLostConnectionOrNoAnswerInTimeMayGoOnElsewhere() {
        assertThat(ReplicaFailures.resumable(new DriverTimeoutException("Query timed out after PT5S")))
                .isTrue();
        assertThat(ReplicaFailures.resumable(new ClosedConnectionException("Lost connection to remote peer")))
                .isTrue();
        assertThat(ReplicaFailures.resumable(
                        new ReadTimeoutException(null, DefaultConsistencyLevel.QUORUM, 1, 2, false)))
                .isTrue();
    }

    @Test
    void refusedRequestsTooFewReplicasAndReplicaFailuresDoNot() {
        assertThat(ReplicaFailures.resumable(new SyntaxError(null, "line 1:7 no viable alternative")))
                .isFalse();
        assertThat(ReplicaFailures.resumable(new InvalidQueryException(null, "unconfigured table t")))
                .isFalse();
        assertThat(ReplicaFailures.resumable(new AuthenticationException(
                        new DefaultEndPoint(new InetSocketAddress("127.0.0.1", 9042)), "bad credentials")))
                .isFalse();
        UnavailableException unavailable = new UnavailableException(null, DefaultConsistencyLevel.ALL, 3, 2);
        assertThat(ReplicaFailures.resumable(unavailable)).isFalse();
        assertThat(ReplicaFailures.resumable(
                        new ReadFailureException(null, DefaultConsistencyLevel.ONE, 0, 1, 1, false, Map.of())))
                .isFalse();
        assertThat(ReplicaFailures.unavailable(new IllegalStateException("wrapped", unavailable)))
                .containsSame(unavailable);
        assertThat(ReplicaFailures.unavailable(new DriverTimeoutException("t"))).isEmpty();
    }

    @Test
    void replicasUnavailableNamesTheLevelTheReplicasAndBothWaysOut() {
        String read = ReplicaFailures.message(
                "it.t_all", "ks.t", false, "ALL", 3, 2, "127.0.0.1:9042", List.of("127.0.0.3:9042"));
        assertThat(read)
                .isEqualTo("cannot read table it.t_all (Cassandra table ks.t) at consistency ALL: it needs 3 replicas"
                        + " alive, coordinator 127.0.0.1:9042 counts 2; replicas not reachable: 127.0.0.3:9042. Bring"
                        + " those Cassandra nodes back, or set cassandra.consistency.read to a level the 2 live"
                        + " replicas can meet (e.g. quorum or local-quorum)");
        String write = ReplicaFailures.message(
                "it.t_q", "ks.t", true, "QUORUM", 2, 1, "127.0.0.1:9042", List.of("127.0.0.2:9042", "127.0.0.3:9042"));
        assertThat(write)
                .startsWith("cannot write to table it.t_q (Cassandra table ks.t) at consistency QUORUM: it needs 2")
                .contains("replicas not reachable: 127.0.0.2:9042, 127.0.0.3:9042")
                .contains("set cassandra.consistency.write to a level the 1 live replica can meet (e.g. one or"
                        + " local-one)");
        assertThat(ReplicaFailures.message("it.t", "ks.t", false, "ALL", 3, 2, "127.0.0.1:9042", List.of()))
                .contains("replicas not reachable: none known to this client (the coordinator sees them down)");
    }
}
