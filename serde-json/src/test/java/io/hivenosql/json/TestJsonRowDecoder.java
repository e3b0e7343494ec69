package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestJsonRowDecoder {
    /** Columns: name type path. */
    private static TableMapping mapping(String... columns) {
        List<ColumnMapping> list = new ArrayList<>();
        for (String column : columns) {
            String[] parts = column.split(" ");
            list.add(new ColumnMapping(parts[0], DataTypes.parse(parts[1]), parts[2], ColumnRole.FIELD));
        }
        return new TableMapping(list);
    }

    private static final TableMapping ORDERS = mapping(
            "id bigint _id",
            "lines array<struct<sku:string,qty:int>> lines",
            "city string customer.address.city",
            "zip int customer.address.zip",
            "total decimal(12,2) total");

    private static JsonLayout layout(TableMapping mapping) {
        return JsonLayout.ofAll("db.orders", mapping, JsonStyle.CANONICAL, false, "json.columns.mapping");
    }

    private record Decoded(Object[] values, RuntimeException[] errors) {}

    private static Decoded decode(JsonRowDecoder decoder, String json) {
        Object[] values = new Object[5];
        Arrays.fill(values, "untouched");
        RuntimeException[] errors = new RuntimeException[5];
        byte[] bytes = ("xx" + json + "yy").getBytes(UTF_8);
        decoder.decode(bytes, 2, bytes.length - 4, values, errors);
        return new Decoded(values, errors);
    }

    @Test
    void aBadValueStaysWithItsColumnAndTheRestOfTheRowReads() {
        JsonRowDecoder decoder = new JsonRowDecoder(layout(ORDERS), new int[] {0, 1, 2, 3, 4});
        Decoded row = decode(
                decoder,
                "{\"_id\":1,\"lines\":[{\"sku\":\"a\",\"qty\":1},{\"qty\":[2,[3]]},{\"sku\":\"c\"}],"
                        + "\"customer\":{\"address\":{\"zip\":\"x7\",\"city\":\"Oslo\"}},\"total\":12.345}");
        assertThat(row.values()[0]).isEqualTo(1L);
        assertThat(row.values()[1]).isNull();
        assertThat(row.errors()[1]).isInstanceOf(ValueConversionException.class).hasMessageContaining("as int");
        assertThat(row.values()[2]).isEqualTo("Oslo");
        assertThat(row.errors()[3]).hasMessageContaining("'x7'");
        assertThat(row.values()[4]).isEqualTo(new BigDecimal("12.35"));
        assertThat(row.errors()[0]).isNull();
    }

    @Test
    void onlyTheWantedColumnsAreTouched() {
        JsonRowDecoder decoder = new JsonRowDecoder(layout(ORDERS), new int[] {2});
        Decoded row =
                decode(decoder, "{\"_id\":\"not a number\",\"customer\":{\"address\":{\"city\":\"Lima\",\"zip\":[]}}}");
        assertThat(row.values()).containsExactly("untouched", "untouched", "Lima", "untouched", "untouched");
        assertThat(row.errors()).containsOnlyNulls();
    }

    @Test
    void theLastOfRepeatedFieldsWinsAndTheExactSpellingBeatsAnother() {
        JsonRowDecoder decoder = new JsonRowDecoder(layout(ORDERS), new int[] {0});
        assertThat(decode(decoder, "{\"_id\":\"x\",\"_id\":3}").errors()[0]).isNull();
        assertThat(decode(decoder, "{\"_id\":\"x\",\"_id\":3}").values()[0]).isEqualTo(3L);
        // the field spelt as mapped, wherever it comes (before: the last of the spellings)
        assertThat(decode(decoder, "{\"_id\":1,\"_ID\":2}").values()[0]).isEqualTo(1L);
        assertThat(decode(decoder, "{\"_ID\":2,\"_id\":1}").values()[0]).isEqualTo(1L);
    }

    @Test
    void malformedTextSaysWhereAndWhy() {
        JsonRowDecoder decoder = new JsonRowDecoder(layout(ORDERS), new int[] {0, 1, 2, 3, 4});
        assertThatThrownBy(() -> decode(decoder, "{\"_id\":1,\"lines\":[1,"))
                .isInstanceOf(MalformedJsonException.class)
                .hasMessageStartingWith("malformed JSON at character");
        assertThatThrownBy(() -> decode(decoder, "[{\"_id\":1}]"))
                .hasMessage("malformed JSON at character 1: expected a " + "JSON object, got an array");
        assertThatThrownBy(() -> decode(decoder, "  ")).hasMessageContaining("the line is empty");
        assertThatThrownBy(() -> decode(decoder, "{} {}"))
                .hasMessageContaining("unexpected text after the JSON object");
    }

    /** JSON text is UTF-8: bytes Jackson would decode into other characters (overlong, surrogates) are refused too. */
    @Test
    void textThatIsNotUtf8IsMalformed() {
        JsonRowDecoder decoder = new JsonRowDecoder(layout(ORDERS), new int[] {0, 2});
        byte[][] invalid = {
            {(byte) 0xe9}, // Latin-1 é: Jackson refuses it
            {(byte) 0xc0, (byte) 0xaf}, // an overlong '/': Jackson reads '/'
            {(byte) 0xed, (byte) 0xa0, (byte) 0xbd, (byte) 0xed, (byte) 0xb8, (byte) 0x80}, // CESU-8: Jackson reads 😀
        };
        for (byte[] bad : invalid) {
            byte[] prefix = "{\"_id\":1,\"customer\":{\"address\":{\"city\":\"a".getBytes(UTF_8);
            byte[] suffix = "\"}}}".getBytes(UTF_8);
            byte[] json = new byte[prefix.length + bad.length + suffix.length];
            System.arraycopy(prefix, 0, json, 0, prefix.length);
            System.arraycopy(bad, 0, json, prefix.length, bad.length);
            System.arraycopy(suffix, 0, json, prefix.length + bad.length, suffix.length);
            assertThatThrownBy(() -> decoder.decode(json, 0, json.length, new Object[5], new RuntimeException[5]))
                    .isInstanceOf(MalformedJsonException.class)
                    .hasMessage(
                            "malformed JSON: not valid UTF-8: byte 0x%02X at offset %d does not start a "
                                    + "well-formed sequence; JSON text must be UTF-8",
                            bad[0] & 0xff, prefix.length);
        }
        Decoded row = decode(decoder, "{\"_id\":1,\"customer\":{\"address\":{\"city\":\"K\u00f8benhavn \ufffd\"}}}");
        assertThat(row.values()[2]).isEqualTo("K\u00f8benhavn \ufffd");
    }

    @Test
    void pathsAreCheckedWhenTheLayoutIsBuilt() {
        assertThatThrownBy(() -> layout(mapping("a int x..y")))
                .hasMessageContaining("column 'a' is mapped to JSON path 'x..y', which has an empty field name")
                .hasMessageContaining("json.columns.mapping");
        assertThatThrownBy(() -> layout(mapping("a int x.Y", "b int X.y")))
                .hasMessageContaining("table db.orders: columns 'a' and 'b' are both mapped to JSON field 'X.y'");
        JsonLayout caseSensitive = JsonLayout.ofAll(
                "db.orders",
                mapping("a int x.Y", "b int X.y"),
                new JsonStyle(JsonStyle.CANONICAL.timestamps(), JsonStyle.CANONICAL.dates(), false),
                false,
                "json.columns.mapping");
        assertThat(caseSensitive.overlap()).isNull();
        assertThat(layout(mapping("a struct<b:int> a", "b int a.b")).overlap())
                .contains("columns 'a' (JSON path 'a') and 'b' (JSON path 'a.b') overlap");
    }
}
