package io.hivenosql.sandbox.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestHiveSiteTemplate {
    @Test
    void keepsTheOrderSkipsCommentsAndFillsEveryVariable() {
        Map<String, String> settings = HiveSiteTemplate.load(
                TestHiveSiteTemplate.class, "test-template.conf", Map.of("work", "/srv/w", "port", "7"));

        assertThat(settings)
                .containsExactly(Map.entry("first", "/srv/w/a"), Map.entry("empty", ""), Map.entry("second", "x7y7"));
    }

    @Test
    void aVariableWithoutValueIsAnError() {
        assertThatThrownBy(() -> HiveSiteTemplate.load(
                        TestHiveSiteTemplate.class, "test-template-unknown.conf", Map.of("work", "/srv/w")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("${nobody}")
                .hasMessageContaining("test-template-unknown.conf");
    }

    @Test
    void aMissingResourceIsNamed() {
        assertThatThrownBy(() -> HiveSiteTemplate.load(TestHiveSiteTemplate.class, "no-such.conf", Map.of()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("no-such.conf");
    }
}
