package io.hivenosql.api.types;

import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The dates and timestamps a Hive column holds: years 1 to 9999, {@code 0001-01-01} to {@code 9999-12-31} and
 * {@code 0001-01-01 00:00:00} to {@code 9999-12-31 23:59:59.999999999} (ANSI SQL's range, and what Hive's clients can
 * show: its JDBC driver builds {@code java.sql} values, which turn year 0 into 1 BC and refuse signed years).
 *
 * <p>Stores hold more: Cassandra dates span millions of years, BSON dates and CQL timestamps are 64-bit milliseconds,
 * Redis holds any text. Hive's own types would carry such values into wrong results (a year 1701533 in arithmetic, a
 * sign flipped in ORC, a JDBC client failing with {@code Failed to evaluate TIMESTAMP_TYPE}), so a stored value outside
 * the range is a bad record when read ({@code HiveValues.toHive}) and a Hive value outside it (Hive computes
 * {@code date_add('9999-12-31', 1)} without complaint) fails the write ({@code HiveValues.fromHive}).
 */
public final class TemporalRange {
    public static final LocalDate MIN_DATE = LocalDate.of(1, 1, 1);
    public static final LocalDate MAX_DATE = LocalDate.of(9999, 12, 31);
    public static final LocalDateTime MIN_TIMESTAMP = MIN_DATE.atStartOfDay();
    public static final LocalDateTime MAX_TIMESTAMP = LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999);

    private static final String DATE_RANGE = "outside Hive's date range (0001-01-01 to 9999-12-31)";
    private static final String TIMESTAMP_RANGE =
            "outside Hive's timestamp range (0001-01-01 00:00:00 to 9999-12-31 23:59:59.999999999)";

    private TemporalRange() {}

    public static boolean contains(LocalDate date) {
        int year = date.getYear();
        return year >= 1 && year <= 9999;
    }

    public static boolean contains(LocalDateTime timestamp) {
        int year = timestamp.getYear();
        return year >= 1 && year <= 9999;
    }

    /**
     * The date when Hive can hold it.
     *
     * @throws ValueConversionException naming the date (ISO-8601, {@code +1701533-01-31}) and the range
     */
    public static LocalDate checkRead(LocalDate date) {
        if (!contains(date)) {
            throw new ValueConversionException(TemporalText.formatDate(date), PrimitiveType.DATE, DATE_RANGE);
        }
        return date;
    }

    /**
     * The timestamp when Hive can hold it.
     *
     * @throws ValueConversionException naming the timestamp and the range
     */
    public static LocalDateTime checkRead(LocalDateTime timestamp) {
        if (!contains(timestamp)) {
            throw new ValueConversionException(
                    TemporalText.formatTimestamp(timestamp), PrimitiveType.TIMESTAMP, TIMESTAMP_RANGE);
        }
        return timestamp;
    }

    /**
     * A date Hive computed, when the handlers can store it so that it reads back.
     *
     * @throws ValueConversionException ({@code cannot write ...}) naming the date and the range
     */
    public static LocalDate checkWrite(LocalDate date) {
        if (!contains(date)) {
            throw ValueConversionException.cannotWrite(
                    TemporalText.formatDate(date), PrimitiveType.DATE, DATE_RANGE + ", which is all a table reads");
        }
        return date;
    }

    /**
     * A timestamp Hive computed, when the handlers can store it so that it reads back.
     *
     * @throws ValueConversionException ({@code cannot write ...}) naming the timestamp and the range
     */
    public static LocalDateTime checkWrite(LocalDateTime timestamp) {
        if (!contains(timestamp)) {
            throw ValueConversionException.cannotWrite(
                    TemporalText.formatTimestamp(timestamp),
                    PrimitiveType.TIMESTAMP,
                    TIMESTAMP_RANGE + ", which is all a table reads");
        }
        return timestamp;
    }
}
