package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TestBadRecords {
    @Test
    void failThrowsTheFailureAndCountsNothing() {
        BadRecords badRecords = new BadRecords(config(Map.of()));

        assertThat(badRecords.policy()).isEqualTo(BadRecordPolicy.FAIL);
        assertThatThrownBy(() -> badRecords.keep(() -> new IOException("table db.t, key 'k': bad")))
                .isInstanceOf(IOException.class)
                .hasMessage("table db.t, key 'k': bad");
        assertThat(badRecords.skipped()).isZero();
        assertThat(badRecords.nulled()).isZero();
    }

    @Test
    void nullKeepsTheRecordAndCountsItOnceWhenTheCallerSaysSo() throws IOException {
        BadRecords badRecords = new BadRecords(config(Map.of("nosql.bad-record.policy", "null")));
        AtomicInteger asked = new AtomicInteger();

        assertThat(badRecords.keep(() -> failure(asked))).isTrue();
        assertThat(badRecords.keep(() -> failure(asked))).isTrue();
        badRecords.countNulled();

        assertThat(asked).hasValue(0);
        assertThat(badRecords.nulled()).isEqualTo(1);
        assertThat(badRecords.skipped()).isZero();
    }

    @Test
    void skipDropsTheRecordAndCountsIt() throws IOException {
        BadRecords badRecords = new BadRecords(config(Map.of("nosql.bad-record.policy", "skip")));
        AtomicInteger asked = new AtomicInteger();

        assertThat(badRecords.keep(() -> failure(asked))).isFalse();
        assertThat(badRecords.keep(() -> failure(asked))).isFalse();

        assertThat(asked).hasValue(0);
        assertThat(badRecords.skipped()).isEqualTo(2);
        assertThat(badRecords.nulled()).isZero();
    }

    private static IOException failure(AtomicInteger asked) {
        asked.incrementAndGet();
        return new IOException("asked");
    }

    private static TableConfig config(Map<String, String> properties) {
        return TableConfig.validate("db.t", properties, List.of(NoSqlTableProperties.values()), Set.of("nosql."));
    }
}
