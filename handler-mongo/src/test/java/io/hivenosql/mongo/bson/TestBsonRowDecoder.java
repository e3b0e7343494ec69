package io.hivenosql.mongo.bson;

import static io.hivenosql.mongo.bson.TestingLayouts.comparable;
import static io.hivenosql.mongo.bson.TestingLayouts.layout;
import static io.hivenosql.mongo.bson.TestingLayouts.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.bson.BsonBinary;
import org.bson.BsonBinaryWriter;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDbPointer;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonJavaScript;
import org.bson.BsonJavaScriptWithScope;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonString;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.BsonValue;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.bson.types.Decimal128;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

class TestBsonRowDecoder {
    private static final String HEX = "5f1d7a3b9c0e4d2a1b3c4d5e";

    @Test
    void booleans() {
        DocumentLayout layout = layout().column("b", "boolean").build();
        assertThat(read(layout, "{b: true}")).isEqualTo(true);
        assertThat(read(layout, "{b: false}")).isEqualTo(false);
        assertFailure(layout, "{b: 1}", "cannot read '1' as boolean: field b is a BSON int32; boolean reads boolean");
        assertFailure(layout, "{b: 'true'}", "field b is a BSON string");
    }

    @Test
    void integersFromEveryNumberType() {
        DocumentLayout layout = layout().column("t", "tinyint")
                .column("s", "smallint")
                .column("i", "int")
                .column("l", "bigint")
                .build();
        BsonDocument document =
                BsonDocument.parse("{t: 5, s: {$numberLong: '-300'}, i: 7.0, l: {$numberDecimal: '9.000'}}");
        assertThat(values(layout, document)).containsExactly((byte) 5, (short) -300, 7, 9L);
        assertThat(read(layout, "{l: {$numberLong: '9223372036854775807'}}", 3)).isEqualTo(Long.MAX_VALUE);
        assertThat(read(layout, "{l: {$numberDecimal: '1E+2'}}", 3)).isEqualTo(100L);
        assertThat(read(layout, "{l: {$numberDecimal: '-0'}}", 3)).isEqualTo(0L);
        assertThat(read(layout, "{i: -0.0}", 2)).isEqualTo(0);
        assertThat(read(layout, "{i: -2147483648}", 2)).isEqualTo(Integer.MIN_VALUE);
    }

    @Test
    void integersRefuseFractionsRangesAndText() {
        DocumentLayout layout =
                layout().column("t", "tinyint").column("i", "int").build();
        assertFailure(layout, "{i: 5.5}", "cannot read '5.5' as int: field i is a BSON double with a fractional part");
        assertFailure(layout, "{i: {$numberDecimal: '5.01'}}", "field i is a BSON decimal128 with a fractional part");
        assertFailure(
                layout, "{t: 300}", "cannot read '300' as tinyint: field t is out of range for tinyint [-128, 127]");
        assertFailure(layout, "{i: {$numberLong: '2147483648'}}", "out of range for int");
        assertFailure(layout, "{i: 1e19}", "cannot read '1.0E19' as int: field i is out of range for int");
        assertFailure(layout, "{i: {$numberDecimal: '1E+30'}}", "out of range for int");
        assertFailure(layout, "{i: {$numberDouble: 'NaN'}}", "field i is a BSON double NaN");
        assertFailure(layout, "{i: {$numberDecimal: 'Infinity'}}", "field i is a BSON decimal128 Infinity");
        assertFailure(
                layout,
                "{i: '5'}",
                "cannot read '5' as int: field i is a BSON string; int reads int32, int64, and whole double or "
                        + "decimal128 values (strings are not parsed)");
        assertFailure(layout, "{i: true}", "field i is a BSON boolean");
    }

