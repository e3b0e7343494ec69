package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestJvmOptions {
    @Test
    void flagsComeFromTheParentPomThroughTheFilteredResource() {
        assertThat(JvmOptions.fromResource())
                .contains(
                        "--add-opens=java.base/java.net=ALL-UNNAMED",
                        "--add-opens=java.base/java.lang=ALL-UNNAMED",
                        "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED")
                .allMatch(flag -> flag.startsWith("--add-opens=") || flag.startsWith("--add-exports="));
        assertThat(JvmOptions.hiveOpens())
                .containsAll(JvmOptions.fromResource())
                .doesNotHaveDuplicates();
    }
}
