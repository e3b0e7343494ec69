package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class TestQuery {
    @Test
    void theStatementDropsItsSemicolon() {
        assertThat(new Query("q", "select 1;\n").statement()).isEqualTo("select 1");
    }

    @Test
    void everyQueryFileIsOneStatementWithoutDatabaseNames() {
        List<Query> queries = Query.select(List.of("all"));
        assertThat(queries).hasSize(28);
        for (Query query : queries) {
            String code = withoutComments(query.text()).toLowerCase(Locale.ROOT);
            assertThat(code.strip()).as(query.name()).endsWith(";");
            assertThat(code.indexOf(';'))
                    .as(query.name() + ": one statement")
                    .isEqualTo(code.strip().length() - 1 + code.indexOf(code.strip()));
            assertThat(code)
                    .as(query.name())
                    .doesNotContain("tpch_redis", "tpch_cassandra", "tpch_mongo", "tpch_hdfs_text");
            assertThat(code).as(query.name()).doesNotContainPattern("(?m)^\\s*(use|set)\\s");
            if (List.of(Query.JOIN_HDFS, Query.JOIN_SELECTIVE).contains(query.name())) {
                assertThat(code).contains("tpch_hdfs_orc.orders");
            } else {
                assertThat(code).as(query.name()).doesNotContain("tpch_hdfs_orc");
            }
        }
    }

    @Test
    void selectionsFollowSuiteOrder() {
        assertThat(Query.select(List.of("probe_key_lookup", "q22", "q3")))
                .extracting(Query::name)
                .containsExactly("q03", "q22", "probe_key_lookup");
        assertThat(Query.select(List.of("tpch"))).hasSize(22);
        assertThat(Query.select(List.of("probes")))
                .extracting(Query::name)
                .containsExactly(
                        "probe_full_scan",
                        "probe_selective_scan",
                        "probe_key_lookup",
                        "probe_join_hdfs",
                        "probe_count",
                        "probe_join_selective");
        assertThat(Query.select(List.of("probe_join_selective", "probe_count")))
                .extracting(Query::name)
                .containsExactly("probe_count", "probe_join_selective");
    }

    private static String withoutComments(String text) {
        return text.lines()
                .map(line -> {
                    int comment = line.indexOf("--");
                    return comment >= 0 ? line.substring(0, comment) : line;
                })
                .reduce("", (a, b) -> a + b + "\n");
    }
}
