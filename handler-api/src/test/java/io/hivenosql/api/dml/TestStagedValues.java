package io.hivenosql.api.dml;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DataTypes;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestStagedValues {
    @Test
    void everyNeutralValueComesBackExactly() throws IOException {
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("z", 1);
        map.put("a", null);
        List<Object> struct = Arrays.asList("Zürich 東京", null, List.of(new BigDecimal("-0.50")));
        roundTrip("boolean", true);
        roundTrip("tinyint", (byte) -128);
        roundTrip("smallint", (short) 32767);
        roundTrip("int", Integer.MIN_VALUE);
        roundTrip("bigint", Long.MAX_VALUE);
        roundTrip("float", -0.0f);
        roundTrip("double", Double.NaN);
        roundTrip("double", 9007199254740993d);
        roundTrip("decimal(38,10)", new BigDecimal("-1234567890123456789012345678.0000000001"));
        roundTrip("decimal(5,2)", new BigDecimal("0.00"));
        roundTrip("string", "");
        roundTrip("string", "quote' \"{\"$gt\": \"\"}\" k* \u0000 😀");
        roundTrip("varchar(3)", "abc");
        roundTrip("char(2)", "ab");
        roundTrip("binary", new byte[] {0, -1, 127});
        roundTrip("date", LocalDate.of(1, 1, 1));
        roundTrip("timestamp", LocalDateTime.of(2024, 2, 29, 0, 0, 0, 123456789));
        roundTrip("timestamp", LocalDateTime.of(1582, 10, 4, 23, 59, 59));
        roundTrip("array<int>", Arrays.asList(1, null, 3));
        roundTrip("map<string,int>", map);
        roundTrip("struct<city:string,zip:string,prices:array<decimal(5,2)>>", struct);
        roundTrip("array<map<string,int>>", new ArrayList<>(List.of(map)));
        roundTrip("string", null);
    }

    @Test
    void aStructOfTheWrongShapeIsRefused() {
        DataType type = DataTypes.parse("struct<a:int,b:int>");
        assertThatThrownBy(
                        () -> StagedValues.write(new DataOutputStream(new ByteArrayOutputStream()), type, List.of(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("struct<a:int,b:int>");
    }

    private static void roundTrip(String typeName, Object value) throws IOException {
        DataType type = DataTypes.parse(typeName);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(bytes)) {
            StagedValues.write(out, type, value);
            out.writeByte(42);
        }
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Object read = StagedValues.read(in, type);
        assertThat(in.readByte()).as("%s consumed exactly its bytes", typeName).isEqualTo((byte) 42);
        if (value instanceof byte[] binary) {
            assertThat((byte[]) read).containsExactly(binary);
        } else {
            // equals, not compareTo: -0.0, NaN and a decimal's scale must survive
            assertThat(read).as(typeName).isEqualTo(value);
        }
        if (value != null && !(value instanceof List)) {
            assertThat(read.getClass()).isEqualTo(value.getClass());
        }
    }
}
