package io.hivenosql.json;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonTemporalFormat;
import io.hivenosql.api.types.JsonTemporalFormat.Kind;
import io.hivenosql.api.types.TemporalRange;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.DateObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.TimestampObjectInspector;

/**
 * Writes dates and timestamps read from their Hive inspectors. The ISO formats ({@code iso}, {@code iso-utc}) are
 * written as raw values from a reused byte buffer for years 0 to 9999 (from the Hive value's fields, or from epoch days
 * and seconds by arithmetic), and whole epoch numbers as numbers, without LocalDate, LocalDateTime or String objects;
 * everything else (patterns, fractional epoch numbers, years outside 0-9999) goes to the table's
 * {@link JsonTemporalFormat}, which writes the same text for the values the fast paths take. Not thread-safe: one per
 * column writer.
 */
final class JsonTemporalWriter {
    private static final int SECONDS_PER_DAY = 86_400;
    private static final long MIN_DAY = TemporalRange.MIN_DATE.toEpochDay();
    private static final long MAX_DAY = TemporalRange.MAX_DATE.toEpochDay();
    private static final long MIN_SECOND = MIN_DAY * SECONDS_PER_DAY;
    private static final long MAX_SECOND = (MAX_DAY + 1) * SECONDS_PER_DAY - 1;

    private final JsonTemporalFormat format;
    private final Kind kind;
    /** The text between quotes: {@code "yyyy-MM-dd..."}, written as a raw value (the characters need no escapes). */
    private final byte[] buffer = new byte[32];

    private final JsonRawValue raw = new JsonRawValue();

    private JsonTemporalWriter(JsonTemporalFormat format) {
        this.format = format;
        this.kind = format.kind();
    }

    static JsonValueWriter dates(PrimitiveObjectInspector inspector, JsonStyle style) {
        DateObjectInspector dates = (DateObjectInspector) inspector;
        JsonTemporalWriter writer = new JsonTemporalWriter(style.dates());
        if (dates.preferWritable()) {
            return (generator, value) -> writer.writeDate(
                    generator, dates.getPrimitiveWritableObject(value).getDays());
        }
        return (generator, value) -> {
            Date date = dates.getPrimitiveJavaObject(value);
            checkDay(date.toEpochDay());
            if (writer.kind == Kind.ISO && writer.formatDate(date.getYear(), date.getMonth(), date.getDay())) {
                writer.writeQuoted(generator, 10);
            } else {
                writer.writeDate(generator, date.toEpochDay());
            }
        };
    }

    static JsonValueWriter timestamps(PrimitiveObjectInspector inspector, JsonStyle style) {
        TimestampObjectInspector timestamps = (TimestampObjectInspector) inspector;
        JsonTemporalWriter writer = new JsonTemporalWriter(style.timestamps());
        return (generator, value) -> {
            Timestamp timestamp = timestamps.getPrimitiveJavaObject(value);
            checkSecond(timestamp.toEpochSecond(), timestamp.getNanos());
            if (writer.kind == Kind.ISO || writer.kind == Kind.ISO_UTC) {
                int length = writer.formatTimestamp(timestamp);
                if (length > 0) {
                    writer.writeIso(generator, length);
                    return;
                }
            }
            writer.writeTimestamp(generator, timestamp.toEpochSecond(), timestamp.getNanos());
        };
    }

    /**
     * A date Hive computed beyond years 1 to 9999 ({@code date_add('9999-12-31', 1)}) fails the write: it would not
     * read back.
     */
    private static void checkDay(long epochDay) {
        if (epochDay < MIN_DAY || epochDay > MAX_DAY) {
            TemporalRange.checkWrite(LocalDate.ofEpochDay(epochDay));
        }
    }

    private static void checkSecond(long epochSecond, int nanos) {
        if (epochSecond < MIN_SECOND || epochSecond > MAX_SECOND) {
            TemporalRange.checkWrite(LocalDateTime.ofEpochSecond(epochSecond, nanos, ZoneOffset.UTC));
        }
    }

    void writeDate(JsonGenerator generator, long epochDay) throws IOException {
        checkDay(epochDay);
        if (kind == Kind.EPOCH_DAYS) {
            generator.writeNumber(epochDay);
        } else if (kind == Kind.ISO && formatDate(epochDay)) {
            writeQuoted(generator, 10);
        } else {
            format.writeDate(generator, LocalDate.ofEpochDay(epochDay));
        }
    }

