package io.hivenosql.json;

import static io.hivenosql.json.TestJsonValueWriters.assertSameAsNeutral;
import static io.hivenosql.json.TestJsonValueWriters.catchMessage;
import static io.hivenosql.json.TestJsonValueWriters.timestamps;
import static io.hivenosql.json.TestJsonValueWriters.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonTemporalFormat;
import java.time.LocalDate;
import java.util.SplittableRandom;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.io.DateWritableV2;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.junit.jupiter.api.Test;

/**
 * Dates and timestamps written by {@link JsonTemporalWriter} in every format are what the neutral path writes, for
 * Hive's Java and writable inspectors, at the ends of Hive's range, with every number of fraction digits.
 */
class TestJsonTemporalWriter {
    private static final JsonStyle ISO = JsonStyle.CANONICAL;

    private static JsonStyle dates(String format) {
        return new JsonStyle(JsonTemporalFormat.ISO, JsonTemporalFormat.date(format), true);
    }

    private static final Object[] DATES = {
        Date.valueOf("0001-01-01"),
        Date.valueOf("9999-12-31"),
        Date.valueOf("1970-01-01"),
        Date.valueOf("1969-12-31"),
        Date.valueOf("2000-02-29"),
        Date.valueOf("1900-03-01"),
        Date.valueOf("1582-10-04"),
    };

    @Test
    void datesInEveryFormat() {
        assertSameAsNeutral("date", ISO, DATES);
        assertSameAsNeutral("date", dates("epoch-days"), DATES);
        assertSameAsNeutral("date", dates("dd.MM.yyyy"), DATES);
    }

    /** Hive computes dates beyond its range (date_add('9999-12-31', 1)); written, they would not read back. */
    @Test
    void valuesBeyondHivesRangeAreNotWritten() {
        Object[] beyond = {
            Date.ofEpochDay(2_932_897), // 10000-01-01
            Date.ofEpochDay((int) LocalDate.of(0, 12, 31).toEpochDay()),
        };
        for (JsonStyle style : new JsonStyle[] {ISO, dates("epoch-days"), dates("dd.MM.yyyy")}) {
            for (PrimitiveObjectInspector inspector : new PrimitiveObjectInspector[] {
                PrimitiveObjectInspectorFactory.javaDateObjectInspector,
                PrimitiveObjectInspectorFactory.writableDateObjectInspector
            }) {
                JsonValueWriter writer = JsonValueWriters.of(DataTypes.parse("date"), inspector, style);
                for (Object date : beyond) {
                    Object value = inspector.preferWritable() ? new DateWritableV2((Date) date) : date;
                    assertThatThrownBy(() -> write(writer, value))
                            .hasMessageStartingWith("cannot write '")
                            .hasMessageContaining("as date: outside Hive's date range (0001-01-01 to 9999-12-31)");
                }
            }
        }
        for (JsonStyle style : new JsonStyle[] {ISO, timestamps("epoch-millis"), timestamps("yyyy-MM-dd HH:mm")}) {
            JsonValueWriter writer = JsonValueWriters.of(
                    DataTypes.parse("timestamp"), PrimitiveObjectInspectorFactory.javaTimestampObjectInspector, style);
            assertThatThrownBy(() -> write(writer, Timestamp.valueOf("10000-01-01 00:00:00")))
                    .hasMessageStartingWith("cannot write '+10000-01-01T00:00:00' as timestamp: outside Hive's");
            assertThatThrownBy(() -> write(writer, Timestamp.valueOf("0000-12-31 23:59:59.5")))
                    .hasMessageStartingWith("cannot write '0000-12-31T23:59:59.5' as timestamp");
        }
    }

    @Test
    void everyDayOfHivesRangeFormatsAsLocalDate() {
        long first = LocalDate.of(1, 1, 1).toEpochDay();
        long last = LocalDate.of(9999, 12, 31).toEpochDay();
        DataType type = DataTypes.parse("date");
        JsonValueWriter writer =
                JsonValueWriters.of(type, PrimitiveObjectInspectorFactory.writableDateObjectInspector, ISO);
        DateWritableV2 date = new DateWritableV2();
        for (long day = first; day <= last; day++) {
            date.set((int) day);
            assertThat(write(writer, date)).isEqualTo("\"" + LocalDate.ofEpochDay(day) + "\"");
        }
    }

    private static final Object[] TIMESTAMPS = {
        Timestamp.valueOf("2024-02-29 12:34:56"),
        Timestamp.valueOf("2024-02-29 12:34:56.000000001"),
        Timestamp.valueOf("2024-02-29 12:34:56.00000001"),
        Timestamp.valueOf("2024-02-29 12:34:56.1"),
        Timestamp.valueOf("2024-02-29 12:34:56.123"),
        Timestamp.valueOf("2024-02-29 12:34:56.123456789"),
        Timestamp.valueOf("2024-02-29 12:34:56.999999999"),
        Timestamp.valueOf("0001-01-01 00:00:00"),
        Timestamp.valueOf("9999-12-31 23:59:59.999999999"),
        Timestamp.valueOf("1969-12-31 23:59:59.5"),
        Timestamp.valueOf("1970-01-01 00:00:00"),
    };

    @Test
    void timestampsInEveryFormat() {
        assertSameAsNeutral("timestamp", ISO, TIMESTAMPS);
        assertSameAsNeutral("timestamp", timestamps("iso-utc"), TIMESTAMPS);
        assertSameAsNeutral("timestamp", timestamps("epoch-millis"), TIMESTAMPS);
        assertSameAsNeutral("timestamp", timestamps("epoch-seconds"), TIMESTAMPS);
        assertSameAsNeutral("timestamp", timestamps("yyyy/MM/dd HH:mm:ss.SSSSSSSSS"), TIMESTAMPS);
        SplittableRandom random = new SplittableRandom(3);
        for (int i = 0; i < 5000; i++) {
            long second = random.nextLong(-62_135_596_800L, 253_402_300_800L);
            int nanos = random.nextBoolean() ? random.nextInt(1_000_000_000) : random.nextInt(1000) * 1_000_000;
            Timestamp timestamp = Timestamp.ofEpochSecond(second, nanos);
            assertSameAsNeutral("timestamp", ISO, timestamp);
            assertSameAsNeutral("timestamp", timestamps("epoch-millis"), timestamp);
        }
    }

    @Test
    void aPatternThatCannotHoldTheValueFailsAsTheGeneralWriter() {
        DataType type = DataTypes.parse("timestamp");
        JsonStyle style = timestamps("yyyy/MM/dd HH:mm:ss");
        PrimitiveObjectInspector inspector = PrimitiveObjectInspectorFactory.javaTimestampObjectInspector;
        Timestamp value = Timestamp.valueOf("2024-01-01 10:00:00.5");
        assertThatThrownBy(() -> write(JsonValueWriters.of(type, inspector, style), value))
                .hasMessage(catchMessage(() -> write(new JsonGeneralWriter(type, inspector, style), value)));
    }
}
