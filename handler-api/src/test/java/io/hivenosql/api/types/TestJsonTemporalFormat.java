package io.hivenosql.api.types;

import static io.hivenosql.api.types.PrimitiveType.DATE;
import static io.hivenosql.api.types.PrimitiveType.TIMESTAMP;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;
import java.io.StringWriter;
import java.time.LocalDate;
import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;

class TestJsonTemporalFormat {
    private static final LocalDateTime WHOLE = LocalDateTime.of(2024, 1, 1, 10, 0, 0);
    private static final LocalDateTime MICROS = LocalDateTime.of(2024, 1, 1, 10, 0, 0, 123_456_000);
    private static final LocalDateTime BEFORE_EPOCH = LocalDateTime.of(1969, 12, 31, 23, 59, 59, 500_000_000);

    private static JsonValueCodec codec(String timestamps, String dates) {
        return JsonValueCodec.of(
                new JsonStyle(JsonTemporalFormat.timestamp(timestamps), JsonTemporalFormat.date(dates), true));
    }

    private static String write(JsonValueCodec codec, DataType type, Object value) throws IOException {
        StringWriter out = new StringWriter();
        try (JsonGenerator generator = JsonValueCodec.factory().createGenerator(out)) {
            codec.write(generator, type, value);
        }
        return out.toString();
    }

    private static Object read(JsonValueCodec codec, DataType type, String json) throws IOException {
        try (JsonParser parser = JsonValueCodec.factory().createParser(json)) {
            parser.nextToken();
            return codec.read(parser, type);
        }
    }

    private static void assertRoundTrip(JsonValueCodec codec, DataType type, Object value, String json)
            throws IOException {
        assertThat(write(codec, type, value)).isEqualTo(json);
        assertThat(read(codec, type, json)).isEqualTo(value);
    }

    @Test
    void epochNumbersKeepEveryDigit() throws IOException {
        JsonValueCodec millis = codec("epoch-millis", "epoch-days");
        assertRoundTrip(millis, TIMESTAMP, WHOLE, "1704103200000");
        assertRoundTrip(millis, TIMESTAMP, MICROS, "1704103200123.456");
        assertRoundTrip(millis, TIMESTAMP, BEFORE_EPOCH, "-500");
        assertRoundTrip(millis, DATE, LocalDate.of(1969, 12, 31), "-1");
        JsonValueCodec seconds = codec("epoch-seconds", "iso");
        assertRoundTrip(seconds, TIMESTAMP, WHOLE, "1704103200");
        assertRoundTrip(seconds, TIMESTAMP, MICROS, "1704103200.123456");
        assertRoundTrip(seconds, TIMESTAMP, BEFORE_EPOCH, "-0.5");
        assertThatThrownBy(() -> read(seconds, TIMESTAMP, "1.0000000001"))
                .hasMessageContaining("digits below nanoseconds (epoch seconds)");
        assertThatThrownBy(() -> read(seconds, TIMESTAMP, "1e300")).hasMessageContaining("out of range");
    }

    @Test
    void isoVariantsAndOffsetsConvertToUtc() throws IOException {
        JsonValueCodec iso = JsonValueCodec.CANONICAL;
        assertRoundTrip(iso, TIMESTAMP, MICROS, "\"2024-01-01T10:00:00.123456\"");
        assertThat(read(iso, TIMESTAMP, "\"2024-01-01 10:00:00.123456\"")).isEqualTo(MICROS);
        assertThat(read(iso, TIMESTAMP, "\"2024-01-01T10:00:00Z\"")).isEqualTo(WHOLE);
        assertThat(read(iso, TIMESTAMP, "\"2024-01-01 12:00:00+02:00\"")).isEqualTo(WHOLE);
        assertThat(read(iso, TIMESTAMP, "\"2024-01-01T05:30:00.123456-04:30\"")).isEqualTo(MICROS);
        assertThat(read(iso, TIMESTAMP, "1704103200000")).isEqualTo(WHOLE);
        assertThat(read(iso, DATE, "19723")).isEqualTo(LocalDate.of(2024, 1, 1));
        assertRoundTrip(codec("iso-utc", "iso"), TIMESTAMP, MICROS, "\"2024-01-01T10:00:00.123456Z\"");
        assertThatThrownBy(() -> read(iso, TIMESTAMP, "\"yesterday\"")).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> read(iso, TIMESTAMP, "true")).hasMessageContaining("got a boolean");
    }

    @Test
    void patternsWriteOnlyWhatTheyCanHold() throws IOException {
        JsonValueCodec pattern = codec("dd.MM.yyyy HH:mm", "dd.MM.yyyy");
        assertRoundTrip(pattern, TIMESTAMP, WHOLE, "\"01.01.2024 10:00\"");
        assertRoundTrip(pattern, DATE, LocalDate.of(2024, 2, 29), "\"29.02.2024\"");
        assertThat(read(pattern, TIMESTAMP, "\"2024-01-01T10:00:00\"")).isEqualTo(WHOLE);
        assertThatThrownBy(() -> write(pattern, TIMESTAMP, MICROS))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("the pattern 'dd.MM.yyyy HH:mm' would write it as '01.01.2024 10:00'");
        assertThatThrownBy(() -> read(pattern, TIMESTAMP, "\"01/01/2024\""))
                .hasMessageContaining("matches neither the pattern 'dd.MM.yyyy HH:mm' nor ISO-8601");
    }

    @Test
    void invalidDatesAreRefusedNotMovedAndTheRangeIsHives() {
        JsonValueCodec pattern = codec("yyyy/MM/dd HH:mm:ss", "dd.MM.yyyy");
        assertThatThrownBy(() -> read(pattern, DATE, "\"30.02.2024\"")).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> read(pattern, TIMESTAMP, "\"2024/02/30 10:15:30\""))
                .isInstanceOf(ValueConversionException.class);
        JsonValueCodec iso = JsonValueCodec.CANONICAL;
        assertThatThrownBy(() -> read(iso, DATE, "3000000")).hasMessageContaining("outside Hive's range");
        assertThatThrownBy(() -> read(iso, DATE, "99999999999")).isInstanceOf(ValueConversionException.class);
        assertThatThrownBy(() -> read(iso, TIMESTAMP, "1e15")).hasMessageContaining("outside Hive's range");
        assertThatThrownBy(() -> read(iso, TIMESTAMP, "-1e15")).hasMessageContaining("outside Hive's range");
        assertThatThrownBy(() -> write(pattern, TIMESTAMP, MICROS)).hasMessageStartingWith("cannot write '");
    }

    @Test
    void badSpecsSayWhatIsAccepted() {
        assertThatThrownBy(() -> JsonTemporalFormat.timestamp("yyyy-MM-dd {bogus"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining(JsonTemporalFormat.TIMESTAMP_FORMATS);
        assertThatThrownBy(() -> JsonTemporalFormat.date(" ")).hasMessageContaining(JsonTemporalFormat.DATE_FORMATS);
        assertThat(JsonTemporalFormat.timestamp("EPOCH-MILLIS").spec()).isEqualTo("epoch-millis");
    }
}
