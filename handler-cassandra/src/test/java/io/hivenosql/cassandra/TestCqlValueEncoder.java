package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.internal.core.type.UserDefinedTypeBuilder;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class TestCqlValueEncoder {
    @Test
    void nullIsNull() {
        assertThat(CqlValueEncoder.encode(DataTypes.INT, null)).isNull();
    }

    @Test
    void strings() {
        assertThat(CqlValueEncoder.encode(DataTypes.TEXT, "héllo")).isEqualTo("héllo");
        assertThat(CqlValueEncoder.encode(DataTypes.ASCII, "plain")).isEqualTo("plain");
        assertFails(DataTypes.ASCII, "héllo", "character 2 ('é') is not US-ASCII");
        assertFails(DataTypes.TEXT, 12, "expected a string, got a Integer");
    }

    @Test
    void booleans() {
        assertThat(CqlValueEncoder.encode(DataTypes.BOOLEAN, true)).isEqualTo(true);
        assertFails(DataTypes.BOOLEAN, "true", "expected a boolean");
    }

    @Test
    void integersWidenAndNarrowWithRangeChecks() {
        assertThat(CqlValueEncoder.encode(DataTypes.BIGINT, 7)).isEqualTo(7L);
        assertThat(CqlValueEncoder.encode(DataTypes.BIGINT, (byte) -3)).isEqualTo(-3L);
        assertThat(CqlValueEncoder.encode(DataTypes.INT, (short) 12)).isEqualTo(12);
        assertThat(CqlValueEncoder.encode(DataTypes.INT, 2_147_483_647L)).isEqualTo(Integer.MAX_VALUE);
        assertThat(CqlValueEncoder.encode(DataTypes.SMALLINT, -32768L)).isEqualTo((short) -32768);
        assertThat(CqlValueEncoder.encode(DataTypes.TINYINT, 127)).isEqualTo((byte) 127);
        assertThat(CqlValueEncoder.encode(DataTypes.INT, new BigDecimal("42.000")))
                .isEqualTo(42);
        assertFails(DataTypes.INT, 2_147_483_648L, "out of range [-2147483648, 2147483647]");
        assertFails(DataTypes.TINYINT, 128, "out of range [-128, 127]");
        assertFails(DataTypes.SMALLINT, 40_000, "out of range");
        assertFails(DataTypes.BIGINT, new BigDecimal("9223372036854775808"), "out of range");
        assertFails(DataTypes.INT, new BigDecimal("1.5"), "not a whole number");
        assertFails(DataTypes.INT, "12", "expected a number");
        assertFails(DataTypes.COUNTER, 1L, "counter columns cannot be written");
    }

    @Test
    void floatingPointIsNeverRoundedSilently() {
        assertThat(CqlValueEncoder.encode(DataTypes.FLOAT, 1.5f)).isEqualTo(1.5f);
        assertThat(CqlValueEncoder.encode(DataTypes.FLOAT, 0.25d)).isEqualTo(0.25f);
        assertThat(CqlValueEncoder.encode(DataTypes.FLOAT, (double) 0.1f)).isEqualTo(0.1f);
        assertThat(CqlValueEncoder.encode(DataTypes.FLOAT, Double.NaN)).isEqualTo(Float.NaN);
        assertThat(CqlValueEncoder.encode(DataTypes.DOUBLE, 0.1d)).isEqualTo(0.1d);
        assertThat(CqlValueEncoder.encode(DataTypes.DOUBLE, 0.1f)).isEqualTo((double) 0.1f);
        assertThat(CqlValueEncoder.encode(DataTypes.DOUBLE, Double.NEGATIVE_INFINITY))
                .isEqualTo(Double.NEGATIVE_INFINITY);
        assertThat(CqlValueEncoder.encode(DataTypes.DOUBLE, 3)).isEqualTo(3.0d);
        assertFails(DataTypes.FLOAT, 0.1d, "a float cannot hold this double exactly");
        assertFails(DataTypes.DOUBLE, (1L << 53) + 1, "a double cannot hold this value exactly");
        assertFails(DataTypes.DOUBLE, "1.0", "expected a number");
    }

    @Test
    void decimalsAndVarints() {
        assertThat(CqlValueEncoder.encode(DataTypes.DECIMAL, new BigDecimal("12.340")))
                .isEqualTo(new BigDecimal("12.340"));
        assertThat(CqlValueEncoder.encode(DataTypes.DECIMAL, 5L)).isEqualTo(new BigDecimal(5));
        assertThat(CqlValueEncoder.encode(DataTypes.DECIMAL, 0.1d)).isEqualTo(new BigDecimal("0.1"));
        assertThat(CqlValueEncoder.encode(DataTypes.VARINT, new BigDecimal("123456789012345678901234567890")))
                .isEqualTo(new BigInteger("123456789012345678901234567890"));
        assertThat(CqlValueEncoder.encode(DataTypes.VARINT, new BigDecimal("1E+3")))
                .isEqualTo(BigInteger.valueOf(1000));
        assertThat(CqlValueEncoder.encode(DataTypes.VARINT, Long.MIN_VALUE))
                .isEqualTo(BigInteger.valueOf(Long.MIN_VALUE));
        assertThat(CqlValueEncoder.encode(DataTypes.VARINT, " -98765432109876543210 "))
                .isEqualTo(new BigInteger("-98765432109876543210"));
        assertFails(DataTypes.VARINT, new BigDecimal("1.5"), "not a whole number");
        assertFails(DataTypes.VARINT, "12a", "not an integer");
        assertFails(DataTypes.DECIMAL, Double.NaN, "NaN");
        assertFails(DataTypes.DECIMAL, "1.5", "expected a number");
    }

    @Test
    void blobsAreCopied() {
        byte[] bytes = {1, 2, 3};
        ByteBuffer encoded = (ByteBuffer) CqlValueEncoder.encode(DataTypes.BLOB, bytes);
        bytes[0] = 9;
        assertThat(encoded).isEqualTo(ByteBuffer.wrap(new byte[] {1, 2, 3}));
        assertFails(DataTypes.BLOB, "010203", "expected binary");
    }

    @Test
    void uuidsAreParsedStrictly() {
        String random = "123e4567-e89b-42d3-a456-426614174000";
        String timeBased = "5c2e7b30-8b1c-11ee-b9d1-0242ac120002";
        assertThat(CqlValueEncoder.encode(DataTypes.UUID, random.toUpperCase())).isEqualTo(UUID.fromString(random));
        assertThat(CqlValueEncoder.encode(DataTypes.TIMEUUID, timeBased)).isEqualTo(UUID.fromString(timeBased));
        assertThat(CqlValueEncoder.encode(DataTypes.UUID, timeBased)).isEqualTo(UUID.fromString(timeBased));
        assertFails(DataTypes.TIMEUUID, random, "time-based UUID (version 1), this one is version 4");
        assertFails(DataTypes.UUID, "1-2-3-4-5", "not a UUID");
        assertFails(DataTypes.UUID, "not-a-uuid", "not a UUID");
    }

    @Test
    void inetAddressesAreLiteralsOnly() throws Exception {
        assertThat(CqlValueEncoder.encode(DataTypes.INET, "10.0.0.255"))
                .isEqualTo(InetAddress.getByAddress(new byte[] {10, 0, 0, (byte) 255}));
        assertThat(CqlValueEncoder.encode(DataTypes.INET, "::1")).isEqualTo(InetAddress.getByName("::1"));
        assertThat(CqlValueEncoder.encode(DataTypes.INET, "2001:db8::ff00:42:8329"))
                .isEqualTo(InetAddress.getByName("2001:db8::ff00:42:8329"));
        assertFails(DataTypes.INET, "10.0.0.256", "greater than 255");
        assertFails(DataTypes.INET, "localhost", "not an IP address");
        assertFails(DataTypes.INET, "10.1", "not an IP address");
        assertFails(DataTypes.INET, "2001:db8:::1:2", "not an IPv6 address");
    }

    @Test
    void durations() {
        assertThat(CqlValueEncoder.encode(DataTypes.DURATION, "1h30m")).isEqualTo(CqlDuration.from("1h30m"));
        assertThat(CqlValueEncoder.encode(DataTypes.DURATION, "P1DT2H"))
                .isEqualTo(CqlDuration.newInstance(0, 1, 7_200_000_000_000L));
        assertFails(DataTypes.DURATION, "soon", "not a CQL duration");
    }

    @Test
    void timesOfDayFromTextOrNanos() {
        assertThat(CqlValueEncoder.encode(DataTypes.TIME, "13:45:07.123456789"))
                .isEqualTo(LocalTime.of(13, 45, 7, 123_456_789));
        assertThat(CqlValueEncoder.encode(DataTypes.TIME, "08:00")).isEqualTo(LocalTime.of(8, 0));
        assertThat(CqlValueEncoder.encode(DataTypes.TIME, 1_000_000_001L)).isEqualTo(LocalTime.of(0, 0, 1, 1));
        assertFails(DataTypes.TIME, "25:00", "not a time of day");
        assertFails(DataTypes.TIME, 86_400_000_000_000L, "nanoseconds of the day");
        assertFails(DataTypes.TIME, -1L, "nanoseconds of the day");
    }

    @Test
    void datesAndTimestamps() {
        assertThat(CqlValueEncoder.encode(DataTypes.DATE, LocalDate.of(1992, 1, 2)))
                .isEqualTo(LocalDate.of(1992, 1, 2));
        assertThat(CqlValueEncoder.encode(DataTypes.TIMESTAMP, LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_000_000)))
                .isEqualTo(Instant.parse("2024-02-29T23:59:59.999Z"));
        assertThat(CqlValueEncoder.encode(DataTypes.TIMESTAMP, LocalDateTime.of(1900, 1, 1, 0, 0)))
                .isEqualTo(Instant.parse("1900-01-01T00:00:00Z"));
        assertFails(DataTypes.TIMESTAMP, LocalDateTime.of(2024, 1, 1, 0, 0, 0, 1_000), "sub-millisecond digits");
        assertFails(DataTypes.TIMESTAMP, "2024-01-01 00:00:00", "expected a timestamp");
        assertFails(DataTypes.DATE, LocalDateTime.of(2024, 1, 1, 0, 0), "expected a date");
    }

    @Test
    void collections() {
        assertThat(CqlValueEncoder.encode(DataTypes.listOf(DataTypes.BIGINT), List.of(1, 2, 2)))
                .isEqualTo(List.of(1L, 2L, 2L));
        assertThat(CqlValueEncoder.encode(DataTypes.setOf(DataTypes.TEXT), List.of("b", "a", "b")))
                .isInstanceOf(Set.class)
                .isEqualTo(Set.of("a", "b"));
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("x", List.of(1));
        map.put("y", List.of());
        Object encoded =
                CqlValueEncoder.encode(DataTypes.mapOf(DataTypes.TEXT, DataTypes.frozenListOf(DataTypes.INT)), map);
        assertThat(encoded).isInstanceOf(LinkedHashMap.class).isEqualTo(map);
        assertThat(List.copyOf(((Map<?, ?>) encoded).keySet())).isEqualTo(List.of("x", "y"));
        assertFails(DataTypes.listOf(DataTypes.INT), Arrays.asList(1, null), "element 2 is NULL");
        assertFails(
                DataTypes.listOf(DataTypes.TINYINT),
                List.of(1, 1000),
                "element 2 ('1000' as tinyint): out of range [-128, 127]");
        Map<Object, Object> nullValue = new LinkedHashMap<>();
        nullValue.put("k", null);
        assertFails(DataTypes.mapOf(DataTypes.TEXT, DataTypes.INT), nullValue, "has a NULL");
        assertFails(
                DataTypes.mapOf(DataTypes.UUID, DataTypes.INT),
                Map.of("nope", 1),
                "key nope ('nope' as uuid): not a UUID");
        assertFails(DataTypes.listOf(DataTypes.INT), Map.of(), "expected an array");
    }

    @Test
    void tuplesArePositional() {
        TupleType type = DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT, DataTypes.listOf(DataTypes.DOUBLE));
        TupleValue value = (TupleValue) CqlValueEncoder.encode(
                type,
                io.hivenosql.api.types.DataTypes.parse("struct<a:int,b:string,c:array<double>>"),
                Arrays.asList(1, null, List.of(0.5)));
        assertThat(value.getInt(0)).isEqualTo(1);
        assertThat(value.isNull(1)).isTrue();
        assertThat(value.getList(2, Double.class)).containsExactly(0.5);
        assertFails(type, List.of(1, "a", List.of(), 4), "the struct has 4 fields, the tuple 3");
        assertFails(type, List.of("x"), "field 1 ('x' as int): expected a number");
    }

    @Test
    void udtsMatchStructFieldsByName() {
        UserDefinedType address = new UserDefinedTypeBuilder("ks", "address")
                .withField("street", DataTypes.TEXT)
                .withField("zip", DataTypes.INT)
                .withField(CqlIdentifier.fromInternal("Geo"), DataTypes.tupleOf(DataTypes.DOUBLE, DataTypes.DOUBLE))
                .build();
        UdtValue value = (UdtValue) CqlValueEncoder.encode(
                address,
                io.hivenosql.api.types.DataTypes.parse("struct<zip:int,geo:struct<lat:double,lon:double>>"),
                List.of(75001, List.of(48.85, 2.35)));
        assertThat(value.getInt("zip")).isEqualTo(75001);
        assertThat(value.isNull("street")).isTrue();
        assertThat(value.getTupleValue("\"Geo\"").getDouble(1)).isEqualTo(2.35);
        // without a Hive type: by position
        UdtValue positional = (UdtValue) CqlValueEncoder.encode(address, List.of("Main St", 1));
        assertThat(positional.getString("street")).isEqualTo("Main St");
        assertThatThrownBy(() -> CqlValueEncoder.encode(
                        address, io.hivenosql.api.types.DataTypes.parse("struct<city:string>"), List.of("Paris")))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("struct field 'city' is not a field of address");
    }

    @Test
    void vectors() {
        DataType type = DataTypes.vectorOf(DataTypes.FLOAT, 3);
        assertThat(CqlValueEncoder.encode(type, List.of(1.0f, 2.5f, -1f)))
                .isEqualTo(CqlVector.newInstance(1.0f, 2.5f, -1f));
        assertFails(type, List.of(1.0f, 2.0f), "the vector has 3 dimensions, the array has 2 elements");
        assertFails(type, Arrays.asList(1.0f, null, 2.0f), "element 2 is NULL");
    }

    private static void assertFails(DataType type, Object value, String reason) {
        assertThatThrownBy(() -> CqlValueEncoder.encode(type, value))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining(reason)
                .satisfies(e ->
                        assertThat(((ValueConversionException) e).targetType()).isEqualTo(type.asCql(true, true)));
    }
}
