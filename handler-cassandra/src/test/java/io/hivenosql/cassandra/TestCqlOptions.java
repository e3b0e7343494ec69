package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestCqlOptions {
    @Test
    void replicationMapsAreNormalized() {
        assertThat(CqlOptions.replication("{'class':'SimpleStrategy','replication_factor':1}"))
                .isEqualTo("{'class': 'SimpleStrategy', 'replication_factor': 1}");
        assertThat(CqlOptions.replication(" {\n 'class' : 'NetworkTopologyStrategy', 'dc1': '3', 'dc-2': 2 } "))
                .isEqualTo("{'class': 'NetworkTopologyStrategy', 'dc1': '3', 'dc-2': 2}");
        // a quote inside a string stays inside it
        assertThat(CqlOptions.replication("{'class': 'it''s; DROP'}")).isEqualTo("{'class': 'it''s; DROP'}");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "{'class': 'SimpleStrategy', 'replication_factor': 1}; DROP KEYSPACE ks",
                "{'class': 'SimpleStrategy', 'replication_factor': 1} AND durable_writes = false",
                "{'class': 'SimpleStrategy', 'replication_factor': 1} -- comment",
                "{'class': 'SimpleStrategy', /* c */ 'replication_factor': 1}",
                "{'class': 'SimpleStrategy', 'replication_factor': 1}}",
                "{'class': SimpleStrategy}",
                "{'class': 'SimpleStrategy', 'replication_factor': true}",
                "{class: 'SimpleStrategy'}",
                "{'replication_factor': 1}",
                "{'class': 'SimpleStrategy', 'class': 'NetworkTopologyStrategy'}",
                "{'class': 'SimpleStrategy'",
                "{'class': 'SimpleStrategy}",
                "'SimpleStrategy'",
                "{'class': 'SimpleStrategy', 'replication_factor': 1 2}",
                "{'class': 'SimpleStrategy', 'replication_factor': 1x}",
                "{'class': 'Simple\nStrategy'}",
            })
    void badReplicationIsRejected(String text) {
        assertThatThrownBy(() -> CqlOptions.replication(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void tableOptionsAreNormalized() {
        assertThat(CqlOptions.tableOptions("gc_grace_seconds=3600")).isEqualTo("gc_grace_seconds = 3600");
        assertThat(
                        CqlOptions.tableOptions(
                                "compaction = {'class': 'UnifiedCompactionStrategy'} and GC_GRACE_SECONDS = 10 AND comment = "
                                        + "'orders; -- not a comment' AND cdc = FALSE AND bloom_filter_fp_chance = 0.01 AND "
                                        + "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': 64, 'enabled': true}"))
                .isEqualTo(
                        "compaction = {'class': 'UnifiedCompactionStrategy'} AND gc_grace_seconds = 10 AND comment = "
                                + "'orders; -- not a comment' AND cdc = false AND bloom_filter_fp_chance = 0.01 AND "
                                + "compression = {'class': 'LZ4Compressor', 'chunk_length_in_kb': 64, 'enabled': true}");
        assertThat(CqlOptions.tableOptions("default_time_to_live = -1")).isEqualTo("default_time_to_live = -1");
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "gc_grace_seconds = 3600; DROP TABLE ks.t",
                "gc_grace_seconds = 3600 -- comment",
                "gc_grace_seconds = 3600 // comment",
                "gc_grace_seconds = /* c */ 3600",
                "gc_grace_seconds = 3600 AND",
                "gc_grace_seconds = 3600 OR comment = 'x'",
                "gc_grace_seconds 3600",
                "gc_grace_seconds = DROP",
                "gc_grace_seconds = (SELECT 1)",
                "= 3600",
                "'gc_grace_seconds' = 3600",
                "gc_grace_seconds = 1 AND gc_grace_seconds = 2",
                "compaction = {'class': {'nested': 1}}",
                "compaction = {class: 'X'}",
                "CLUSTERING ORDER BY (ck DESC)",
                "comment = 'unterminated",
                "comment = \"double\"",
            })
    void badTableOptionsAreRejected(String text) {
        assertThatThrownBy(() -> CqlOptions.tableOptions(text)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void messagesSayWhatAndWhere() {
        assertThatThrownBy(() -> CqlOptions.tableOptions("gc_grace_seconds = 1; DROP TABLE t"))
                .hasMessageContaining("';'")
                .hasMessageContaining("position 21");
        assertThatThrownBy(() -> CqlOptions.tableOptions("CLUSTERING ORDER BY (ck DESC)"))
                .hasMessageContaining("cassandra.clustering-order");
        assertThatThrownBy(() -> CqlOptions.replication("{'replication_factor': 1}"))
                .hasMessageContaining("'class'");
    }
}
