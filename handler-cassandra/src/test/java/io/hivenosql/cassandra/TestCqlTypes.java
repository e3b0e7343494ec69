package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.UserDefinedType;
import com.datastax.oss.driver.internal.core.type.UserDefinedTypeBuilder;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestCqlTypes {
    private static final UserDefinedType ADDRESS = new UserDefinedTypeBuilder("ks", "address")
            .withField("street", DataTypes.TEXT)
            .withField("zip", DataTypes.INT)
            .build();

    @Test
    void readsEveryPrimitiveIntoItsCanonicalType() {
        assertCanonical(DataTypes.ASCII, "string");
        assertCanonical(DataTypes.TEXT, "string");
        assertCanonical(DataTypes.BOOLEAN, "boolean");
        assertCanonical(DataTypes.TINYINT, "tinyint");
        assertCanonical(DataTypes.SMALLINT, "smallint");
        assertCanonical(DataTypes.INT, "int");
        assertCanonical(DataTypes.BIGINT, "bigint");
        assertCanonical(DataTypes.COUNTER, "bigint");
        assertCanonical(DataTypes.FLOAT, "float");
        assertCanonical(DataTypes.DOUBLE, "double");
        assertCanonical(DataTypes.DECIMAL, "decimal(38,18)");
        assertCanonical(DataTypes.VARINT, "decimal(38,0)");
        assertCanonical(DataTypes.BLOB, "binary");
        assertCanonical(DataTypes.UUID, "string");
        assertCanonical(DataTypes.TIMEUUID, "string");
        assertCanonical(DataTypes.INET, "string");
        assertCanonical(DataTypes.DATE, "date");
        assertCanonical(DataTypes.TIME, "string");
        assertCanonical(DataTypes.TIMESTAMP, "timestamp");
        assertCanonical(DataTypes.DURATION, "string");
    }

    @Test
    void readsCollectionsTuplesUdtsAndVectorsAsHiveComplexTypes() {
        assertCanonical(DataTypes.listOf(DataTypes.INT), "array<int>");
        assertCanonical(DataTypes.setOf(DataTypes.TEXT), "array<string>");
        assertCanonical(
                DataTypes.mapOf(DataTypes.TEXT, DataTypes.listOf(DataTypes.BIGINT)), "map<string,array<bigint>>");
        assertCanonical(DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT), "struct<col1:int,col2:string>");
        assertCanonical(ADDRESS, "struct<street:string,zip:int>");
        assertCanonical(DataTypes.vectorOf(DataTypes.FLOAT, 3), "array<float>");
    }

    @Test
    void acceptsWiderTypes() {
        assertReadable(DataTypes.INT, "bigint");
        assertReadable(DataTypes.TINYINT, "int");
        assertReadable(DataTypes.SMALLINT, "decimal(5,0)");
        assertReadable(DataTypes.FLOAT, "double");
        assertReadable(DataTypes.VARINT, "bigint");
        assertReadable(DataTypes.VARINT, "string");
        assertReadable(DataTypes.TIME, "bigint");
        assertReadable(DataTypes.TEXT, "varchar(10)");
        assertReadable(DataTypes.UUID, "char(36)");
        assertReadable(DataTypes.DECIMAL, "decimal(10,2)");
        assertReadable(DataTypes.tupleOf(DataTypes.INT, DataTypes.TEXT), "struct<a:bigint,b:string>");
        assertReadable(ADDRESS, "struct<ZIP:int>");
    }

    @Test
    void namesBothTypesAndTheTypeToUseWhenIncompatible() {
        assertThat(CqlTypes.incompatibility(DataTypes.BIGINT, io.hivenosql.api.types.DataTypes.parse("int")))
                .hasValueSatisfying(reason -> assertThat(reason)
                        .contains("CQL type bigint")
                        .contains("Hive int")
                        .contains("use bigint"));
        assertThat(CqlTypes.incompatibility(DataTypes.TEXT, io.hivenosql.api.types.DataTypes.parse("int")))
                .hasValueSatisfying(reason -> assertThat(reason).contains("use string"));
        assertThat(CqlTypes.incompatibility(DataTypes.INT, io.hivenosql.api.types.DataTypes.parse("decimal(5,0)")))
                .isPresent();
        assertThat(CqlTypes.incompatibility(
                        DataTypes.mapOf(DataTypes.TEXT, DataTypes.INT),
                        io.hivenosql.api.types.DataTypes.parse("map<string,string>")))
                .hasValueSatisfying(reason -> assertThat(reason)
                        .contains("map<text, int>")
                        .contains("map<string,string>")
                        .contains("CQL type int does not read as Hive string"));
        assertThat(CqlTypes.incompatibility(ADDRESS, io.hivenosql.api.types.DataTypes.parse("struct<city:string>")))
                .hasValueSatisfying(
                        reason -> assertThat(reason).contains("'city'").contains("street, zip"));
        assertThat(CqlTypes.incompatibility(
                        DataTypes.tupleOf(DataTypes.INT),
                        io.hivenosql.api.types.DataTypes.parse("struct<a:int,b:int>")))
                .hasValueSatisfying(
                        reason -> assertThat(reason).contains("1 components").contains("2 fields"));
        assertThat(CqlTypes.incompatibility(
                        DataTypes.listOf(DataTypes.INT), io.hivenosql.api.types.DataTypes.parse("string")))
                .hasValueSatisfying(reason -> assertThat(reason).contains("use array<int>"));
    }

    @Test
    void refusesCustomTypes() {
        DataType custom = DataTypes.custom("org.example.MyType");
        assertThat(CqlTypes.incompatibility(custom, io.hivenosql.api.types.DataTypes.parse("string")))
                .hasValueSatisfying(reason -> assertThat(reason).contains("custom type"));
        assertThatThrownBy(() -> CqlTypes.hiveTypeOf(custom)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() ->
                        CqlTypes.hiveTypeOf(DataTypes.mapOf(DataTypes.frozenListOf(DataTypes.INT), DataTypes.INT)))
                .hasMessageContaining("key");
    }

    private static void assertCanonical(DataType cql, String hive) {
        assertThat(CqlTypes.hiveTypeOf(cql).typeName()).isEqualTo(hive);
        assertReadable(cql, hive);
    }

    private static void assertReadable(DataType cql, String hive) {
        assertThat(CqlTypes.incompatibility(cql, io.hivenosql.api.types.DataTypes.parse(hive)))
                .as("%s as %s", cql.asCql(true, true), hive)
                .isEqualTo(Optional.empty());
    }
}
