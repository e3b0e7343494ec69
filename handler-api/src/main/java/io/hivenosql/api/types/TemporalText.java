package io.hivenosql.api.types;

import java.time.DateTimeException;
import java.time.LocalDate;
import java.time.LocalDateTime;

/**
 * The canonical text of dates ({@code yyyy-MM-dd}) and timestamps ({@code yyyy-MM-ddTHH:mm:ss[.fraction]}), formatted
 * and parsed by hand: no formatter objects, no regex, no exceptions on the happy path.
 */
final class TemporalText {
    static final String DATE_FORMAT = "yyyy-MM-dd";
    static final String TIMESTAMP_FORMAT = "yyyy-MM-dd[T| ]HH:mm[:ss[.fffffffff]]";

    private TemporalText() {}

    static String formatDate(LocalDate date) {
        StringBuilder out = new StringBuilder(10);
        appendDate(out, date.getYear(), date.getMonthValue(), date.getDayOfMonth());
        return out.toString();
    }

    /** Seconds always present; the fraction only as long as needed, up to 9 digits. */
    static String formatTimestamp(LocalDateTime timestamp) {
        StringBuilder out = new StringBuilder(29);
        appendDate(out, timestamp.getYear(), timestamp.getMonthValue(), timestamp.getDayOfMonth());
        out.append('T');
        appendTwoDigits(out, timestamp.getHour());
        out.append(':');
        appendTwoDigits(out, timestamp.getMinute());
        out.append(':');
        appendTwoDigits(out, timestamp.getSecond());
        int nanos = timestamp.getNano();
        if (nanos != 0) {
            int digits = 9;
            while (nanos % 10 == 0) {
                nanos /= 10;
                digits--;
            }
            out.append('.');
            String fraction = Integer.toString(nanos);
            for (int i = fraction.length(); i < digits; i++) {
                out.append('0');
            }
            out.append(fraction);
        }
        return out.toString();
    }

    private static void appendDate(StringBuilder out, int year, int month, int day) {
        if (year >= 0 && year <= 9999) {
            appendFourDigits(out, year);
        } else {
            // ISO-8601 expanded years, as LocalDate.toString writes them
            out.append(year < 0 ? '-' : '+');
            int abs = Math.abs(year);
            if (abs <= 9999) {
                appendFourDigits(out, abs);
            } else {
                out.append(abs);
            }
        }
        out.append('-');
        appendTwoDigits(out, month);
        out.append('-');
        appendTwoDigits(out, day);
    }

    private static void appendFourDigits(StringBuilder out, int value) {
        out.append((char) ('0' + value / 1000))
                .append((char) ('0' + value / 100 % 10))
                .append((char) ('0' + value / 10 % 10))
                .append((char) ('0' + value % 10));
    }

    private static void appendTwoDigits(StringBuilder out, int value) {
        out.append((char) ('0' + value / 10)).append((char) ('0' + value % 10));
    }

    /** Parses {@code yyyy-MM-dd} (surrounding whitespace allowed). */
    static LocalDate parseDate(String text, DataType type) {
        Cursor cursor = new Cursor(text, type, "expected a date as " + DATE_FORMAT);
        int[] date = cursor.yearMonthDay();
        cursor.expectEnd();
        try {
            return LocalDate.of(date[0], date[1], date[2]);
        } catch (DateTimeException e) {
            throw new ValueConversionException(text, type, e.getMessage());
        }
    }

    /**
     * Parses {@code yyyy-MM-dd[T| ]HH:mm[:ss[.f]]} with 1 to 9 fraction digits, a date alone (midnight), and an
     * optional trailing {@code Z} (Hive timestamps carry no zone; a UTC designator is accepted and dropped).
     */
    static LocalDateTime parseTimestamp(String text, DataType type) {
        Cursor cursor = new Cursor(text, type, "expected a timestamp as " + TIMESTAMP_FORMAT);
        int[] date = cursor.yearMonthDay();
        int hour = 0;
        int minute = 0;
        int second = 0;
        int nanos = 0;
        if (!cursor.atEnd()) {
            char separator = cursor.next();
            if (separator != 'T' && separator != 't' && separator != ' ') {
                throw cursor.error();
            }
            hour = cursor.digits(1, 2);
            cursor.expect(':');
            minute = cursor.digits(1, 2);
            if (cursor.accept(':')) {
                second = cursor.digits(1, 2);
                if (cursor.accept('.')) {
                    int start = cursor.pos;
                    nanos = cursor.digits(1, 9);
                    for (int i = cursor.pos - start; i < 9; i++) {
                        nanos *= 10;
                    }
                    if (cursor.peekDigit()) {
                        throw new ValueConversionException(
                                text, type, "more than 9 fractional digits (Hive keeps nanoseconds)");
                    }
                }
            }
            cursor.accept('Z');
        }
        cursor.expectEnd();
        try {
            return LocalDateTime.of(date[0], date[1], date[2], hour, minute, second, nanos);
        } catch (DateTimeException e) {
            throw new ValueConversionException(text, type, e.getMessage());
        }
    }

    private static final class Cursor {
        private final String text;
        private final DataType type;
        private final String expected;
        private final int end;
        private int pos;

        Cursor(String text, DataType type, String expected) {
            this.text = text;
            this.type = type;
            this.expected = expected;
            int start = 0;
            int stop = text.length();
            while (start < stop && Character.isWhitespace(text.charAt(start))) {
                start++;
            }
            while (stop > start && Character.isWhitespace(text.charAt(stop - 1))) {
                stop--;
            }
            this.pos = start;
            this.end = stop;
        }

        /** Four digits, or ISO's expanded form: a sign and 4 to 9 digits. */
        /** {@code yyyy-MM-dd}: the year, month and day as written (a date only once {@link LocalDate#of} accepts them). */
        int[] yearMonthDay() {
            int year = year();
            expect('-');
            int month = digits(1, 2);
            expect('-');
            return new int[] {year, month, digits(1, 2)};
        }

        int year() {
            if (pos < end && (text.charAt(pos) == '-' || text.charAt(pos) == '+')) {
                boolean negative = text.charAt(pos++) == '-';
                int year = digits(4, 9);
                return negative ? -year : year;
            }
            return digits(4, 4);
        }

        int digits(int min, int max) {
            int start = pos;
            int value = 0;
            while (pos < end && pos - start < max) {
                char c = text.charAt(pos);
                if (c < '0' || c > '9') {
                    break;
                }
                value = value * 10 + (c - '0');
                pos++;
            }
            if (pos - start < min) {
                throw error();
            }
            return value;
        }

        boolean peekDigit() {
            return pos < end && text.charAt(pos) >= '0' && text.charAt(pos) <= '9';
        }

        void expect(char c) {
            if (!accept(c)) {
                throw error();
            }
        }

        boolean accept(char c) {
            if (pos < end && text.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        char next() {
            return text.charAt(pos++);
        }

        boolean atEnd() {
            return pos >= end;
        }

        void expectEnd() {
            if (pos != end) {
                throw error();
            }
        }

        ValueConversionException error() {
            return new ValueConversionException(text, type, expected);
        }
    }
}
