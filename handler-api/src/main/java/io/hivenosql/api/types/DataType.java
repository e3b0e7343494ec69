package io.hivenosql.api.types;

/**
 * A Hive column type in the Hive-free core. Each type has one neutral Java value class, used by every codec:
 *
 * <table>
 *   <caption>Neutral values</caption>
 *   <tr><th>type</th><th>value</th></tr>
 *   <tr><td>BOOLEAN</td><td>Boolean</td></tr>
 *   <tr><td>TINYINT, SMALLINT, INT, BIGINT</td><td>Byte, Short, Integer, Long</td></tr>
 *   <tr><td>FLOAT, DOUBLE</td><td>Float, Double</td></tr>
 *   <tr><td>DECIMAL(p,s)</td><td>BigDecimal (scale s)</td></tr>
 *   <tr><td>STRING, VARCHAR(n), CHAR(n)</td><td>String</td></tr>
 *   <tr><td>BINARY</td><td>byte[]</td></tr>
 *   <tr><td>DATE</td><td>java.time.LocalDate</td></tr>
 *   <tr><td>TIMESTAMP</td><td>java.time.LocalDateTime (Hive timestamps carry no zone)</td></tr>
 *   <tr><td>ARRAY&lt;T&gt;</td><td>List (elements may be null)</td></tr>
 *   <tr><td>MAP&lt;K,V&gt;</td><td>Map (insertion ordered)</td></tr>
 *   <tr><td>STRUCT&lt;...&gt;</td><td>List of field values in field order</td></tr>
 * </table>
 *
 * <p>{@code null} is NULL for every type.
 */
public sealed interface DataType
        permits PrimitiveType, DecimalType, VarcharType, CharType, ArrayType, MapType, StructType {
    /** The Hive type name, e.g. {@code map<string,array<int>>}; parseable by {@link DataTypes#parse}. */
    String typeName();
}
