package io.hivenosql.api.mapping;

import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataTypes;
import org.junit.jupiter.api.Test;

class TestHiveColumn {
    @Test
    void validates() {
        assertThatThrownBy(() -> new HiveColumn(null, INT)).hasMessage("name is null");
        assertThatThrownBy(() -> new HiveColumn("a", null)).hasMessage("type is null");
        assertThatThrownBy(() -> new HiveColumn(" ", INT)).hasMessage("column name is empty");
        assertThat(HiveColumn.of("tags", "array<string>").type()).isEqualTo(DataTypes.parse("array<string>"));
    }

    @Test
    void fromHiveProperties() {
        assertThat(HiveColumn.fromHiveProperties("id,addr,n", "string:struct<a:int,b:string>:int"))
                .containsExactly(
                        new HiveColumn("id", STRING),
                        HiveColumn.of("addr", "struct<a:int,b:string>"),
                        new HiveColumn("n", INT));
        assertThat(HiveColumn.fromHiveProperties("", "")).isEmpty();
        assertThat(HiveColumn.fromHiveProperties(null, null)).isEmpty();
        assertThatThrownBy(() -> HiveColumn.fromHiveProperties("a,b", "int"))
                .hasMessage("Hive gave 2 column names (a,b) but 1 column types (int)");
    }
}
