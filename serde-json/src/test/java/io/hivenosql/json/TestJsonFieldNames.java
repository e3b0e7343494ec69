package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.AmbiguousFieldException;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.JsonValueCodec;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.ValueConversionException;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Field names that differ in case from the mapped path, in JSON objects (JSON files, Redis string values). */
class TestJsonFieldNames {
    private static final TableMapping MAPPING = new TableMapping(List.of(
            column("studentid", "string", "studentid"),
            column("year", "int", "publicationYear"),
            column("city", "string", "address.city"),
            column("s", "struct<paymenttype:string,n:int>", "s")));

    @Test
    void theExactSpellingFirstThenTheOneOther() {
        assertThat(values(true, "{\"studentID\":\"a\",\"PUBLICATIONYEAR\":1,\"Address\":{\"City\":\"Oslo\"}}"))
                .containsExactly("a", 1, "Oslo", null);
        assertThat(values(
                        true, "{\"StudentId\":\"x\",\"studentid\":\"a\",\"publicationyear\":2,\"publicationYear\":1}"))
                .containsExactly("a", 1, null, null);
        // an exact parent replaces what another spelling of it read, sub-fields and all
        assertThat(values(true, "{\"address\":{\"City\":\"Oslo\"},\"ADDRESS\":{\"city\":\"Lima\"}}"))
                .containsExactly(null, null, "Oslo", null);
        assertThat(values(true, "{\"ADDRESS\":{\"city\":\"Lima\"},\"address\":{\"zip\":1}}"))
                .containsExactly(null, null, null, null);
        // exact matching only, when asked
        assertThat(values(false, "{\"studentID\":\"a\",\"publicationYear\":1}")).containsExactly(null, 1, null, null);
    }

    @Test
    void twoOtherSpellingsAreABadRecordOfTheirColumnsOnly() {
        Object[] values = new Object[4];
        RuntimeException[] errors = new RuntimeException[4];
        decode(
                true,
                "{\"studentID\":\"a\",\"StudentId\":\"b\",\"publicationYear\":1,"
                        + "\"address\":{\"City\":\"Oslo\",\"CITY\":\"Lima\"}}",
                values,
                errors);
        assertThat(errors[0])
                .isInstanceOf(AmbiguousFieldException.class)
                .hasMessageContaining("'studentID' and 'StudentId'")
                .hasMessageContaining("'json.columns.mapping'");
        assertThat(values[1]).isEqualTo(1);
        assertThat(errors[2]).hasMessageContaining("'address.City' and 'address.CITY'");
    }

    @Test
    void structFieldsFollowTheSameRuleThroughBothReaders() throws Exception {
        String json = "{\"s\":{\"PaymentType\":\"cash\",\"paymenttype\":\"card\",\"N\":2}}";
        assertThat(values(true, json)).containsExactly(null, null, null, Arrays.asList("card", 2));
        StructType type = (StructType) DataTypes.parse("struct<paymenttype:string,n:int>");
        assertThat(readStruct(type, "{\"PaymentType\":\"cash\",\"paymenttype\":\"card\",\"N\":2}"))
                .isEqualTo(Arrays.asList("card", 2));
        Object[] values = new Object[4];
        RuntimeException[] errors = new RuntimeException[4];
        decode(true, "{\"s\":{\"PaymentType\":\"cash\",\"PAYMENTTYPE\":\"card\"}}", values, errors);
        assertThat(errors[3])
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'PaymentType' and 'PAYMENTTYPE'")
                .hasMessageContaining("struct field 'paymenttype'");
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> readStruct(type, "{\"PaymentType\":\"cash\",\"PAYMENTTYPE\":\"card\"}"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'PaymentType' and 'PAYMENTTYPE'");
    }

    private static Object readStruct(StructType type, String json) throws Exception {
        try (var parser = JsonValueCodec.factory().createParser(json)) {
            parser.nextToken();
            return JsonValueCodec.of(JsonStyle.CANONICAL).read(parser, type);
        }
    }

    private static List<Object> values(boolean caseInsensitive, String json) {
        Object[] values = new Object[4];
        RuntimeException[] errors = new RuntimeException[4];
        decode(caseInsensitive, json, values, errors);
        for (RuntimeException error : errors) {
            if (error != null) {
                throw error;
            }
        }
        return Arrays.asList(values);
    }

    private static void decode(boolean caseInsensitive, String json, Object[] values, RuntimeException[] errors) {
        JsonStyle style = new JsonStyle(JsonStyle.CANONICAL.timestamps(), JsonStyle.CANONICAL.dates(), caseInsensitive);
        JsonLayout layout = JsonLayout.ofAll("db.t", MAPPING, style, false, "json.columns.mapping");
        byte[] bytes = json.getBytes(UTF_8);
        for (boolean hiveValues : new boolean[] {false, true}) {
            Object[] row = new Object[4];
            RuntimeException[] rowErrors = new RuntimeException[4];
            new JsonRowDecoder(layout, new int[] {0, 1, 2, 3}, hiveValues)
                    .decode(bytes, 0, bytes.length, row, rowErrors);
            if (!hiveValues) {
                System.arraycopy(row, 0, values, 0, 4);
                System.arraycopy(rowErrors, 0, errors, 0, 4);
            } else {
                for (int i = 0; i < 4; i++) {
                    assertThat(rowErrors[i] == null)
                            .as("column %d fails alike through Hive's readers", i)
                            .isEqualTo(errors[i] == null);
                }
            }
        }
    }

    private static ColumnMapping column(String name, String type, String path) {
        return new ColumnMapping(name, DataTypes.parse(type), path, ColumnRole.FIELD);
    }
}
