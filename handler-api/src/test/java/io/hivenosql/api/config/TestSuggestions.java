package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestSuggestions {
    private static final List<String> KEYS = List.of("redis.key.prefix", "redis.hosts", "redis.database");

    @Test
    void distance() {
        assertThat(Suggestions.distance("", "")).isZero();
        assertThat(Suggestions.distance("abc", "")).isEqualTo(3);
        assertThat(Suggestions.distance("kitten", "sitting")).isEqualTo(3);
        assertThat(Suggestions.distance("nmae", "name")).isEqualTo(1);
        assertThat(Suggestions.distance("ab", "ba")).isEqualTo(1);
    }

    @Test
    void suggestsTheClosestWithinTolerance() {
        assertThat(Suggestions.closest("redis.key.prefx", KEYS)).contains("redis.key.prefix");
        assertThat(Suggestions.closest("redis.hots", KEYS)).contains("redis.hosts");
        assertThat(Suggestions.closest("REDIS.HOSTS", KEYS)).contains("redis.hosts");
        assertThat(Suggestions.closest("redis.timeout", KEYS)).isEmpty();
        assertThat(Suggestions.closest("x", KEYS)).isEmpty();
        assertThat(Suggestions.closest("anything", List.of())).isEmpty();
    }

    @Test
    void shortNamesAreNotCorrectedIntoUnrelatedOnes() {
        List<String> columns = List.of("id", "name", "age");
        assertThat(Suggestions.closest("x", columns)).isEmpty();
        assertThat(Suggestions.closest("ab", columns)).isEmpty();
        assertThat(Suggestions.closest("ag", columns)).contains("age");
        assertThat(Suggestions.closest("ID", columns)).contains("id");
        assertThat(Suggestions.closest("nmae", columns)).contains("name");
    }
}
