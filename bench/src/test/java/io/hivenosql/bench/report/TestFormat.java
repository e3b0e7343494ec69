package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class TestFormat {
    @Test
    void numbers() {
        assertThat(Format.number(6_001_215.4)).isEqualTo("6,001,215");
        assertThat(Format.number(123.5)).isEqualTo("124");
        assertThat(Format.number(62.5)).isEqualTo("62.5");
        assertThat(Format.number(3.14159)).isEqualTo("3.14");
        assertThat(Format.number(0.0042)).isEqualTo("0.0042");
        assertThat(Format.number(0.000012345)).isEqualTo("0.000012");
        assertThat(Format.number(0)).isEqualTo("0");
        assertThat(Format.number(OptionalDouble.empty())).isEqualTo(Format.NONE);
        assertThat(Format.count(6_001_215)).isEqualTo("6,001,215");
    }

    @Test
    void seconds() {
        assertThat(Format.seconds(0.41234)).isEqualTo("0.412");
        assertThat(Format.seconds(3.254)).isEqualTo("3.25");
        assertThat(Format.seconds(41.66)).isEqualTo("41.7");
        assertThat(Format.seconds(1234.4)).isEqualTo("1,234");
        assertThat(Format.seconds(Duration.ofMillis(2500))).isEqualTo("2.50");
    }

    @Test
    void ratios() {
        assertThat(Format.ratio(1 / 3.0)).isEqualTo("0.33\u00d7");
        assertThat(Format.ratio(1.25)).isEqualTo("1.3\u00d7");
        assertThat(Format.ratio(12.4)).isEqualTo("12\u00d7");
        assertThat(Format.ratio(0.0123)).isEqualTo("0.012\u00d7");
        assertThat(Format.ratio(OptionalDouble.empty())).isEqualTo(Format.NONE);
    }

    @Test
    void machineNumbers() {
        assertThat(Format.scaleFactor(0.01)).isEqualTo("0.01");
        assertThat(Format.scaleFactor(0.1)).isEqualTo("0.1");
        assertThat(Format.scaleFactor(1)).isEqualTo("1");
        assertThat(Format.scaleFactor(10)).isEqualTo("10");
        assertThat(Format.plain(2.50)).isEqualTo("2.5");
        assertThat(Format.plain(1e-7)).isEqualTo("0.0000001");
        assertThat(Format.plain(Double.NaN)).isEmpty();
        assertThat(Format.bytes(16L << 30)).isEqualTo("16.0 GiB");
        assertThat(Format.bytes(512)).isEqualTo("512 B");
    }
}
