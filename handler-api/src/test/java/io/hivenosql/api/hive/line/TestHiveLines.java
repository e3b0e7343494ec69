package io.hivenosql.api.hive.line;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hive.common.util.HiveVersionInfo;
import org.junit.jupiter.api.Test;

class TestHiveLines {
    @Test
    void theLineOfTheHiveOnTheClasspathIsChosen() {
        // the same test runs on each Hive line's jars (the compat modules): it holds for every one of them
        int major = HiveLines.major(HiveVersionInfo.getVersion());
        assertThat(major).isBetween(3, 4);
        assertThat(HiveLines.current().name()).startsWith("Hive " + major + " (");
        assertThat(HiveLines.current()).isSameAs(HiveLines.current());
    }

    @Test
    void theMajorVersionIsReadFromReleaseAndVendorVersions() {
        assertThat(HiveLines.major("4.0.1")).isEqualTo(4);
        assertThat(HiveLines.major("3.1.3-amzn-12")).isEqualTo(3);
        assertThat(HiveLines.major("4.2.0-SNAPSHOT")).isEqualTo(4);
        assertThat(HiveLines.major("Unknown")).isZero();
        assertThat(HiveLines.major(null)).isZero();
    }
}
