package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestPrimaryKey {
    @Test
    void readsEveryFormCqlAccepts() {
        assertThat(PrimaryKey.parse("((o_custkey, o_orderdate), o_orderkey, l_linenumber)"))
                .isEqualTo(new PrimaryKey(List.of("o_custkey", "o_orderdate"), List.of("o_orderkey", "l_linenumber")));
        assertThat(PrimaryKey.parse("((o_custkey), o_orderkey)"))
                .isEqualTo(new PrimaryKey(List.of("o_custkey"), List.of("o_orderkey")));
        assertThat(PrimaryKey.parse(" (Id, TS) ")).isEqualTo(new PrimaryKey(List.of("id"), List.of("ts")));
        // without parentheses as CQL reads PRIMARY KEY (id, ts): partition key id, clustering column ts
        assertThat(PrimaryKey.parse("id, ts")).isEqualTo(new PrimaryKey(List.of("id"), List.of("ts")));
        assertThat(PrimaryKey.parse("id")).isEqualTo(new PrimaryKey(List.of("id"), List.of()));
        assertThat(PrimaryKey.parse("((a, b))")).isEqualTo(new PrimaryKey(List.of("a", "b"), List.of()));
        assertThat(PrimaryKey.parse("((a), c)").toString()).isEqualTo("((a), c)");
    }

    @Test
    void rejectsMalformedKeysShowingTheExpectedForm() {
        assertThatThrownBy(() -> PrimaryKey.parse("((a, b), c"))
                .hasMessageContaining("unbalanced parentheses")
                .hasMessageContaining("expected e.g. ((partition_col1, partition_col2), clustering_col)");
        assertThatThrownBy(() -> PrimaryKey.parse("(a,,b)")).hasMessageContaining("empty column name");
        assertThatThrownBy(() -> PrimaryKey.parse("(a, b; DROP)")).hasMessageContaining("is not a column name");
        assertThatThrownBy(() -> PrimaryKey.parse("((a), a)"))
                .hasMessageContaining("both a partition key and a clustering column");
        assertThatThrownBy(() -> PrimaryKey.parse("(a, A)")).hasMessageContaining("appears twice");
        assertThatThrownBy(() -> PrimaryKey.parse("((a) b)")).hasMessageContaining("expected ','");
    }
}
