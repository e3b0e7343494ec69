package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestRowsCheck {
    @Test
    void nothingLostWhenEveryExpectedRowIsCounted() {
        RowsCheck check = RowsCheck.of(Set.of(1L, 2L, 3L), Set.of(), 3, List.of(3L, 1L, 2L), List.of(1L, 2L, 3L));
        assertThat(check.nothingLost()).isTrue();
        assertThat(check.expected()).isEqualTo(3);
        assertThat(check.hiveKeys()).isEqualTo(3);
        assertThat(check.storeKeys()).isEqualTo(3);
        assertThat(check.unexpected()).isEmpty();
    }

    @Test
    void countsRowsLostOnEitherSideAndKeysReadTwice() {
        RowsCheck check =
                RowsCheck.of(Set.of(1L, 2L, 3L, 4L), Set.of(), 4, List.of(1L, 2L, 2L, 4L), List.of(1L, 2L, 4L));
        assertThat(check.lostHive()).containsExactly(3L);
        assertThat(check.lostStore()).containsExactly(3L);
        assertThat(check.hiveDuplicates()).isEqualTo(1);
        assertThat(check.hiveKeys()).isEqualTo(3);
        assertThat(check.nothingLost()).isFalse();
        RowsCheck storeOnly = RowsCheck.of(Set.of(1L, 2L), Set.of(), 2, List.of(1L, 2L), List.of(2L));
        assertThat(storeOnly.lostHive()).isEmpty();
        assertThat(storeOnly.lostStore()).containsExactly(1L);
        assertThat(storeOnly.nothingLost()).isFalse();
    }

    @Test
    void rowsOfFailedInsertsAreNeitherExpectedNorUnexpected() {
        RowsCheck check = RowsCheck.of(Set.of(1L), Set.of(10L, 11L, 12L), 3, List.of(1L, 10L), List.of(1L, 10L, 11L));
        assertThat(check.nothingLost()).isTrue();
        assertThat(check.unacknowledged()).isEqualTo(3);
        assertThat(check.unacknowledgedFound()).isEqualTo(2);
        assertThat(check.unexpected()).isEmpty();
        RowsCheck ghost = RowsCheck.of(Set.of(1L), Set.of(), 2, List.of(1L, 99L), List.of(1L));
        assertThat(ghost.unexpected()).containsExactly(99L);
    }
}
