package io.hivenosql.json;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.JsonStyle;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestJsonRowEncoder {
    private static final TableMapping MAPPING = new TableMapping(List.of(
            new ColumnMapping("zip", DataTypes.parse("int"), "customer.address.zip", ColumnRole.FIELD),
            new ColumnMapping("id", DataTypes.parse("bigint"), "_id", ColumnRole.FIELD),
            new ColumnMapping("city", DataTypes.parse("string"), "customer.address.city", ColumnRole.FIELD),
            new ColumnMapping("name", DataTypes.parse("string"), "customer.name", ColumnRole.FIELD),
            new ColumnMapping("total", DataTypes.parse("decimal(38,10)"), "total", ColumnRole.FIELD)));

    private static String encode(JsonRowEncoder encoder, Object... row) {
        byte[] bytes = encoder.encode(row);
        return new String(bytes, 0, encoder.length(), UTF_8);
    }

    @Test
    void groupsColumnsUnderTheirObjectsInTheOrderOfTheFirst() {
        JsonRowEncoder encoder = new JsonRowEncoder(
                JsonLayout.ofAll("db.t", MAPPING, JsonStyle.CANONICAL, false, "json.columns.mapping"));
        assertThat(encode(encoder, 7, 1L, "Oslo", "Ada", new BigDecimal("1234567890123456789012345678.0123456789")))
                .isEqualTo("{\"customer\":{\"address\":{\"zip\":7,\"city\":\"Oslo\"},\"name\":\"Ada\"},\"_id\":1,"
                        + "\"total\":1234567890123456789012345678.0123456789}");
        assertThat(encode(encoder, null, 2L, null, "Bo", null)).isEqualTo("{\"customer\":{\"name\":\"Bo\"},\"_id\":2}");
    }

    @Test
    void aLongRowIsOneLineAndAFailedRowDoesNotSpoilTheNext() {
        JsonRowEncoder encoder = new JsonRowEncoder(
                JsonLayout.ofAll("db.t", MAPPING, JsonStyle.CANONICAL, false, "json.columns.mapping"));
        String longName = "line\nbreak ".repeat(10_000);
        String json = encode(encoder, null, 3L, null, longName, null);
        assertThat(json).doesNotContain("\n").hasSize(longName.length() + 10_000 + 32);
        assertThatThrownBy(() -> encoder.encode(new Object[] {null, "not a long", null, null, null}))
                .isInstanceOf(RuntimeException.class);
        assertThat(encode(encoder, Arrays.asList(null, 4L, null, null, null).toArray()))
                .isEqualTo("{\"_id\":4}");
    }
}
