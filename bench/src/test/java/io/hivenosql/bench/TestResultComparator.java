package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.report.ResultCheck;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestResultComparator {
    @Test
    void numbersAreComparedInCents() {
        Map<Target, List<String>> results = new LinkedHashMap<>();
        results.put(Target.HDFS_ORC, List.of("A\tF\t37734107.004\t0.05", "N\tO\t1"));
        results.put(Target.REDIS, List.of("A\tF\t37734107.0\t0.0500", "N\tO\t1.00"));
        assertThat(ResultComparator.compare("q01", results)).isEqualTo(ResultCheck.matching("q01", 2));
    }

    @Test
    void aDifferenceNamesTheTargetsAndTheRow() {
        Map<Target, List<String>> results = new LinkedHashMap<>();
        results.put(Target.HDFS_ORC, List.of("a\t1.00", "b\t2.00"));
        results.put(Target.HDFS_TEXT, List.of("a\t1.00", "b\t2.00"));
        results.put(Target.CASSANDRA, List.of("a\t1.00", "b\t2.01"));
        ResultCheck check = ResultComparator.compare("q03", results);
        assertThat(check.matches()).isFalse();
        assertThat(check.difference())
                .isEqualTo("cassandra differs from hdfs-orc: row 2 is [b\t2.01], expected [b\t2.00]");
    }

    @Test
    void missingRowsAndTextDifferencesAreMismatches() {
        Map<Target, List<String>> results = new LinkedHashMap<>();
        results.put(Target.HDFS_ORC, List.of("a", "b"));
        results.put(Target.MONGO, List.of("a"));
        assertThat(ResultComparator.compare("q", results).difference())
                .isEqualTo("mongo differs from hdfs-orc: 1 rows, expected 2");
        results.put(Target.MONGO, List.of("a", "B"));
        assertThat(ResultComparator.compare("q", results).matches()).isFalse();
        results.put(Target.MONGO, List.of("a", "NULL"));
        assertThat(ResultComparator.compare("q", results).matches()).isFalse();
    }

    @Test
    void textThatLooksLikeANumberInsideAFieldIsNotRounded() {
        assertThat(ResultComparator.normalized(List.of("Customer#000000001\t-1.005\t1e3\t12ab")))
                .containsExactly("Customer#000000001\t-1.01\t1000.00\t12ab");
    }
}
