package io.hivenosql.api.hive.line.hive4;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.hive.line.QueryCancellation;
import org.apache.hadoop.hive.ql.DriverState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestHive4Line {
    private final Hive4Line line = new Hive4Line();

    @AfterEach
    void clearThread() {
        DriverState.removeDriverState();
    }

    @Test
    void aFetchInsideTheDriverEndsWhenTheDriverCloses() {
        DriverState state = running();
        QueryCancellation cancellation = line.currentQuery();
        assertThat(cancellation.cancelled()).isFalse();
        // Driver.close(): aborted only while executing, then closed and destroyed
        state.closed();
        assertThat(cancellation.cancelled()).isTrue();
        state.descroyed();
        assertThat(cancellation.cancelled()).isTrue();
    }

    @Test
    void anAbortedDriverCancels() {
        DriverState state = running();
        QueryCancellation cancellation = line.currentQuery();
        state.abort();
        assertThat(cancellation.cancelled()).isTrue();
    }

    @Test
    void theStateOfAnEarlierQueryOfThisThreadIsIgnored() {
        DriverState earlier = running();
        earlier.closed();
        QueryCancellation cancellation = line.currentQuery();
        assertThat(cancellation).isSameAs(QueryCancellation.NONE);
        assertThat(cancellation.cancelled()).isFalse();
    }

    @Test
    void aTaskThreadHasNoDriver() {
        DriverState.removeDriverState();
        assertThat(line.currentQuery()).isSameAs(QueryCancellation.NONE);
    }

    private static DriverState running() {
        DriverState state = new DriverState();
        state.executing();
        state.executionFinishedWithLocking(false);
        DriverState.setDriverState(state);
        return state;
    }
}
