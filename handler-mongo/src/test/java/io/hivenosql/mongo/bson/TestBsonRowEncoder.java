package io.hivenosql.mongo.bson;

import static io.hivenosql.mongo.bson.TestingLayouts.comparable;
import static io.hivenosql.mongo.bson.TestingLayouts.layout;
import static io.hivenosql.mongo.bson.TestingLayouts.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonBinary;
import org.bson.BsonBinarySubType;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.BsonValue;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class TestBsonRowEncoder {
    private static final String HEX = "5f1d7a3b9c0e4d2a1b3c4d5e";

    @Test
    void everyPrimitiveType() {
        DocumentLayout layout = layout().column("bo", "boolean")
                .column("t", "tinyint")
                .column("s", "smallint")
                .column("i", "int")
                .column("l", "bigint")
                .column("f", "float")
                .column("d", "double")
                .column("x", "decimal(10,3)")
                .column("st", "string")
                .column("v", "varchar(10)")
                .column("c", "char(5)")
                .column("bi", "binary")
                .column("da", "date")
                .column("ts", "timestamp")
                .build();
        BsonDocument document = new BsonRowEncoder(layout).encode(new Object[] {
            true,
            (byte) -1,
            (short) 300,
            70_000,
            1L << 40,
            0.5f,
            0.1,
            new BigDecimal("1.5"),
            "text",
            "var",
            "ab   ",
            new byte[] {1, 2},
            LocalDate.of(2024, 2, 29),
            LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000)
        });
        BsonDocument expected = new BsonDocument()
                .append("bo", org.bson.BsonBoolean.TRUE)
                .append("t", new BsonInt32(-1))
                .append("s", new BsonInt32(300))
                .append("i", new BsonInt32(70_000))
                .append("l", new BsonInt64(1L << 40))
                .append("f", new BsonDouble(0.5))
                .append("d", new BsonDouble(0.1))
                .append("x", new BsonDecimal128(Decimal128.parse("1.500")))
                .append("st", new BsonString("text"))
                .append("v", new BsonString("var"))
                .append("c", new BsonString("ab"))
                .append("bi", new BsonBinary(new byte[] {1, 2}))
                .append("da", new BsonDateTime(LocalDate.of(2024, 2, 29).toEpochDay() * 86_400_000L))
                .append("ts", new BsonDateTime(-1));
        assertThat(document).isEqualTo(expected);
        assertThat(document.getDecimal128("x").getValue().toString()).isEqualTo("1.500");
        assertThat(document.getBinary("bi").getType()).isEqualTo(BsonBinarySubType.BINARY.getValue());
        // a float widens exactly
        BsonDocument floats = new BsonRowEncoder(layout).encode(row(layout, 5, 0.1f));
        assertThat(floats.getDouble("f").getValue()).isEqualTo((double) 0.1f);
    }

    @Test
    void idFirstAndDottedPathsShareDocuments() {
        DocumentLayout layout = layout().column("city", "string", "address.city")
                .column("name", "string")
                .column("lat", "double", "address.geo.lat")
                .column("id", "int", "_id")
                .column("zip", "int", "address.zip")
                .build();
        BsonDocument document = new BsonRowEncoder(layout).encode(new Object[] {"Oslo", "n", 1.5, 7, 123});
        assertThat(document.toJson())
                .isEqualTo("{\"_id\": 7, \"address\": {\"city\": \"Oslo\", \"geo\": {\"lat\": 1.5}, \"zip\": 123}, "
                        + "\"name\": \"n\"}");
        assertThat(new BsonRowEncoder(layout).id(new Object[] {"Oslo", "n", 1.5, 7, 123}))
                .isEqualTo(new BsonInt32(7));
    }

    @Test
    void nullsAreLeftOutOrWrittenAsNull() {
        TestingLayouts columns = layout().column("id", "string", "_id")
                .objectId()
                .column("a", "int")
                .column("b", "string", "x.b")
                .column("s", "struct<p:int,q:int>");
        Object[] row = {null, null, null, Arrays.asList(1, null)};
        BsonRowEncoder plain = new BsonRowEncoder(columns.build());
        assertThat(plain.encode(row).toJson()).isEqualTo("{\"s\": {\"p\": 1}}");
        assertThat(plain.id(row)).isNull();
        BsonRowEncoder nulls = new BsonRowEncoder(columns.writeNulls().build());
        // a NULL _id is left out even so: the server assigns one
        assertThat(nulls.encode(row).toJson())
                .isEqualTo("{\"a\": null, \"x\": {\"b\": null}, \"s\": {\"p\": 1, \"q\": null}}");
    }

    @Test
    void objectIdColumns() {
        DocumentLayout layout = layout().column("id", "string", "_id")
                .objectId()
                .column("ref", "struct<oid:string,bsontype:int>")
                .objectId()
                .column("plain", "string")
                .build();
        BsonRowEncoder encoder = new BsonRowEncoder(layout);
        BsonDocument document = encoder.encode(new Object[] {HEX, Arrays.asList(HEX, 8), HEX});
        assertThat(document.get("_id")).isEqualTo(new BsonObjectId(new ObjectId(HEX)));
        assertThat(document.get("ref")).isEqualTo(new BsonObjectId(new ObjectId(HEX)));
        assertThat(document.get("plain")).isEqualTo(new BsonString(HEX));
        assertThat(encoder.id(new Object[] {HEX, null, null})).isEqualTo(new BsonObjectId(new ObjectId(HEX)));
        assertThatThrownBy(() -> encoder.encode(new Object[] {"user-1", null, null}))
                .isInstanceOf(HandlerException.class)
                .satisfies(e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.BAD_RECORD))
                .hasMessageContaining("table db.t, column id: cannot write 'user-1' to MongoDB")
                .hasMessageContaining("not an ObjectId (24 hex digits)")
                .hasMessageContaining("mongo.objectid.columns=''");
        assertThatThrownBy(() -> encoder.id(new Object[] {HEX + "0", null, null}))
                .hasMessageContaining("column id: cannot write '" + HEX + "0'");
        // upper-case hex would read back in lower case: refused, naming table, column and value
        String upper = HEX.toUpperCase(java.util.Locale.ROOT);
        assertThatThrownBy(() -> encoder.encode(new Object[] {upper, null, null}))
                .isInstanceOfSatisfying(
                        HandlerException.class, e -> assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.BAD_RECORD))
                .hasMessageContaining("table db.t, column id: cannot write '" + upper + "' to MongoDB")
                .hasMessageContaining("upper-case hex digits")
                .hasMessageContaining("reads back as " + HEX)
                .hasMessageContaining("lower case");
        assertThatThrownBy(() -> encoder.encode(new Object[] {HEX, Arrays.asList(upper, 8), null}))
                .hasMessageContaining("column ref")
                .hasMessageContaining("upper-case hex digits");
        assertThatThrownBy(() -> encoder.encode(new Object[] {HEX, Arrays.asList(null, 8), null}))
                .hasMessageContaining("column ref, row with _id " + HEX)
                .hasMessageContaining("the oid field is NULL");
    }

    @Test
    void decimalsBeyondDecimal128AreRefused() {
        DocumentLayout layout = layout().column("x", "decimal(38,0)")
                .column("y", "decimal(38,4)")
                .build();
        BsonRowEncoder encoder = new BsonRowEncoder(layout);
        BigDecimal big = new BigDecimal("1" + "0".repeat(37)); // 38 digits, trailing zeros: exact in decimal128
        Decimal128 written =
                encoder.encode(new Object[] {big, null}).getDecimal128("x").getValue();
        assertThat(written.bigDecimalValue()).isEqualByComparingTo(big);
        BigDecimal digits34 = new BigDecimal("1234567890123456789012345678901234");
        assertThat(encoder.encode(new Object[] {digits34, null})
                        .getDecimal128("x")
                        .getValue()
                        .bigDecimalValue())
                .isEqualTo(digits34);
        BigDecimal digits35 = new BigDecimal("12345678901234567890123456789012345");
        assertThatThrownBy(() -> encoder.encode(new Object[] {digits35, null}))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("table db.t, column x: cannot write '12345678901234567890123456789012345'")
                .hasMessageContaining("35 significant digits, more than the 34 of a BSON decimal128");
        BigDecimal fraction = new BigDecimal("1234567890123456789012345678901.2345");
        assertThatThrownBy(() -> encoder.encode(new Object[] {null, fraction}))
                .hasMessageContaining("column y: cannot write '1234567890123456789012345678901.2345'")
                .hasMessageContaining("CAST(col AS DECIMAL(34,4))");
    }

    @Test
    void timestampsKeepMillisecondsOnly() {
        DocumentLayout layout = layout().column("ts", "timestamp").build();
        BsonRowEncoder encoder = new BsonRowEncoder(layout);
        LocalDateTime millis = LocalDateTime.of(2024, 1, 2, 3, 4, 5, 6_000_000);
        assertThat(encoder.encode(new Object[] {millis}).getDateTime("ts").getValue())
                .isEqualTo(millis.toInstant(java.time.ZoneOffset.UTC).toEpochMilli());
        assertThatThrownBy(() -> encoder.encode(new Object[] {millis.plusNanos(1_000)}))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("column ts: cannot write '2024-01-02T03:04:05.006001'")
                .hasMessageContaining("digits below the millisecond");
    }

    @Test
    void mapsStructsAndArrays() {
        DocumentLayout layout = layout().column("m", "map<string,int>")
                .column("byid", "map<int,date>")
                .column("s", "struct<Name:string,inner:struct<a:array<int>>>")
                .column("a", "array<map<string,string>>")
                .build();
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("z", 1);
        m.put("a", null);
        Map<Object, Object> byId = new LinkedHashMap<>();
        byId.put(10, LocalDate.of(2024, 1, 2));
        List<Object> array = Arrays.asList(Map.of("k", "v"), null);
        BsonDocument document = new BsonRowEncoder(layout)
                .encode(new Object[] {m, byId, Arrays.asList("n", List.of(Arrays.asList(1, null))), array});
        assertThat(document.toJson())
                .isEqualTo(
                        "{\"m\": {\"z\": 1, \"a\": null}, \"byid\": {\"10\": {\"$date\": \"2024-01-02T00:00:00Z\"}}, "
                                + "\"s\": {\"Name\": \"n\", \"inner\": {\"a\": [1, null]}}, \"a\": [{\"k\": \"v\"}, null]}");
    }

    @Test
    void mapKeysMustBeFieldNames() {
        DocumentLayout layout = layout().column("m", "map<string,int>").build();
        BsonRowEncoder encoder = new BsonRowEncoder(layout);
        assertThatThrownBy(() -> encoder.encode(new Object[] {Map.of("a.b", 1)}))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(
                        "table db.t, column m: cannot write 'a.b' to MongoDB: the map key 'a.b' " + "contains '.'");
        assertThatThrownBy(() -> encoder.encode(new Object[] {Map.of("$set", 1)}))
                .hasMessageContaining("the map key '$set' starts with '$'");
        Map<Object, Object> nullKey = new LinkedHashMap<>();
        nullKey.put(null, 1);
        assertThatThrownBy(() -> encoder.encode(new Object[] {nullKey})).hasMessageContaining("a map key is NULL");
        DocumentLayout nested =
                layout().column("s", "struct<tags:array<map<string,int>>>").build();
        assertThatThrownBy(() -> new BsonRowEncoder(nested).encode(new Object[] {List.of(List.of(Map.of("$x", 1)))}))
                .hasMessageContaining("column s (at s.tags.0): cannot write '$x'");
        DocumentLayout doubles = layout().column("m", "map<double,int>").build();
        assertThatThrownBy(() -> new BsonRowEncoder(doubles).encode(new Object[] {Map.of(1.5, 1)}))
                .hasMessageContaining("the map key '1.5' contains '.'");
    }

    @Test
    void overlappingPathsAreRefused() {
        DocumentLayout overlap =
                layout().column("a", "struct<b:int>").column("ab", "int", "a.b").build();
        assertThatThrownBy(() -> BsonRowEncoder.checkPaths(overlap))
                .isInstanceOf(HandlerException.class)
                .satisfies(
                        e -> assertThat(((HandlerException) e).errorCode()).isEqualTo(HandlerErrorCode.INVALID_MAPPING))
                .hasMessageContaining("columns a (field 'a') and ab (field 'a.b') overlap");
        assertThatThrownBy(() -> new BsonRowEncoder(overlap).encode(new Object[] {null, 1}))
                .hasMessageContaining("overlap");
        DocumentLayout same =
                layout().column("x", "int", "p.q").column("y", "int", "p.q").build();
        assertThatThrownBy(() -> BsonRowEncoder.checkPaths(same)).hasMessageContaining("x (field 'p.q') and y");
        BsonRowEncoder.checkPaths(layout().column("a", "int", "a")
                .column("ab", "int", "ab")
                .column("c", "int", "a_b.c")
                .build());
    }

    @Test
    void setDocumentsForUpserts() {
        TestingLayouts columns = layout().column("id", "bigint", "_id")
                .column("city", "string", "address.city")
                .column("n", "int");
        Object[] row = {1L, "Oslo", null};
        assertThat(new BsonRowEncoder(columns.build()).encodeSet(row).toJson())
                .isEqualTo("{\"address.city\": \"Oslo\"}");
        assertThat(new BsonRowEncoder(columns.writeNulls().build())
                        .encodeSet(row)
                        .toJson())
                .isEqualTo("{\"address.city\": \"Oslo\", \"n\": null}");
        assertThat(new BsonRowEncoder(columns.build())
                        .encodeSet(new Object[] {1L, "Oslo", 2})
                        .toJson())
                .isEqualTo("{\"address.city\": \"Oslo\", \"n\": 2}");
    }

    @Test
    void upsertsSetTheNonNullFieldsOfStructsOneByOne() {
        TestingLayouts columns = layout().column("id", "bigint", "_id")
                .column("addr", "struct<city:string,geo:struct<lat:double,lng:double>,tags:map<string,int>>", "address")
                .column("items", "array<struct<n:int>>");
        Object[] row = {1L, Arrays.asList("Oslo", Arrays.asList(59.9, null), Map.of("a", 1)), List.of(Arrays.asList(7))
        };
        // nested structs become dotted paths of their non-NULL fields; maps and arrays are set whole
        assertThat(new BsonRowEncoder(columns.build()).encodeSet(row).toJson())
                .isEqualTo("{\"address.city\": \"Oslo\", \"address.geo.lat\": 59.9, \"address.tags\": {\"a\": 1}, "
                        + "\"items\": [{\"n\": 7}]}");
        assertThat(new BsonRowEncoder(columns.writeNulls().build())
                        .encodeSet(row)
                        .toJson())
                .isEqualTo("{\"address.city\": \"Oslo\", \"address.geo.lat\": 59.9, \"address.geo.lng\": null, "
                        + "\"address.tags\": {\"a\": 1}, \"items\": [{\"n\": 7}]}");
        // a value that cannot be written names its path inside the column
        DocumentLayout decimals = layout().column("id", "bigint", "_id")
                .column("s", "struct<t:struct<d:decimal(38,0)>>")
                .build();
        assertThatThrownBy(() -> new BsonRowEncoder(decimals)
                        .encodeSet(new Object[] {1L, List.of(List.of(new BigDecimal("9".repeat(38))))}))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("table db.t, column s (at s.t.d), row with _id 1")
                .hasMessageContaining("34 of a BSON decimal128");
    }

    @Test
    void wrongRowSizeOrClassIsAnError() {
        DocumentLayout layout = layout().column("i", "int").build();
        assertThatThrownBy(() -> new BsonRowEncoder(layout).encode(new Object[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BsonRowEncoder(layout).encode(new Object[] {"1"}))
                .hasMessageContaining("a String is not a neutral value of int");
        assertThatThrownBy(() -> new BsonRowEncoder(layout).encode(new Object[] {1L << 40}))
                .hasMessageContaining("out of range for int");
    }

    /** Every Hive type written and read back gives the value it started from. */
    @Test
    void roundTripsEveryHiveType() {
        DocumentLayout layout = layout().column("id", "string", "_id")
                .objectId()
                .column("bo", "boolean")
                .column("t", "tinyint")
                .column("s", "smallint")
                .column("i", "int")
                .column("l", "bigint")
                .column("f", "float")
                .column("d", "double")
                .column("x", "decimal(38,18)")
                .column("st", "string")
                .column("v", "varchar(5)")
                .column("c", "char(4)")
                .column("bi", "binary")
                .column("da", "date")
                .column("ts", "timestamp")
                .column("city", "string", "address.city")
                .column("zip", "int", "address.zip")
                .column("ref", "struct<oid:string,bsontype:int>")
                .objectId()
                .column("st2", "struct<a:struct<b:struct<c:int,d:array<string>>>,m:map<string,double>>")
                .column("mi", "map<bigint,array<timestamp>>")
                .column("ar", "array<array<struct<k:decimal(5,2),v:binary>>>")
                .build();
        Map<Object, Object> doubles = new LinkedHashMap<>();
        doubles.put("p", 1.25);
        doubles.put("q", null);
        Map<Object, Object> byId = new LinkedHashMap<>();
        byId.put(-5L, Arrays.asList(LocalDateTime.of(1900, 1, 1, 0, 0), null));
        byId.put(7L, List.of());
        Object[] row = {
            HEX,
            false,
            Byte.MIN_VALUE,
            Short.MAX_VALUE,
            Integer.MIN_VALUE,
            Long.MAX_VALUE,
            3.4028235e38f,
            -0.0,
            new BigDecimal("12345678901234567890.123456789012345678").setScale(18),
            "ünïcødé 😀",
            "abcde",
            "ab  ",
            new byte[] {0, -1, 127},
            LocalDate.of(1, 1, 1),
            LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_000_000),
            "Oslo",
            null,
            Arrays.asList(HEX, 8),
            Arrays.asList(List.of(List.of(1, List.of("p", "q"))), doubles),
            byId,
            List.of(
                    List.of(Arrays.asList(new BigDecimal("-1.50"), new byte[] {9}), Arrays.asList(null, null)),
                    List.of())
        };
        // the decimal(38,18) value has 38 digits: not exact in decimal128
        assertThatThrownBy(() -> new BsonRowEncoder(layout).encode(row)).hasMessageContaining("column x");
        row[8] = new BigDecimal("1234567890123456.123456789012345678");
        BsonDocument document = new BsonRowEncoder(layout).encode(row);
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(raw(document));
        List<Object> decoded = new ArrayList<>();
        for (int c = 0; c < row.length; c++) {
            decoded.add(decoder.get(c));
        }
        assertThat(comparable(decoded)).isEqualTo(comparable(Arrays.asList(row)));
        assertThat(document.get("_id")).isInstanceOf(BsonObjectId.class);
        assertThat(document.get("ref")).isInstanceOf(BsonObjectId.class);
    }

    @Test
    void structFieldsAreWrittenAsDeclaredAndReadCaseInsensitively() {
        DocumentLayout layout = layout().column("s", "struct<zipCode:int>").build();
        BsonDocument document = new BsonRowEncoder(layout).encode(new Object[] {List.of(5)});
        assertThat(document.getDocument("s").containsKey("zipCode")).isTrue();
        BsonValue lower = new BsonRowEncoder(
                        layout().column("s", "struct<zipcode:int>").build())
                .encode(new Object[] {List.of(5)})
                .get("s");
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(new BsonDocument("s", lower));
        assertThat(decoder.get(0)).isEqualTo(List.of(5));
    }

    private static Object[] row(DocumentLayout layout, int column, Object value) {
        Object[] row = new Object[layout.mapping().size()];
        row[column] = value;
        return row;
    }
}
