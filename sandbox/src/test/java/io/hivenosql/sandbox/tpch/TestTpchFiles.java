package io.hivenosql.sandbox.tpch;

import static org.assertj.core.api.Assertions.assertThat;

import io.trino.tpch.TpchTable;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestTpchFiles {
    @Test
    void writesDbgenLinesAndStopsAtTheLimit(@TempDir Path dir) throws IOException {
        Path file = dir.resolve("orders/orders.tbl");
        long rows = TpchFiles.write(TpchTable.ORDERS, 0.01, 100, file);
        List<String> lines = Files.readAllLines(file);
        assertThat(rows).isEqualTo(100);
        assertThat(lines).hasSize(100);
        // dbgen's first order at every scale factor; 9 fields and a trailing separator
        assertThat(lines.get(0)).startsWith("1|").endsWith("|");
        assertThat(lines.get(0).split("\\|", -1)).hasSize(10);
    }

    @Test
    void writesTheWholeTableWithoutALimit(@TempDir Path dir) throws IOException {
        assertThat(TpchFiles.write(TpchTable.NATION, 0.01, -1, dir.resolve("nation.tbl")))
                .isEqualTo(25);
    }

    @Test
    void expectedRowsMatchWhatTheGeneratorWrites() throws IOException {
        for (TpchTable<?> table : TpchTable.getTables()) {
            long written = TpchFiles.write(table, 0.01, -1, Writer.nullWriter(), (rows, chars) -> {})
                    .rows();
            long expected = TpchFiles.expectedRows(table, 0.01);
            if (table == TpchTable.LINE_ITEM) {
                assertThat((double) written / expected).isBetween(0.95, 1.05);
            } else {
                assertThat(expected).as(table.getTableName()).isEqualTo(written);
            }
        }
        assertThat(TpchFiles.expectedRows(TpchTable.PART_SUPPLIER, 1)).isEqualTo(800_000);
    }

    @Test
    void mapsColumnTypesToHive() {
        assertThat(TpchFiles.hiveColumns(TpchTable.ORDERS))
                .isEqualTo("o_orderkey bigint, o_custkey bigint, o_orderstatus string, o_totalprice decimal(12,2), "
                        + "o_orderdate date, o_orderpriority string, o_clerk string, o_shippriority int, "
                        + "o_comment string");
    }
}
