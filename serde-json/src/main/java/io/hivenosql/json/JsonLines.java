package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
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
    private final BadRecordPolicy policy;
    private final Object[] values;
    private final RuntimeException[] errors;
    private long nulled;
    private long skipped;

    JsonLines(TableContext table, JsonLayout layout) {
        this.table = requireNonNull(table, "table is null");
        this.mapping = table.mapping();
        int[] all = new int[mapping.size()];
        Arrays.setAll(all, i -> i);
        this.decoder = new JsonRowDecoder(layout, all, true);
        BadRecordPolicy configured = table.config().get(NoSqlTableProperties.BAD_RECORD_POLICY);
        this.policy = configured == null ? BadRecordPolicy.FAIL : configured;
        this.values = new Object[mapping.size()];
        this.errors = new RuntimeException[mapping.size()];
    }

    BadRecordPolicy policy() {
        return policy;
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
            switch (policy) {
                case FAIL -> throw badValue(mapping.column(i), where, error, bytes, length);
                case NULL -> {
                    row[i] = null;
                    anyNulled = true;
                }
                case SKIP -> {
                    skipped++;
                    return false;
                }
            }
        }
        if (anyNulled) {
            nulled++;
        }
        return true;
    }

    private boolean onMalformed(
            byte[] bytes, int length, Supplier<String> where, MalformedJsonException e, Object[] row) {
        switch (policy) {
            case FAIL -> throw new HandlerException(
                    HandlerErrorCode.BAD_RECORD,
                    "table " + table.tableName() + ", " + where.get() + ": " + e.getMessage() + "; the line: "
                            + quote(bytes, length) + ". Fix the line, or set 'nosql.bad-record.policy'='null' (all "
                            + "columns NULL) or 'skip' (with " + JsonInputFormat.class.getName()
                            + ") to read past it",
                    e);
            case NULL -> {
                Arrays.fill(row, null);
                nulled++;
                return true;
            }
            default -> {
                skipped++;
                return false;
            }
        }
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

    /** Lines read with at least one column set to NULL by the policy. */
    long nulled() {
        return nulled;
    }

    /** Lines dropped by the policy. */
    long skipped() {
        return skipped;
    }

    static String quote(byte[] bytes, int length) {
        String text = new String(bytes, 0, Math.min(length, MAX_QUOTED * 4), StandardCharsets.UTF_8);
        return text.length() > MAX_QUOTED
                ? "'" + text.substring(0, MAX_QUOTED) + "...' (" + length + " bytes)"
                : "'" + text + "'";
    }
}
