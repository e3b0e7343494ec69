package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.hive.ql.DriverState;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class TestDriverCancellation {
    @AfterEach
    void clearThread() {
        DriverState.removeDriverState();
    }

    @Test
    void aFetchInsideTheDriverEndsWhenTheDriverCloses() {
        DriverState state = running();
        DriverCancellation cancellation = DriverCancellation.ofCurrentThread();
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
        DriverCancellation cancellation = DriverCancellation.ofCurrentThread();
        state.abort();
        assertThat(cancellation.cancelled()).isTrue();
    }

    @Test
    void theStateOfAnEarlierQueryOfThisThreadIsIgnored() {
        DriverState earlier = running();
        earlier.closed();
        DriverCancellation cancellation = DriverCancellation.ofCurrentThread();
        assertThat(cancellation).isSameAs(DriverCancellation.NONE);
        assertThat(cancellation.cancelled()).isFalse();
    }

    @Test
    void aTaskThreadHasNoDriver() {
        DriverState.removeDriverState();
        assertThat(DriverCancellation.ofCurrentThread()).isSameAs(DriverCancellation.NONE);
    }

    private static DriverState running() {
        DriverState state = new DriverState();
        state.executing();
        state.executionFinishedWithLocking(false);
        DriverState.setDriverState(state);
        return state;
    }
}
