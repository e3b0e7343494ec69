package io.hivenosql.api.types;

import static io.hivenosql.api.types.PrimitiveType.BIGINT;
import static io.hivenosql.api.types.PrimitiveType.BINARY;
import static io.hivenosql.api.types.PrimitiveType.BOOLEAN;
import static io.hivenosql.api.types.PrimitiveType.DATE;
import static io.hivenosql.api.types.PrimitiveType.DOUBLE;
import static io.hivenosql.api.types.PrimitiveType.FLOAT;
import static io.hivenosql.api.types.PrimitiveType.INT;
import static io.hivenosql.api.types.PrimitiveType.SMALLINT;
import static io.hivenosql.api.types.PrimitiveType.STRING;
import static io.hivenosql.api.types.PrimitiveType.TIMESTAMP;
import static io.hivenosql.api.types.PrimitiveType.TINYINT;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TestDataTypes {
    @Test
    void parsesPrimitives() {
        assertThat(DataTypes.parse("boolean")).isEqualTo(BOOLEAN);
        assertThat(DataTypes.parse("tinyint")).isEqualTo(TINYINT);
        assertThat(DataTypes.parse("smallint")).isEqualTo(SMALLINT);
        assertThat(DataTypes.parse("int")).isEqualTo(INT);
        assertThat(DataTypes.parse("integer")).isEqualTo(INT);
        assertThat(DataTypes.parse("bigint")).isEqualTo(BIGINT);
        assertThat(DataTypes.parse("float")).isEqualTo(FLOAT);
        assertThat(DataTypes.parse("double")).isEqualTo(DOUBLE);
        assertThat(DataTypes.parse("double precision")).isEqualTo(DOUBLE);
        assertThat(DataTypes.parse("string")).isEqualTo(STRING);
        assertThat(DataTypes.parse("binary")).isEqualTo(BINARY);
        assertThat(DataTypes.parse("date")).isEqualTo(DATE);
        assertThat(DataTypes.parse("timestamp")).isEqualTo(TIMESTAMP);
    }

    @Test
    void isCaseInsensitiveAndWhitespaceTolerant() {
        assertThat(DataTypes.parse("  BIGINT ")).isEqualTo(BIGINT);
        assertThat(DataTypes.parse("Double   Precision")).isEqualTo(DOUBLE);
        assertThat(DataTypes.parse(" Map < String , Array< DECIMAL ( 12 , 3 ) > > "))
                .isEqualTo(new MapType(STRING, new ArrayType(new DecimalType(12, 3))));
        assertThat(DataTypes.parse("struct< a : int ,\n b : string >"))
                .isEqualTo(struct(new StructType.Field("a", INT), new StructType.Field("b", STRING)));
    }

    @Test
    void parsesParameterizedTypes() {
        assertThat(DataTypes.parse("decimal")).isEqualTo(new DecimalType(10, 0));
        assertThat(DataTypes.parse("decimal(7)")).isEqualTo(new DecimalType(7, 0));
        assertThat(DataTypes.parse("decimal(38,18)")).isEqualTo(new DecimalType(38, 18));
        assertThat(DataTypes.parse("varchar(65535)")).isEqualTo(new VarcharType(65535));
        assertThat(DataTypes.parse("char(1)")).isEqualTo(new CharType(1));
    }

    @Test
    void parsesNestedTypes() {
        DataType type = DataTypes.parse("struct<a:int,b:array<map<string,decimal(10,2)>>>");
        assertThat(type)
                .isEqualTo(struct(
                        new StructType.Field("a", INT),
                        new StructType.Field("b", new ArrayType(new MapType(STRING, new DecimalType(10, 2))))));
        assertThat(DataTypes.parse("array<struct<x:struct<y:varchar(3)>>>"))
                .isEqualTo(new ArrayType(
                        struct(new StructType.Field("x", struct(new StructType.Field("y", new VarcharType(3)))))));
        assertThat(DataTypes.parse("map<int,struct<`a b`:string,`c``d`:int>>"))
                .isEqualTo(new MapType(
                        INT, struct(new StructType.Field("a b", STRING), new StructType.Field("c`d", INT))));
    }

    @Test
    void keepsStructFieldCase() {
        assertThat(DataTypes.parse("struct<zipCode:string>"))
                .isEqualTo(struct(new StructType.Field("zipCode", STRING)));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "boolean",
                "decimal(38,18)",
                "varchar(10)",
                "char(3)",
                "array<map<string,struct<a:int,b:array<double>>>>",
                "struct<`a b`:int,`x:y`:string,`back``tick`:date>",
                "map<decimal(5,2),timestamp>",
            })
    void typeNameParsesBack(String text) {
        DataType type = DataTypes.parse(text);
        assertThat(DataTypes.parse(type.typeName())).isEqualTo(type);
    }

    @Test
    void splitsColumnTypesAtDepthZeroOnly() {
        assertThat(DataTypes.parseColumnTypes("int:struct<a:int,b:string>:decimal(10,2):map<string,array<int>>"))
                .containsExactly(
                        INT,
                        struct(new StructType.Field("a", INT), new StructType.Field("b", STRING)),
                        new DecimalType(10, 2),
                        new MapType(STRING, new ArrayType(INT)));
        assertThat(DataTypes.parseColumnTypes("string,bigint")).containsExactly(STRING, BIGINT);
        assertThat(DataTypes.parseColumnTypes("")).isEmpty();
        assertThat(DataTypes.parseColumnTypes("  ")).isEmpty();
        assertThat(DataTypes.parseColumnTypes("string")).isEqualTo(List.of(STRING));
    }

    @Test
    void reportsErrorsWithTextAndPosition() {
        assertThatThrownBy(() -> DataTypes.parse("strin"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("cannot parse Hive type 'strin' at position 1: unknown type 'strin'");
        assertThatThrownBy(() -> DataTypes.parse("struct<a int>"))
                .hasMessageContaining("'struct<a int>'")
                .hasMessageContaining("position 10")
                .hasMessageContaining("expected ':' after struct field name 'a'");
        assertThatThrownBy(() -> DataTypes.parse("array<int"))
                .hasMessageContaining("position 10")
                .hasMessageContaining("expected '>' to close array<, but the text ended");
        assertThatThrownBy(() -> DataTypes.parse("int>"))
                .hasMessageContaining("position 4")
                .hasMessageContaining("unexpected '>' after the type");
        assertThatThrownBy(() -> DataTypes.parse("varchar")).hasMessageContaining("varchar needs a length");
        assertThatThrownBy(() -> DataTypes.parse("decimal(39,2)"))
                .hasMessageContaining("position 1")
                .hasMessageContaining("decimal precision 39 is not in [1, 38]");
        assertThatThrownBy(() -> DataTypes.parse("decimal(5,6)")).hasMessageContaining("decimal scale 6");
        assertThatThrownBy(() -> DataTypes.parse("char(256)")).hasMessageContaining("char length 256");
        assertThatThrownBy(() -> DataTypes.parse("map<array<int>,string>"))
                .hasMessageContaining("position 5")
                .hasMessageContaining("map key type must be primitive");
        assertThatThrownBy(() -> DataTypes.parse("struct<a:int,A:string>"))
                .hasMessageContaining("two fields named 'A'");
        assertThatThrownBy(() -> DataTypes.parse("struct<>")).hasMessageContaining("expected a struct field name");
        assertThatThrownBy(() -> DataTypes.parse("struct<`a:int>")).hasMessageContaining("unclosed '`'");
        assertThatThrownBy(() -> DataTypes.parse("")).hasMessageContaining("expected a type name but the text ended");
        assertThatThrownBy(() -> DataTypes.parse("uniontype<int,string>"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessage("type 'uniontype<int,string>' is not supported: union types are not supported by "
                        + "hive-nosql; declare the column as one of the union's types (a stored value of another type "
                        + "is then a bad record under 'nosql.bad-record.policy'), or as string where the store reads "
                        + "values as text");
        assertThatThrownBy(() -> DataTypes.parse("struct<a:int,b:array<uniontype<int,struct<c:int>>>>"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("type 'uniontype<int,struct<c:int>>' is not supported");
        assertThatThrownBy(() -> DataTypes.parse("timestamp with local time zone"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("type 'timestamp with local time zone' is not supported by hive-nosql; "
                        + "declare the column as timestamp");
        assertThatThrownBy(() -> DataTypes.parse("array<void>"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("type 'void' is not supported: void holds no values");
        assertThatThrownBy(() -> DataTypes.parse("interval_day_time"))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageContaining("interval types are not supported");
        assertThatThrownBy(() -> DataTypes.parseColumnTypes("int:strng:bigint"))
                .hasMessageContaining(
                        "column 2: cannot parse Hive type 'int:strng:bigint' at position 5: unknown type " + "'strng'");
        assertThatThrownBy(() ->
                        DataTypes.parseColumnTypes("int:uniontype<int,string>:bigint", index -> "column #" + index))
                .isInstanceOf(UnsupportedTypeException.class)
                .hasMessageStartingWith("column #1: type 'uniontype<int,string>' is not supported: union types");
        assertThatThrownBy(() -> DataTypes.parseColumnTypes("int;bigint"))
                .hasMessageContaining("expected ':' between column types");
    }

    @Test
    void sameTypeIgnoresStructFieldCase() {
        assertThat(DataTypes.sameType(DataTypes.parse("struct<zipCode:int>"), DataTypes.parse("struct<zipcode:int>")))
                .isTrue();
        assertThat(DataTypes.sameType(INT, BIGINT)).isFalse();
    }

    private static StructType struct(StructType.Field... fields) {
        return new StructType(List.of(fields));
    }
}
