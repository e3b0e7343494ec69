package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.TupleType;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.internal.core.type.UserDefinedTypeBuilder;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * The Hive type inference gives each CQL type ({@link CqlTypes#hiveTypeOf}, {@link CqlPrimitive}) reads that type's
 * values through the module's own reader ({@link CqlValueDecoder}) without a bad record: every value is put in a
 * driver tuple value (as a row holds it) and read back as the inferred type. No server.
 */
class TestCassandraInferredTypes {
    private static final UserDefinedType ADDRESS = new UserDefinedTypeBuilder("shop", "address")
            .withField("\"Street\"", DataTypes.TEXT)
            .withField("zip", DataTypes.INT)
            .withField("\"geo point\"", DataTypes.tupleOf(DataTypes.DOUBLE, DataTypes.DOUBLE))
            .build();

    /** A value of each primitive type the driver defines, with what the reader makes of it. */
    private static final Map<DataType, Sample> PRIMITIVES = new LinkedHashMap<>();

    static {
        UUID uuid = UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301");
        UUID timeuuid = UUID.fromString("50554d6e-29bb-11e5-b345-feff819cdc9f");
        sample(DataTypes.ASCII, "string", "ascii", "ascii");
        sample(DataTypes.TEXT, "string", "héllo ✓", "héllo ✓");
        sample(DataTypes.BOOLEAN, "boolean", true, true);
        sample(DataTypes.TINYINT, "tinyint", (byte) -5, (byte) -5);
        sample(DataTypes.SMALLINT, "smallint", (short) 300, (short) 300);
        sample(DataTypes.INT, "int", 70_000, 70_000);
        sample(DataTypes.BIGINT, "bigint", 9_000_000_000L, 9_000_000_000L);
        sample(DataTypes.COUNTER, "bigint", 42L, 42L);
        sample(DataTypes.FLOAT, "float", 1.5f, 1.5f);
        sample(DataTypes.DOUBLE, "double", 2.25, 2.25);
        // the widest value decimal(38,18) holds: 20 digits before the point
        sample(
                DataTypes.DECIMAL,
                "decimal(38,18)",
                new BigDecimal("12345678901234567890.5"),
                new BigDecimal("12345678901234567890.500000000000000000"));
        BigInteger digits38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
        sample(DataTypes.VARINT, "decimal(38,0)", digits38, new BigDecimal(digits38));
        sample(DataTypes.BLOB, "binary", ByteBuffer.wrap(new byte[] {(byte) 0xca, (byte) 0xfe}), new byte[] {
            (byte) 0xca, (byte) 0xfe
        });
        sample(DataTypes.UUID, "string", uuid, uuid.toString());
        sample(DataTypes.TIMEUUID, "string", timeuuid, timeuuid.toString());
        sample(DataTypes.INET, "string", address("2001:db8:0:0:0:0:0:1"), "2001:db8::1");
        sample(DataTypes.DATE, "date", LocalDate.of(2024, 2, 29), LocalDate.of(2024, 2, 29));
        sample(DataTypes.TIME, "string", LocalTime.of(12, 34, 56, 123_456_789), "12:34:56.123456789");
        sample(
                DataTypes.TIMESTAMP,
                "timestamp",
                Instant.parse("2024-02-29T12:34:56.789Z"),
                LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000));
        sample(DataTypes.DURATION, "string", CqlDuration.from("1h30m"), "1h30m");
    }

    private record Sample(String hiveType, Object driverValue, Object neutralValue) {}

    private static void sample(DataType cql, String hive, Object driverValue, Object neutralValue) {
        PRIMITIVES.put(cql, new Sample(hive, driverValue, neutralValue));
    }

    @Test
    void everyPrimitiveTypeOfTheDriverReadsAsItsInferredType() throws IllegalAccessException {
        Set<DataType> constants = new LinkedHashSet<>();
        for (Field field : DataTypes.class.getFields()) {
            if (Modifier.isStatic(field.getModifiers()) && DataType.class.isAssignableFrom(field.getType())) {
                constants.add((DataType) field.get(null));
            }
        }
        // a constant a new driver adds fails here until it has a sample (and an entry in CqlPrimitive)
        assertThat(PRIMITIVES.keySet()).containsExactlyInAnyOrderElementsOf(constants);
        PRIMITIVES.forEach((cql, sample) -> {
            assertThat(CqlTypes.hiveTypeOf(cql).typeName())
                    .as("%s", cql.asCql(true, true))
                    .isEqualTo(sample.hiveType());
            assertThat(readBack(cql, sample.driverValue()))
                    .as("%s", cql.asCql(true, true))
                    .isEqualTo(sample.neutralValue());
        });
    }

    @Test
    void collectionsFrozenOrNotTuplesUdtsAndVectorsReadAsHiveComplexTypes() {
        assertReads(DataTypes.listOf(DataTypes.INT), "array<int>", List.of(3, 1, 2), List.of(3, 1, 2));
        assertReads(DataTypes.frozenListOf(DataTypes.TEXT), "array<string>", List.of("a"), List.of("a"));
        assertReads(
                DataTypes.setOf(DataTypes.UUID),
                "array<string>",
                Set.of(UUID.fromString("3f2504e0-4f89-11d3-9a0c-0305e82c3301")),
                List.of("3f2504e0-4f89-11d3-9a0c-0305e82c3301"));
        assertReads(DataTypes.frozenSetOf(DataTypes.BIGINT), "array<bigint>", Set.of(7L), List.of(7L));
        assertReads(
                DataTypes.mapOf(DataTypes.TEXT, DataTypes.frozenListOf(DataTypes.BIGINT)),
                "map<string,array<bigint>>",
                Map.of("k", List.of(1L, 2L)),
                Map.of("k", List.of(1L, 2L)));
        assertReads(
                DataTypes.frozenMapOf(DataTypes.DATE, DataTypes.DECIMAL),
                "map<date,decimal(38,18)>",
                Map.of(LocalDate.of(2024, 1, 1), new BigDecimal("1.5")),
                Map.of(LocalDate.of(2024, 1, 1), new BigDecimal("1.500000000000000000")));
        TupleType pair = DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT);
        assertReads(pair, "struct<col1:int,col2:string>", pair.newValue(7, "x"), List.of(7, "x"));
        assertReads(
                ADDRESS,
                "struct<Street:string,zip:int,`geo point`:struct<col1:double,col2:double>>",
                ADDRESS.newValue(
                        "Main",
                        12345,
                        DataTypes.tupleOf(DataTypes.DOUBLE, DataTypes.DOUBLE).newValue(1.5, -2.5)),
                List.of("Main", 12345, List.of(1.5, -2.5)));
        UserDefinedType frozen = (UserDefinedType) ADDRESS.copy(true);
        assertThat(CqlTypes.hiveTypeOf(frozen)).isEqualTo(CqlTypes.hiveTypeOf(ADDRESS));
        assertReads(
                DataTypes.vectorOf(DataTypes.FLOAT, 3),
                "array<float>",
                CqlVector.newInstance(1.0f, 2.5f, -3.0f),
                List.of(1.0f, 2.5f, -3.0f));
        assertReads(
                DataTypes.listOf(DataTypes.frozenMapOf(DataTypes.INT, ADDRESS)),
                "array<map<int,struct<Street:string,zip:int,`geo point`:struct<col1:double,col2:double>>>>",
                List.of(),
                List.of());
    }

    @Test
    void notesSayWhatWasDecidedWhereTheMappingIsNotTheOneObviousOne() {
        assertThat(CqlTypes.inferenceNotes(DataTypes.TEXT)).isEmpty();
        assertThat(CqlTypes.inferenceNotes(DataTypes.TIMESTAMP)).isEmpty();
        assertThat(CqlTypes.inferenceNotes(DataTypes.UUID)).isEmpty();
        assertThat(CqlTypes.inferenceNotes(ADDRESS.copy(false)))
                .singleElement()
                .asString()
                .contains("col1, col2");
        assertThat(CqlTypes.inferenceNotes(DataTypes.DECIMAL))
                .singleElement()
                .asString()
                .contains("decimal(38,18)")
                .contains("rounded to 18 decimal places")
                .contains("bad record");
        assertThat(CqlTypes.inferenceNotes(DataTypes.VARINT))
                .singleElement()
                .asString()
                .contains("as string");
        assertThat(CqlTypes.inferenceNotes(DataTypes.COUNTER))
                .singleElement()
                .asString()
                .contains("cannot write");
        assertThat(CqlTypes.inferenceNotes(DataTypes.TIME))
                .singleElement()
                .asString()
                .contains("bigint");
        // nested: the notes of the types inside, once each
        assertThat(CqlTypes.inferenceNotes(DataTypes.mapOf(DataTypes.DECIMAL, DataTypes.listOf(DataTypes.DECIMAL))))
                .hasSize(1);
    }

    @Test
    void typesNoHiveTypeReadsAreRefusedSayingWhy() {
        assertThatThrownBy(() -> CqlTypes.hiveTypeOf(DataTypes.custom("org.example.MyType")))
                .hasMessageContaining("custom type");
        assertThatThrownBy(
                        () -> CqlTypes.hiveTypeOf(DataTypes.mapOf(DataTypes.frozenSetOf(DataTypes.INT), DataTypes.INT)))
                .hasMessageContaining("key");
        UserDefinedType twoCases = new UserDefinedTypeBuilder("shop", "pair")
                .withField("\"a\"", DataTypes.INT)
                .withField("\"A\"", DataTypes.INT)
                .build();
        assertThatThrownBy(() -> CqlTypes.hiveTypeOf(twoCases))
                .hasMessageContaining("two fields named 'A' but for case");
    }

    /** The value read back, as a column of the CQL type, with the reader of the inferred Hive type. */
    private static Object readBack(DataType cql, Object driverValue) {
        TupleValue row = DataTypes.tupleOf(cql).newValue(driverValue);
        return CqlValueDecoder.reader(cql, CqlTypes.hiveTypeOf(cql)).read(row, 0);
    }

    private static void assertReads(DataType cql, String hive, Object driverValue, Object neutralValue) {
        assertThat(CqlTypes.hiveTypeOf(cql).typeName())
                .as("%s", cql.asCql(true, true))
                .isEqualTo(hive);
        assertThat(CqlTypes.incompatibility(cql, io.hivenosql.api.types.DataTypes.parse(hive)))
                .isEmpty();
        Object read = readBack(cql, driverValue);
        assertThat(read).as("%s", cql.asCql(true, true)).isEqualTo(normalise(neutralValue));
    }

    private static Object normalise(Object value) {
        if (value instanceof List<?> list) {
            List<Object> copy = new ArrayList<>();
            list.forEach(element -> copy.add(normalise(element)));
            return copy;
        }
        return value;
    }

    private static InetAddress address(String text) {
        try {
            return InetAddress.getByName(text);
        } catch (java.net.UnknownHostException e) {
            throw new IllegalArgumentException(e);
        }
    }
}
