package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.hive.BadRecords;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.AmbiguousFieldException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * Turns JSON lines into rows of Hive values under the table's {@code nosql.bad-record.policy}: the one place where a
 * line's bad values and malformed text become errors (naming table, file, line, column and value), NULLs or skipped
 * rows, for both {@link JsonSerDe} and {@link JsonInputFormat}. Not thread-safe.
 */
final class JsonLines {
    private static final int MAX_QUOTED = 120;

    private final TableContext table;
    private final TableMapping mapping;
    private final JsonRowDecoder decoder;
    private final BadRecords badRecords;
    private final Object[] values;
    private final RuntimeException[] errors;

    JsonLines(TableContext table, JsonLayout layout) {
        this.table = requireNonNull(table, "table is null");
        this.mapping = table.mapping();
        int[] all = new int[mapping.size()];
        Arrays.setAll(all, i -> i);
        this.decoder = new JsonRowDecoder(layout, all, true);
        this.badRecords = new BadRecords(table.config());
        this.values = new Object[mapping.size()];
        this.errors = new RuntimeException[mapping.size()];
    }

    BadRecordPolicy policy() {
        return badRecords.policy();
    }

    /** The policy and its counts of skipped and nulled lines. */
    BadRecords badRecords() {
        return badRecords;
    }

    /**
     * The Hive values of one line into {@code row}.
     *
     * @param where the line's place for messages, e.g. {@code file /t/part-0, line 17}; asked only on a bad line
     * @return false when the policy skips the line
     * @throws HandlerException ({@code HNS-121 BAD_RECORD}) when the policy is fail and the line is bad
     */
    boolean read(byte[] bytes, int length, Supplier<String> where, Object[] row) {
        try {
            decoder.decode(bytes, 0, length, values, errors);
        } catch (MalformedJsonException e) {
            return onMalformed(bytes, length, where, e, row);
        }
        boolean anyNulled = false;
        for (int i = 0; i < row.length; i++) {
            RuntimeException error = errors[i];
            if (error == null) {
                // already Hive's values: the decoder's readers convert as HiveValues.toHive does
                row[i] = values[i];
                continue;
            }
            ColumnMapping column = mapping.column(i);
            if (!badRecords.keep(() -> badValue(column, where, error, bytes, length))) {
                return false;
            }
            row[i] = null;
            anyNulled = true;
        }
        if (anyNulled) {
            badRecords.countNulled();
        }
        return true;
    }

    private boolean onMalformed(
            byte[] bytes, int length, Supplier<String> where, MalformedJsonException e, Object[] row) {
        if (!badRecords.keep(() -> new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "table " + table.tableName() + ", " + where.get() + ": " + e.getMessage() + "; the line: "
                        + quote(bytes, length) + ". Fix the line, or set 'nosql.bad-record.policy'='null' (all "
                        + "columns NULL) or 'skip' (with " + JsonInputFormat.class.getName() + ") to read past it",
                e))) {
            return false;
        }
        Arrays.fill(row, null);
        badRecords.countNulled();
        return true;
    }

    private HandlerException badValue(
            ColumnMapping column, Supplier<String> where, RuntimeException error, byte[] bytes, int length) {
        return new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "table " + table.tableName() + ", " + where.get() + ", column '" + column.name() + "'"
                        + (column.path().equals(column.name()) ? "" : " (JSON path '" + column.path() + "')") + ": "
                        + error.getMessage() + "; the line: " + quote(bytes, length)
                        + ". "
                        + (error instanceof AmbiguousFieldException ambiguous
                                ? ambiguous.remedy()
                                : "Fix the value or the column type")
                        + ", or set "
                        + "'nosql.bad-record.policy'='null' or 'skip' to read past it",
                error);
    }

    static String quote(byte[] bytes, int length) {
        String text = new String(bytes, 0, Math.min(length, MAX_QUOTED * 4), StandardCharsets.UTF_8);
        return text.length() > MAX_QUOTED
                ? "'" + text.substring(0, MAX_QUOTED) + "...' (" + length + " bytes)"
                : "'" + text + "'";
    }
}
