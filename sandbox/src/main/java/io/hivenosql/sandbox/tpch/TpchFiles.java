package io.hivenosql.sandbox.tpch;

import static java.util.Objects.requireNonNull;

import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TpchColumn;
import io.trino.tpch.TpchEntity;
import io.trino.tpch.TpchTable;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
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
    private static final int PROGRESS_ROWS = 10_000;
    /** dbgen's mean of its uniform 1 to 7 lines per order. */
    private static final int AVERAGE_LINES_PER_ORDER = 4;
    /** dbgen gives every part four suppliers ({@code PartSupplierGenerator}'s constant is private). */
    private static final int SUPPLIERS_PER_PART = 4;

    private TpchFiles() {}

    /**
     * Writes the first {@code maxRows} rows (all when negative) of a table at a scale factor to {@code file}.
     *
     * @return the number of rows written
     */
    public static long write(TpchTable<?> table, double scaleFactor, long maxRows, Path file) throws IOException {
        requireNonNull(file, "file is null");
        Files.createDirectories(file.toAbsolutePath().getParent());
        try (BufferedWriter out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            return write(table, scaleFactor, maxRows, out, (rows, chars) -> {}).rows();
        }
    }

    /**
     * Writes the first {@code maxRows} rows (all when negative) of a table at a scale factor to {@code out}, one line
     * each ending with {@code \n}, telling {@code progress} the rows and characters written so far every {@value
     * #PROGRESS_ROWS} rows and at the end. dbgen's text is ASCII, so characters are bytes.
     */
    public static Written write(TpchTable<?> table, double scaleFactor, long maxRows, Writer out, Progress progress)
            throws IOException {
        requireNonNull(table, "table is null");
        requireNonNull(out, "out is null");
        requireNonNull(progress, "progress is null");
        if (scaleFactor <= 0) {
            throw new IllegalArgumentException("scale factor must be positive: " + scaleFactor);
        }
        long rows = 0;
        long chars = 0;
        for (TpchEntity entity : table.createGenerator(scaleFactor, 1, 1)) {
            if (maxRows >= 0 && rows >= maxRows) {
                break;
            }
            String line = entity.toLine();
            out.write(line);
            out.write('\n');
            rows++;
            chars += line.length() + 1;
            if (rows % PROGRESS_ROWS == 0) {
                progress.written(rows, chars);
            }
        }
        out.flush();
        progress.written(rows, chars);
        return new Written(rows, chars);
    }

    /**
     * The rows a table has at a scale factor, from the generators' own scale bases: exact for every table but
     * {@code lineitem}, whose orders have 1 to 7 lines (4 on average), so its figure is an estimate. Nation and region
     * do not scale: their rows are counted.
     */
    public static long expectedRows(TpchTable<?> table, double scaleFactor) {
        long orders = (long) (OrderGenerator.SCALE_BASE * scaleFactor);
        return switch (table.getTableName()) {
            case "lineitem" -> orders * AVERAGE_LINES_PER_ORDER;
            case "orders" -> orders;
            case "customer" -> (long) (CustomerGenerator.SCALE_BASE * scaleFactor);
            case "part" -> (long) (PartGenerator.SCALE_BASE * scaleFactor);
            case "partsupp" -> (long) (PartGenerator.SCALE_BASE * scaleFactor) * SUPPLIERS_PER_PART;
            case "supplier" -> (long) (SupplierGenerator.SCALE_BASE * scaleFactor);
            case "nation", "region" -> count(table, scaleFactor);
            default -> throw new IllegalArgumentException("not a TPC-H table: " + table.getTableName());
        };
    }

    private static long count(TpchTable<?> table, double scaleFactor) {
        long rows = 0;
        for (Object ignored : table.createGenerator(scaleFactor, 1, 1)) {
            rows++;
        }
        return rows;
    }

    /** How much {@link #write(TpchTable, double, long, Writer, Progress)} wrote. */
    public record Written(long rows, long bytes) {}

    /** Told the rows and bytes written so far. */
    @FunctionalInterface
    public interface Progress {
        void written(long rows, long bytes);
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