    @Test
    void floatingPoint() {
        DocumentLayout layout =
                layout().column("f", "float").column("d", "double").build();
        assertThat(values(layout, BsonDocument.parse("{f: 1.5, d: 2}"))).containsExactly(1.5f, 2.0);
        assertThat(values(layout, BsonDocument.parse("{f: {$numberLong: '3'}, d: {$numberLong: '4'}}")))
                .containsExactly(3.0f, 4.0);
        assertThat(values(layout, BsonDocument.parse("{f: {$numberDecimal: '0.1'}, d: {$numberDecimal: '0.1'}}")))
                .containsExactly(0.1f, 0.1);
        assertThat(read(layout, "{d: {$numberDouble: 'NaN'}}", 1)).isEqualTo(Double.NaN);
        assertThat(read(layout, "{d: {$numberDecimal: '-Infinity'}}", 1)).isEqualTo(Double.NEGATIVE_INFINITY);
        assertFailure(layout, "{f: 1e300}", "cannot read '1.0E300' as float: field f is out of range for float");
        assertFailure(layout, "{d: {$numberDecimal: '1E+6000'}}", "field d is out of range for double");
        assertFailure(layout, "{d: '1.5'}", "field d is a BSON string");
    }

    @Test
    void decimals() {
        DocumentLayout layout = layout().column("x", "decimal(5,2)").build();
        assertThat(read(layout, "{x: 5}")).isEqualTo(new BigDecimal("5.00"));
        assertThat(read(layout, "{x: {$numberLong: '-123'}}")).isEqualTo(new BigDecimal("-123.00"));
        assertThat(read(layout, "{x: 1.005}")).isEqualTo(new BigDecimal("1.01")); // shortest text 1.005, HALF_UP
        assertThat(read(layout, "{x: 0.1}")).isEqualTo(new BigDecimal("0.10"));
        assertThat(read(layout, "{x: {$numberDecimal: '123.456'}}")).isEqualTo(new BigDecimal("123.46"));
        assertThat(read(layout, "{x: {$numberDecimal: '-0.00'}}")).isEqualTo(new BigDecimal("0.00"));
        assertThat(read(layout, "{x: {$numberDecimal: '1E-40'}}")).isEqualTo(new BigDecimal("0.00"));
        assertThat(read(layout, "{x: {$numberDecimal: '999.994'}}")).isEqualTo(new BigDecimal("999.99"));
        assertFailure(
                layout,
                "{x: {$numberDecimal: '1234.5'}}",
                "cannot read '1234.5' as decimal(5,2): field x does not fit decimal(5,2) (at most 3 digits before the "
                        + "decimal point)");
        assertFailure(layout, "{x: {$numberDecimal: '999.995'}}", "does not fit decimal(5,2)"); // rounds to 1000.00
        assertFailure(layout, "{x: {$numberDecimal: '1E+6000'}}", "does not fit decimal(5,2)");
        assertFailure(layout, "{x: {$numberDecimal: 'NaN'}}", "field x is a BSON decimal128 NaN");
        assertFailure(layout, "{x: {$numberDouble: 'Infinity'}}", "field x is a BSON double Infinity");
        assertFailure(layout, "{x: '1.5'}", "field x is a BSON string");
        DocumentLayout wide = layout().column("x", "decimal(38,10)").build();
        assertThat(read(wide, "{x: {$numberDecimal: '123456789012345678901234.1234567891'}}"))
                .isEqualTo(new BigDecimal("123456789012345678901234.1234567891"));
    }

    @Test
    void strings() {
        DocumentLayout layout = layout().column("s", "string").build();
        assertThat(read(layout, "{s: 'héllo'}")).isEqualTo("héllo");
        assertThat(read(layout, new BsonDocument("s", new BsonSymbol("sym")), 0))
                .isEqualTo("sym");
        assertThat(read(layout, "{s: {$oid: '" + HEX.toUpperCase() + "'}}")).isEqualTo(HEX);
        // JavaScript code is no text: no pushed string comparison could select it (the test server has no type alias)
        assertFailure(
                layout,
                new BsonDocument("s", new BsonJavaScript("function() {}")),
                "field s is a BSON JavaScript; string reads any value but JavaScript code, DBPointers and regular "
                        + "expressions");
        assertFailure(
                layout,
                new BsonDocument("s", new BsonDbPointer("db.c", new ObjectId(HEX))),
                "field s is a BSON DBPointer");
        assertFailure(
                layout,
                new BsonDocument("s", new BsonJavaScriptWithScope("f()", new BsonDocument("x", new BsonInt32(1)))),
                "field s is a BSON JavaScript with scope");
        assertThat(read(layout, "{s: {b: 1, c: {$date: '2024-01-02T03:04:05Z'}, d: [1, 'x']}}"))
                .isEqualTo("{\"b\": 1, \"c\": {\"$date\": \"2024-01-02T03:04:05Z\"}, \"d\": [1, \"x\"]}");
        assertThat(read(layout, "{s: [1, {a: 2.5}, null]}")).isEqualTo("[1, {\"a\": 2.5}, null]");
        assertThat(read(layout, "{s: []}")).isEqualTo("[]");
    }

