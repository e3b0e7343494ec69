package io.hivenosql.sandbox.hive;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The HiveServer2 releases the sandbox runs: Apache Hive 4.0.1 in process (or over YARN), the line the jars are built
 * against, and Apache Hive 3.1.3 in a JVM of its own on Java 17, as Amazon EMR 7 runs Hive 3.1 ({@link Hive3Server}).
 */
public enum HiveRelease {
    HIVE_4_0_1("4.0.1"),
    HIVE_3_1_3("3.1.3");

    private final String version;

    HiveRelease(String version) {
        this.version = version;
    }

    public String version() {
        return version;
    }

    /** The release of a version number ({@code 3.1.3}). */
    public static HiveRelease of(String version) {
        return Arrays.stream(values())
                .filter(release -> release.version.equals(version))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no HiveServer2 " + version + " here; --hive takes "
                        + Arrays.stream(values()).map(HiveRelease::version).collect(Collectors.joining(" or "))));
    }
}
