package io.hivenosql.api.mapping;

import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DataTypes;
import io.hivenosql.api.types.UnsupportedTypeException;
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

    @Test
    void aTypeThatDoesNotParseNamesItsColumn() {
        assertThatThrownBy(() -> HiveColumn.of("choice", "uniontype<int,string>"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("column 'choice': type 'uniontype<int,string>' is not supported: union types");
        assertThatThrownBy(() -> HiveColumn.of("n", "strng"))
                .isNotInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("column 'n': cannot parse Hive type 'strng'");
        assertThatThrownBy(() ->
                        HiveColumn.fromHiveProperties("id,nested,n", "int:struct<a:int,b:uniontype<int,string>>:int"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("column 'nested': type 'uniontype<int,string>' is not supported");
        assertThatThrownBy(() -> HiveColumn.fromHiveProperties("id,n", "int:strng"))
                .hasMessageStartingWith("column 'n': cannot parse Hive type 'int:strng' at position 5");
    }
}