    /** Every other scalar reads as its text inside a document read as text, whether top-level or nested. */
    @Test
    void scalarsReadIntoStringsAsTheirJsonText() {
        DocumentLayout layout =
                layout().column("s", "string").column("v", "varchar(3)", "s").build();
        List<BsonValue> values = List.of(
                new BsonInt32(5),
                new BsonInt32(Integer.MIN_VALUE),
                new BsonInt64(Long.MAX_VALUE),
                new BsonInt64(-5),
                new BsonDouble(1.5),
                new BsonDouble(5.0),
                new BsonDouble(-0.0),
                new BsonDouble(1e20),
                new BsonDouble(1e-7),
                new BsonDouble(0.1 + 0.2),
                new BsonDouble(Double.NaN),
                new BsonDouble(Double.POSITIVE_INFINITY),
                new BsonDouble(Double.NEGATIVE_INFINITY),
                new BsonDecimal128(Decimal128.parse("1.50")),
                new BsonDecimal128(Decimal128.NEGATIVE_ZERO),
                BsonBoolean.TRUE,
                BsonBoolean.FALSE,
                new BsonDateTime(1_704_164_645_123L),
                new BsonDateTime(-1),
                new BsonTimestamp(1, 2),
                new BsonBinary(new byte[] {1, 2}),
                new BsonBinary(UUID.fromString("123e4567-e89b-12d3-a456-426614174000")),
                new BsonMinKey(),
                new BsonMaxKey());
        for (BsonValue value : values) {
            String nested = BsonText.json(new BsonDocument("x", value));
            String text = nested.substring("{\"x\": ".length(), nested.length() - 1);
            BsonDocument document = new BsonDocument("s", value);
            assertThat(values(layout, document))
                    .as("%s", value)
                    .containsExactly(text, text.substring(0, Math.min(3, text.length()))); // ASCII: varchar(3)
        }
        assertThat(read(layout, "{s: 5}")).isEqualTo("5");
        assertThat(read(layout, "{s: {$numberLong: '5'}}")).isEqualTo("5");
        assertThat(read(layout, "{s: 1.0E20}")).isEqualTo("1.0E+20");
        assertThat(read(layout, "{s: {$numberDouble: 'NaN'}}")).isEqualTo("{\"$numberDouble\": \"NaN\"}");
        assertThat(read(layout, "{s: {$numberDecimal: '5'}}")).isEqualTo("{\"$numberDecimal\": \"5\"}");
        assertThat(read(layout, "{s: false}")).isEqualTo("false");
        assertThat(read(layout, "{s: {$date: '2024-01-02T03:04:05Z'}}"))
                .isEqualTo("{\"$date\": \"2024-01-02T03:04:05Z\"}");
        assertThat(read(layout, "{s: {$timestamp: {t: 1, i: 2}}}")).isEqualTo("{\"$timestamp\": {\"t\": 1, \"i\": 2}}");
        // null and undefined are NULL, not the text null
        assertThat(read(layout, "{s: null}")).isNull();
        assertThat(read(layout, "{s: {$undefined: true}}")).isNull();
        // a string array reads its number elements as text too
        DocumentLayout strings = layout().column("a", "array<string>").build();
        assertThat(read(strings, "{a: ['x', 7, 1.5, true, null]}"))
                .isEqualTo(Arrays.asList("x", "7", "1.5", "true", null));
    }

    @Test
    void varcharAndCharFollowHiveLengthRules() {
        DocumentLayout layout =
                layout().column("v", "varchar(3)").column("c", "char(5)").build();
        assertThat(values(layout, BsonDocument.parse("{v: 'abcdef', c: 'ab'}"))).containsExactly("abc", "ab   ");
        assertFailure(layout, "{v: {$code: 'f()'}}", "as varchar(3): field v is a BSON JavaScript");
    }

