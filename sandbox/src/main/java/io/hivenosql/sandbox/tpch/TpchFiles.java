package io.hivenosql.sandbox.tpch;

import static java.util.Objects.requireNonNull;

import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * TPC-H data generated in process ({@code io.trino.tpch}, the dbgen algorithm), written as dbgen's {@code |}-separated
 * text (one row a line, a trailing {@code |}), which a Hive text table with {@code FIELDS TERMINATED BY '|'} reads.
 */
public final class TpchFiles {
    private TpchFiles() {}

    /**
     * Writes the first {@code maxRows} rows (all when negative) of a table at a scale factor to {@code file}.
     *
     * @return the number of rows written
     */
    public static long write(TpchTable<?> table, double scaleFactor, long maxRows, Path file) throws IOException {
        requireNonNull(table, "table is null");
        requireNonNull(file, "file is null");
        if (scaleFactor <= 0) {
            throw new IllegalArgumentException("scale factor must be positive: " + scaleFactor);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        long rows = 0;
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (TpchEntity entity : table.createGenerator(scaleFactor, 1, 1)) {
                if (maxRows >= 0 && rows >= maxRows) {
                    break;
                }
                out.write(entity.toLine());
                out.newLine();
                rows++;
            }
        }
        return rows;
    }

    /** The Hive column list of a table, e.g. {@code o_orderkey bigint, o_custkey bigint, ...}. */
    public static String hiveColumns(TpchTable<?> table) {
        List<String> columns = new ArrayList<>();
        for (TpchColumn<?> column : table.getColumns()) {
            columns.add(column.getColumnName() + " " + hiveType(column));
        }
        return String.join(", ", columns);
    }

    /** The Hive type of a column: identifiers bigint, integers int, dates date, money decimal(12,2), text string. */
    public static String hiveType(TpchColumn<?> column) {
        return switch (column.getType().getBase()) {
            case IDENTIFIER -> "bigint";
            case INTEGER -> "int";
            case DATE -> "date";
            case DOUBLE -> "decimal(12,2)";
            case VARCHAR -> "string";
        };
    }
}