    void writeTimestamp(JsonGenerator generator, long epochSecond, int nanos) throws IOException {
        checkSecond(epochSecond, nanos);
        switch (kind) {
            case ISO, ISO_UTC -> {
                int length = formatTimestamp(epochSecond, nanos);
                if (length > 0) {
                    writeIso(generator, length);
                    return;
                }
            }
            case EPOCH_MILLIS -> {
                if (nanos % 1_000_000 == 0) {
                    generator.writeNumber(Math.addExact(Math.multiplyExact(epochSecond, 1000L), nanos / 1_000_000));
                    return;
                }
            }
            case EPOCH_SECONDS -> {
                if (nanos == 0) {
                    generator.writeNumber(epochSecond);
                    return;
                }
            }
            default -> {
                // the format writes it
            }
        }
        format.writeTimestamp(generator, LocalDateTime.ofEpochSecond(epochSecond, nanos, ZoneOffset.UTC));
    }

    /** The formatted timestamp in the buffer, with the {@code Z} of {@code iso-utc}. */
    private void writeIso(JsonGenerator generator, int length) throws IOException {
        if (kind == Kind.ISO_UTC) {
            buffer[1 + length++] = 'Z';
        }
        writeQuoted(generator, length);
    }

    /** The {@code length} characters formatted into the buffer, as a JSON string. */
    private void writeQuoted(JsonGenerator generator, int length) throws IOException {
        buffer[0] = '"';
        buffer[1 + length] = '"';
        generator.writeRawValue(raw.set(buffer, 0, length + 2));
    }

    /** {@code yyyy-MM-dd} into the buffer; false for a year outside 0-9999 (the format's expanded form). */
    boolean formatDate(long epochDay) {
        // days to civil date in the proleptic Gregorian calendar (eras of 400 years from 0000-03-01)
        long z = epochDay + 719_468;
        long era = Math.floorDiv(z, 146_097);
        long dayOfEra = z - era * 146_097;
        long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365;
        long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
        long shiftedMonth = (5 * dayOfYear + 2) / 153;
        int day = (int) (dayOfYear - (153 * shiftedMonth + 2) / 5 + 1);
        int month = (int) (shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9);
        long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
        return year >= 0 && year <= 9999 && formatDate((int) year, month, day);
    }

    /** {@code yyyy-MM-dd} of a valid date into the buffer; false for a year outside 0-9999. */
    boolean formatDate(int y, int month, int day) {
        if (y < 0 || y > 9999) {
            return false;
        }
        buffer[1] = (byte) ('0' + y / 1000);
        buffer[2] = (byte) ('0' + y / 100 % 10);
        buffer[3] = (byte) ('0' + y / 10 % 10);
        buffer[4] = (byte) ('0' + y % 10);
        buffer[5] = '-';
        twoDigits(5, month);
        buffer[8] = '-';
        twoDigits(8, day);
        return true;
    }

    /**
     * {@code yyyy-MM-ddTHH:mm:ss[.fraction]} (the fraction as short as possible) into the buffer; its length, or 0 for
     * a year outside 0-9999.
     */
    int formatTimestamp(long epochSecond, int nanos) {
        long days = Math.floorDiv(epochSecond, SECONDS_PER_DAY);
        int secondOfDay = (int) Math.floorMod(epochSecond, SECONDS_PER_DAY);
        if (!formatDate(days)) {
            return 0;
        }
        return formatTime(secondOfDay / 3600, secondOfDay / 60 % 60, secondOfDay % 60, nanos);
    }

    /** {@link #formatTimestamp(long, int)} from the fields of a Hive timestamp. */
    int formatTimestamp(Timestamp timestamp) {
        if (!formatDate(timestamp.getYear(), timestamp.getMonth(), timestamp.getDay())) {
            return 0;
        }
        return formatTime(timestamp.getHours(), timestamp.getMinutes(), timestamp.getSeconds(), timestamp.getNanos());
    }

    private int formatTime(int hour, int minute, int second, int nanos) {
        buffer[11] = 'T';
        twoDigits(11, hour);
        buffer[14] = ':';
        twoDigits(14, minute);
        buffer[17] = ':';
        twoDigits(17, second);
        int length = 19;
        if (nanos != 0) {
            buffer[1 + length++] = '.';
            int fraction = nanos;
            int digits = 9;
            while (fraction % 10 == 0) {
                fraction /= 10;
                digits--;
            }
            for (int i = digits - 1; i >= 0; i--) {
                buffer[1 + length + i] = (byte) ('0' + fraction % 10);
                fraction /= 10;
            }
            length += digits;
        }
        return length;
    }

    /** Two digits at text position {@code at} (the buffer holds the opening quote before the text). */
    private void twoDigits(int at, int value) {
        buffer[1 + at] = (byte) ('0' + value / 10);
        buffer[2 + at] = (byte) ('0' + value % 10);
    }
}