    @Test
    void binaries() {
        DocumentLayout layout = layout().column("b", "binary").build();
        byte[] bytes = {0, 1, 2, (byte) 0xff};
        assertThat((byte[]) read(layout, new BsonDocument("b", new BsonBinary(bytes)), 0))
                .containsExactly(bytes);
        UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
        assertThat((byte[]) read(layout, new BsonDocument("b", new BsonBinary(uuid)), 0))
                .hasSize(16);
        assertThat((byte[]) read(layout, "{b: {$oid: '" + HEX + "'}}"))
                .containsExactly(new ObjectId(HEX).toByteArray());
        assertFailure(layout, "{b: 'abc'}", "field b is a BSON string; binary reads binary and ObjectId values");
    }

    @Test
    void datesAndTimestamps() {
        DocumentLayout layout =
                layout().column("d", "date").column("ts", "timestamp").build();
        assertThat(values(
                        layout,
                        BsonDocument.parse(
                                "{d: {$date: '2024-02-29T23:59:59.999Z'}, ts: {$date: '2024-02-29T23:59:59.999Z'}}")))
                .containsExactly(LocalDate.of(2024, 2, 29), LocalDateTime.of(2024, 2, 29, 23, 59, 59, 999_000_000));
        assertThat(values(
                        layout,
                        BsonDocument.parse("{d: {$date: {$numberLong: '-1'}}, ts: {$date: {$numberLong: '-1'}}}")))
                .containsExactly(LocalDate.of(1969, 12, 31), LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000));
        assertThat(read(layout, new BsonDocument("ts", new BsonTimestamp(1_700_000_000, 7)), 1))
                .isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 20));
        assertThat(read(layout, new BsonDocument("ts", new BsonTimestamp(-1, 0)), 1)) // unsigned seconds
                .isEqualTo(LocalDateTime.of(2106, 2, 7, 6, 28, 15));
        assertFailure(layout, "{d: '2024-01-01'}", "field d is a BSON string; date reads date values");
        assertFailure(layout, new BsonDocument("d", new BsonTimestamp(1, 1)), "field d is a BSON timestamp");
        assertFailure(layout, "{ts: 5}", "field ts is a BSON int32; timestamp reads date and timestamp values");
    }

    @Test
    void missingNullAndUndefinedAreNull() {
        DocumentLayout layout =
                layout().column("a", "int").column("b", "struct<x:int>").build();
        assertThat(values(layout, BsonDocument.parse("{}"))).containsExactly(null, null);
        assertThat(values(layout, BsonDocument.parse("{a: null, b: null}"))).containsExactly(null, null);
        BsonDocument undefined = new BsonDocument("a", new BsonUndefined()).append("b", new BsonUndefined());
        assertThat(values(layout, undefined)).containsExactly(null, null);
    }

    @Test
    void dottedPaths() {
        DocumentLayout layout = layout().column("city", "string", "address.city")
                .column("lat", "double", "address.geo.lat")
                .column("zip", "int", "address.zip")
                .build();
        assertThat(values(
                        layout,
                        BsonDocument.parse("{x: 1, address: {zip: 12345, geo: {lat: 1.5, lng: 2}, city: 'Oslo'}}")))
                .containsExactly("Oslo", 1.5, 12345);
        assertThat(values(layout, BsonDocument.parse("{x: 1}"))).containsExactly(null, null, null);
        assertThat(values(layout, BsonDocument.parse("{address: 'Main St'}"))).containsExactly(null, null, null);
        assertThat(values(layout, BsonDocument.parse("{address: {geo: [1, 2], city: null}}")))
                .containsExactly(null, null, null);
        assertThat(values(layout, BsonDocument.parse("{address: null}"))).containsExactly(null, null, null);
        // without stored spellings (a BSON file) a segment falls back to the one field equal to it ignoring case
        assertThat(values(layout, BsonDocument.parse("{Address: {City: 'Oslo'}}")))
                .containsExactly("Oslo", null, null);
        // with them (a collection, sampled when the query was planned) the stored paths match exactly, as MongoDB's
        DocumentLayout sampled = layout().column("city", "string", "address.city")
                .stored()
                .column("lat", "double", "address.geo.lat")
                .stored()
                .column("zip", "int", "address.zip")
                .stored()
                .build();
        assertThat(values(sampled, BsonDocument.parse("{Address: {city: 'Oslo'}}")))
                .containsExactly(null, null, null);
    }

    @Test
    void overlappingColumnsReadTheSameValue() {
        DocumentLayout layout = layout().column("a", "struct<b:int,c:string>")
                .column("ab", "int", "a.b")
                .column("a_text", "string", "a")
                .column("after", "int")
                .build();
        assertThat(values(layout, BsonDocument.parse("{a: {b: 1, c: 'x'}, after: 2}")))
                .containsExactly(Arrays.asList(1, "x"), 1, "{\"b\": 1, \"c\": \"x\"}", 2);
        assertThat(values(layout, BsonDocument.parse("{a: 5, after: 2}")))
                .containsExactly(Failed.class, null, "5", 2); // a string reads a number as its text
    }

    @Test
    void structs() {
        DocumentLayout layout = layout().column("s", "struct<name:string,zipcode:int,missing:boolean>")
                .build();
        assertThat(read(layout, "{s: {ZipCode: 7, name: 'n', extra: [1]}}")).isEqualTo(Arrays.asList("n", 7, null));
        assertThat(read(layout, "{s: {zipcode: 7, ZIPCODE: 8}}")).isEqualTo(Arrays.asList(null, 7, null));
        assertFailure(
                layout,
                "{s: {name: 'n', ZipCode: 'seven'}}",
                "cannot read 'seven' as int: field s.ZipCode is a BSON string");
        assertFailure(
                layout,
                "{s: [1, 2]}",
                "field s is a BSON array; struct<name:string,zipcode:int,missing:boolean> " + "reads documents");
    }

    @Test
    void objectIdsAsStringsAndStructs() {
        DocumentLayout layout = layout().column("id", "string", "_id")
                .column("ref", "struct<oid:string,bsontype:int>")
                .column("ref2", "struct<oid:string>")
                .build();
        assertThat(values(
                        layout,
                        BsonDocument.parse("{_id: {$oid: '" + HEX + "'}, ref: {$oid: '" + HEX + "'}, ref2: {$oid: '"
                                + HEX + "'}}")))
                .containsExactly(HEX, Arrays.asList(HEX, 8), Arrays.asList(HEX));
        // a document in mongo-hadoop's struct shape reads as a document
        assertThat(read(layout, "{ref: {oid: 'abc', bsontype: 2}}", 1)).isEqualTo(Arrays.asList("abc", 2));
        assertFailure(layout, "{ref: 'abc'}", "field ref is a BSON string");
    }

    @Test
    void maps() {
        DocumentLayout layout = layout().column("m", "map<string,int>")
                .column("byid", "map<int,string>")
                .column("deep", "map<string,array<int>>")
                .build();
        Map<Object, Object> expected = new LinkedHashMap<>();
        expected.put("z", 1);
        expected.put("a", null);
        expected.put("m", 3);
        assertThat(read(layout, "{m: {z: 1, a: null, m: 3}}")).isEqualTo(expected);
        assertThat(read(layout, "{byid: {'10': 'ten', '-2': 'minus two'}}", 1))
                .isEqualTo(Map.of(10, "ten", -2, "minus two"));
        assertThat(read(layout, "{deep: {k: [1, null, 3]}}", 2)).isEqualTo(Map.of("k", Arrays.asList(1, null, 3)));
        assertThat(read(layout, "{m: {}}")).isEqualTo(Map.of());
        assertFailure(
                layout,
                "{byid: {'1': 'one', 'x': 'ex'}}",
                "cannot read 'x' as map<int,string>: field byid.x "
                        + "has the field name 'x', which is not a int map key");
        assertFailure(layout, "{m: {a: 1, b: 'two'}}", "cannot read 'two' as int: field m.b is a BSON string");
        assertFailure(layout, "{m: [1]}", "field m is a BSON array; map<string,int> reads documents");
    }

    @Test
    void arrays() {
        DocumentLayout layout =
                layout().column("a", "array<bigint>").column("after", "string").build();
        assertThat(read(layout, "{a: [1, {$numberLong: '2'}, null, 4.0]}")).isEqualTo(Arrays.asList(1L, 2L, null, 4L));
        assertThat(read(layout, "{a: []}")).isEqualTo(List.of());
        assertFailure(layout, "{a: [1, 2, 'x', 4]}", "cannot read 'x' as bigint: field a.2 is a BSON string");
        assertFailure(layout, "{a: 1}", "field a is a BSON int32; array<bigint> reads arrays");
        // a failing value is consumed whole: the next field still decodes
        assertThat(values(layout, BsonDocument.parse("{a: [1, 'x', [2, 3], {b: 1}], after: 'ok'}")))
                .containsExactly(Failed.class, "ok");
    }

    @Test
    void nestingToDepthThree() {
        DocumentLayout layout = layout().column(
                        "s", "struct<a:struct<b:struct<c:int,d:array<string>>>,m:map<string,struct<x:double>>>")
                .column("l", "array<array<map<string,bigint>>>")
                .column("after", "int")
                .build();
        BsonDocument document = BsonDocument.parse("{s: {a: {b: {c: 1, d: ['p', 'q']}}, m: {k: {x: 2}, j: null}},"
                + " l: [[{u: 1}, {}], [], null], after: 3}");
        Map<Object, Object> m = new LinkedHashMap<>();
        m.put("k", List.of(2.0));
        m.put("j", null);
        assertThat(values(layout, document))
                .containsExactly(
                        List.of(List.of(List.of(1, List.of("p", "q"))), m),
                        Arrays.asList(List.of(Map.of("u", 1L), Map.of()), List.of(), null),
                        3);
        assertFailure(
                layout,
                "{s: {a: {b: {c: 1, d: ['p', {$code: 'f()'}]}}}, after: 3}",
                "as string: field s.a.b.d.1 is a BSON JavaScript");
        assertThat(values(
                        layout,
                        BsonDocument.parse("{s: {a: {b: {c: 'x'}}, m: {k: {x: 1}}}, l: [[{u: 'v'}]], after: 3}")))
                .containsExactly(Failed.class, Failed.class, 3);
    }

    @Test
    void otherBsonTypesFailEveryColumnType() {
        DocumentLayout layout =
                layout().column("r", "string").column("k", "int").build();
        assertFailure(
                layout,
                "{r: {$regularExpression: {pattern: 'a.*', options: 'i'}}}",
                "cannot read '{\"$regularExpression\": {\"pattern\": \"a.*\", \"options\": \"i\"}}' as string: field r "
                        + "is a BSON regular expression");
        assertFailure(layout, "{k: {$minKey: 1}}", "field k is a BSON MinKey");
    }

    @Test
    void repeatedFieldNamesTakeTheFirst() {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            writer.writeStartDocument();
            writer.writeInt32("a", 1);
            writer.writeStartDocument("s");
            writer.writeInt32("x", 2);
            writer.writeEndDocument();
            writer.writeInt32("a", 3);
            writer.writeStartDocument("s");
            writer.writeInt32("x", 4);
            writer.writeEndDocument();
            writer.writeEndDocument();
        }
        RawBsonDocument document = new RawBsonDocument(buffer.toByteArray());
        BsonRowDecoder decoder = new BsonRowDecoder(
                layout().column("a", "int").column("x", "int", "s.x").build());
        decoder.reset(document);
        assertThat(decoder.get(0)).isEqualTo(1);
        assertThat(decoder.get(1)).isEqualTo(2);
    }

    @Test
    void resetClearsTheLastDocument() {
        BsonRowDecoder decoder = new BsonRowDecoder(
                layout().column("a", "int").column("b", "string", "x.b").build());
        decoder.reset(raw(BsonDocument.parse("{a: 'bad', x: {b: 'one'}}")));
        assertThatThrownBy(() -> decoder.get(0)).isInstanceOf(ValueConversionException.class);
        assertThat(decoder.get(1)).isEqualTo("one");
        decoder.reset(raw(BsonDocument.parse("{a: 2}")));
        assertThat(decoder.get(0)).isEqualTo(2);
        assertThat(decoder.get(1)).isNull();
    }

    @Test
    void projectedDecoderReadsOnlyItsColumns() {
        DocumentLayout layout = layout().column("a", "int").column("b", "int").build();
        BsonRowDecoder decoder = new BsonRowDecoder(layout, List.of(1));
        decoder.reset(raw(BsonDocument.parse("{a: 'not read', b: 2}")));
        assertThat(decoder.get(1)).isEqualTo(2);
        assertThatThrownBy(() -> decoder.get(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("column a is not among the columns");
        assertThatThrownBy(() -> new BsonRowDecoder(layout, List.of(2))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new BsonRowDecoder(layout).get(0)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void keys() {
        BsonRowDecoder decoder = new BsonRowDecoder(layout().column("a", "int").build());
        assertThat(key(decoder, "{_id: {$oid: '" + HEX + "'}}")).isEqualTo(HEX);
        assertThat(key(decoder, "{_id: 'user-1'}")).isEqualTo("user-1");
        assertThat(key(decoder, "{_id: 42}")).isEqualTo("42");
        assertThat(key(decoder, "{_id: {$numberLong: '42'}}")).isEqualTo("42");
        assertThat(key(decoder, "{_id: {a: 1, b: 'x'}}")).isEqualTo("{\"a\": 1, \"b\": \"x\"}");
        assertThat(key(decoder, "{_id: [1, 2]}")).isEqualTo("[1, 2]");
        assertThat(key(decoder, "{_id: {$date: '2024-01-02T03:04:05Z'}}"))
                .isEqualTo("{\"$date\": \"2024-01-02T03:04:05Z\"}");
        assertThat(key(decoder, "{a: 1}")).isEqualTo("(no _id)");
        decoder.reset(new BsonDocument("_id", new BsonString("x".repeat(1000))));
        assertThat(decoder.key()).hasSize(203);
    }

    /** Files by other tools may hold strings that are not UTF-8: a failure of the column, never U+FFFD. */
    @Test
    void stringsThatAreNotUtf8FailTheirColumnAndTheRowReadsOn() {
        DocumentLayout layout = layout().column("s", "string")
                .column("v", "varchar(3)", "s")
                .column("m", "map<string,string>")
                .column("d", "string")
                .column("arr", "array<string>")
                .column("sym", "string")
                .column("n", "int")
                .column("ok", "string")
                .build();
        BsonDocument document = BsonDocument.parse(
                "{s: 'cafA', m: {kB: 'v'}, d: {k: 'cafC'}, arr: ['x', 'cafD'], " + "n: 5, ok: '\u00fc \ufffd'}");
        document.put("sym", new BsonSymbol("cafE"));
        byte[] bytes = bytes(raw(document));
        for (String placeholder : List.of("cafA", "kB", "cafC", "cafD", "cafE")) {
            patch(bytes, placeholder);
        }
        RawBsonDocument patched = new RawBsonDocument(bytes);
        assertThat(rawFailure(layout, patched, 0))
                .hasMessage(
                        "cannot read 'caf\\xE9' as string: field s is not valid UTF-8 (byte 0xE9 at offset 3 does "
                                + "not start a well-formed sequence); string reads UTF-8 text only: BSON strings must be UTF-8");
        assertThat(rawFailure(layout, patched, 1)).hasMessageStartingWith("cannot read 'caf\\xE9' as varchar(3)");
        assertThat(rawFailure(layout, patched, 2))
                .hasMessageStartingWith("cannot read 'k\\xE9' as map<string,string>: field m has a field name (a map "
                        + "key) that is not valid UTF-8 (byte 0xE9 at offset 1");
        assertThat(rawFailure(layout, patched, 3))
                .hasMessageStartingWith("cannot read 'caf\\xE9' as string: field d holds a string not valid UTF-8");
        assertThat(rawFailure(layout, patched, 4))
                .hasMessageStartingWith("cannot read 'caf\\xE9' as string: field arr.1 is not valid UTF-8");
        assertThat(rawFailure(layout, patched, 5))
                .hasMessageStartingWith("cannot read 'caf\\xE9' as string: field sym");
        assertThat(decode(layout, patched, 6)).isEqualTo(5);
        assertThat(decode(layout, patched, 7)).isEqualTo("\u00fc \ufffd");
        // the same document with valid text reads as before
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(raw(document));
        assertThat(decoder.get(0)).isEqualTo("cafA");
        assertThat(decoder.get(2)).isEqualTo(Map.of("kB", "v"));
    }

    private static byte[] bytes(RawBsonDocument document) {
        java.nio.ByteBuffer buffer = document.getByteBuffer().asNIO();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return bytes;
    }

    /** Replaces the last character of the placeholder's UTF-8 with 0xE9 (Latin-1 é). */
    private static void patch(byte[] bytes, String placeholder) {
        byte[] target = placeholder.getBytes(java.nio.charset.StandardCharsets.UTF_8);
        for (int i = 0; i + target.length <= bytes.length; i++) {
            if (Arrays.equals(bytes, i, i + target.length, target, 0, target.length)) {
                bytes[i + target.length - 1] = (byte) 0xe9;
                return;
            }
        }
        throw new AssertionError(placeholder + " not found");
    }

    private static ValueConversionException rawFailure(DocumentLayout layout, RawBsonDocument document, int column) {
        try {
            Object value = decode(layout, document, column);
            throw new AssertionError("expected a conversion failure, got " + comparable(value));
        } catch (ValueConversionException e) {
            return e;
        }
    }

    @Test
    void failureMessagesAreShort() {
        DocumentLayout layout = layout().column("i", "int").build();
        String big = "{i: {text: '" + "y".repeat(5000) + "'}}";
        ValueConversionException e = failure(layout, BsonDocument.parse(big), 0);
        assertThat(e.getMessage()).hasSizeLessThan(600).contains("field i is a BSON document");
    }

    private static String key(BsonRowDecoder decoder, String json) {
        decoder.reset(raw(BsonDocument.parse(json)));
        return decoder.key();
    }

    /** Marks a column whose value failed to convert, in {@link #values}. */
    private static final class Failed {}

    /** Every column of the document, through raw bytes and a document tree alike; failures as {@link Failed}. */
    private static List<Object> values(DocumentLayout layout, BsonDocument document) {
        Object[] result = new Object[layout.mapping().size()];
        for (int c = 0; c < result.length; c++) {
            try {
                result[c] = read(layout, document, c);
            } catch (ValueConversionException e) {
                result[c] = Failed.class;
            }
        }
        return Arrays.asList(result);
    }

    private static Object read(DocumentLayout layout, String json) {
        return read(layout, json, 0);
    }

    private static Object read(DocumentLayout layout, String json, int column) {
        return read(layout, BsonDocument.parse(json), column);
    }

    /** A column's value through a RawBsonDocument, checked against a BsonDocument's. */
    private static Object read(DocumentLayout layout, BsonDocument document, int column) {
        Object fromTree;
        try {
            fromTree = decode(layout, document, column);
        } catch (ValueConversionException e) {
            ValueConversionException rawFailure = failure(layout, document, column);
            assertThat(rawFailure.getMessage()).isEqualTo(e.getMessage());
            throw rawFailure;
        }
        Object fromRaw = decode(layout, raw(document), column);
        assertThat(comparable(fromRaw)).isEqualTo(comparable(fromTree));
        return fromRaw;
    }

    private static Object decode(DocumentLayout layout, BsonDocument document, int column) {
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(document);
        return decoder.get(column);
    }

    private static ValueConversionException failure(DocumentLayout layout, BsonDocument document, int column) {
        try {
            Object value = decode(layout, raw(document), column);
            throw new AssertionError("expected a conversion failure, got " + comparable(value));
        } catch (ValueConversionException e) {
            return e;
        }
    }

    private static void assertFailure(DocumentLayout layout, String json, String message) {
        assertFailure(layout, BsonDocument.parse(json), message);
    }

    private static void assertFailure(DocumentLayout layout, BsonDocument document, String message) {
        String first = document.getFirstKey();
        int column = -1;
        for (int c = 0; c < layout.mapping().size(); c++) {
            if (layout.mapping().column(c).path().split("\\.")[0].equals(first)) {
                column = c;
                break;
            }
        }
        int target = column;
        assertThatThrownBy(() -> read(layout, document, target))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining(message);
    }
}
