package io.hivenosql.mongo;

import static io.hivenosql.mongo.bson.TestingLayouts.layout;
import static io.hivenosql.mongo.bson.TestingLayouts.raw;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.AmbiguousFieldException;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;

/**
 * How {@link BsonRowDecoder} finds a column's field when the documents spell it otherwise than Hive's lower-case column
 * name: mongo-hadoop's sample data ({@code publicationYear}, {@code studentID}, {@code paymentType}) under its own DDL.
 */
class TestBsonFieldNames {
    @Test
    void camelCaseFieldsOfBsonFilesReadIgnoringCase() {
        // mongo-hadoop's books DDL: (author array<string>, ..., publicationYear int, ...); Hive lower-cases the names
        DocumentLayout layout = layout().column("publicationyear", "int")
                .column("studentid", "string")
                .column("paymenttype", "string")
                .column("title", "string")
                .build();
        assertThat(values(layout, "{publicationYear: 1999, studentID: 'S1', paymentType: 'card', title: 'T'}"))
                .containsExactly(1999, "S1", "card", "T");
        assertThat(values(layout, "{PUBLICATIONYEAR: 2001}")).containsExactly(2001, null, null, null);
    }

    @Test
    void theExactSpellingWinsWhereverItComes() {
        DocumentLayout layout = layout().column("publicationyear", "int").build();
        assertThat(values(layout, "{publicationYear: 1, publicationyear: 2}")).containsExactly(2);
        assertThat(values(layout, "{publicationyear: 2, publicationYear: 1}")).containsExactly(2);
        // a mapping spells the wanted field exactly: it picks that one among several
        DocumentLayout mapped =
                layout().column("year", "int", "publicationYear").build();
        assertThat(values(mapped, "{PublicationYear: 3, publicationYear: 1, publicationyear: 2}"))
                .containsExactly(1);
        // an exact spelling replaces a bad value another spelling gave
        assertThat(values(layout, "{publicationYear: 'x', publicationyear: 2}")).containsExactly(2);
    }

    @Test
    void twoOtherSpellingsAreABadRecordNamingBoth() {
        DocumentLayout layout =
                layout().column("studentid", "string").column("n", "int").build();
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(raw(BsonDocument.parse("{studentID: 'a', StudentId: 'b', n: 1}")));
        assertThatThrownBy(() -> decoder.get(0))
                .isInstanceOf(AmbiguousFieldException.class)
                .hasMessageContaining("'studentID' and 'StudentId'")
                .hasMessageContaining("match 'studentid'")
                .hasMessageContaining("mongo.columns.mapping");
        assertThat(decoder.get(1)).isEqualTo(1);
        // the same spelling twice is a repeated field (the first counts), not two spellings
        assertThat(values(layout, repeated("studentID", "a", "b"))).containsExactly("a", null);
    }

    @Test
    void everySegmentOfADottedPathFollowsTheRule() {
        DocumentLayout layout = layout().column("city", "string", "address.city")
                .column("zip", "string", "address.zip")
                .build();
        assertThat(values(layout, "{Address: {City: 'Oslo', zip: '0150'}}")).containsExactly("Oslo", "0150");
        // the exact parent replaces what another spelling of it read, sub-fields and all
        assertThat(values(layout, "{Address: {city: 'Lima', zip: '1'}, address: {City: 'Oslo'}}"))
                .containsExactly("Oslo", null);
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(raw(BsonDocument.parse("{Address: {city: 'Lima'}, ADDRESS: {city: 'Oslo'}}")));
        assertThatThrownBy(() -> decoder.get(0))
                .isInstanceOf(AmbiguousFieldException.class)
                .hasMessageContaining("'Address' and 'ADDRESS'")
                .hasMessageContaining("'address'");
        decoder.reset(raw(BsonDocument.parse("{address: {City: 'Lima', CITY: 'Oslo'}}")));
        assertThatThrownBy(() -> decoder.get(0)).hasMessageContaining("'address.City' and 'address.CITY'");
    }

    @Test
    void columnsOnPathsThatDifferOnlyInCaseReadTheirOwnSpelling() {
        DocumentLayout layout =
                layout().column("lower", "int", "a").column("upper", "int", "A").build();
        assertThat(values(layout, "{a: 1, A: 2}")).containsExactly(1, 2);
        assertThat(values(layout, "{A: 2, a: 1}")).containsExactly(1, 2);
        // only one spelling: both read it, each through the rule
        assertThat(values(layout, "{a: 1}")).containsExactly(1, 1);
    }

    @Test
    void storedSpellingsOfACollectionMatchExactly() {
        // one spelling found by the sample: the column's path, read exactly (as the server projects it)
        DocumentLayout single = layout().column("publicationyear", "int", "publicationYear")
                .stored("publicationYear")
                .build();
        assertThat(values(single, "{publicationYear: 1}")).containsExactly(1);
        assertThat(values(single, "{PublicationYear: 1}")).containsExactly((Object) null);
        // several: each document's own, the mapped path first; two others are ambiguous
        DocumentLayout several = layout().column("paymenttype", "string")
                .stored("PaymentType", "paymentType")
                .build();
        assertThat(values(several, "{paymentType: 'card'}")).containsExactly("card");
        assertThat(values(several, "{PaymentType: 'cash'}")).containsExactly("cash");
        assertThat(values(several, "{PAYMENTTYPE: 'cash'}")).containsExactly((Object) null);
        assertThat(values(several, "{x: 1}")).containsExactly((Object) null);
        BsonRowDecoder decoder = new BsonRowDecoder(several);
        decoder.reset(raw(BsonDocument.parse("{paymentType: 'card', PaymentType: 'cash'}")));
        assertThatThrownBy(() -> decoder.get(0))
                .isInstanceOf(AmbiguousFieldException.class)
                .hasMessageContaining("'PaymentType' and 'paymentType'");
        DocumentLayout withMapped = layout().column("paymenttype", "string")
                .stored("PaymentType", "paymenttype")
                .build();
        assertThat(values(withMapped, "{PaymentType: 'cash', paymenttype: 'card'}"))
                .containsExactly("card");
        // a value that does not convert names the spelling it came from
        assertThatThrownBy(() -> new BsonRowDecoderProbe(
                                layout().column("n", "int").stored("N", "nn").build())
                        .get("{N: 'x'}"))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("field N is a BSON string");
    }

    @Test
    void structFieldsFollowTheSameRule() {
        DocumentLayout layout =
                layout().column("s", "struct<city:string,zip:int>").build();
        assertThat(values(layout, "{s: {City: 'Oslo', zip: 1}}")).containsExactly(Arrays.asList("Oslo", 1));
        assertThat(values(layout, "{s: {City: 'Oslo', city: 'Lima'}}")).containsExactly(Arrays.asList("Lima", null));
        assertThat(values(layout, "{s: {ZIP: 'x', zip: 3}}"))
                .as("the exact spelling replaces another one's bad value")
                .containsExactly(Arrays.asList(null, 3));
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(raw(BsonDocument.parse("{s: {City: 'Oslo', CITY: 'Lima'}}")));
        assertThatThrownBy(() -> decoder.get(0))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("'City' and 'CITY'")
                .hasMessageContaining("struct field 'city'");
    }

    /** One column's values through a raw document and a document tree alike (they must agree). */
    private static List<Object> values(DocumentLayout layout, String json) {
        BsonDocument document = BsonDocument.parse(json);
        return values(layout, document, raw(document));
    }

    private static List<Object> values(DocumentLayout layout, BsonDocument tree, RawBsonDocument raw) {
        List<Object> fromRaw = decodeAll(layout, raw);
        assertThat(decodeAll(layout, tree)).isEqualTo(fromRaw);
        return fromRaw;
    }

    private static List<Object> values(DocumentLayout layout, RawBsonDocument raw) {
        return decodeAll(layout, raw);
    }

    private static List<Object> decodeAll(DocumentLayout layout, BsonDocument document) {
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        decoder.reset(document);
        List<Object> result = new ArrayList<>();
        for (int c = 0; c < layout.mapping().size(); c++) {
            result.add(decoder.get(c));
        }
        return result;
    }

    /** A document with one field name twice (a BSON document may repeat a name; a parsed JSON one cannot). */
    private static RawBsonDocument repeated(String name, String first, String second) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        try (BsonBinaryWriter writer = new BsonBinaryWriter(buffer)) {
            writer.writeStartDocument();
            writer.writeString(name, first);
            writer.writeString(name, second);
            writer.writeEndDocument();
        }
        return new RawBsonDocument(buffer.toByteArray());
    }

    /** Reads the first column of a document. */
    private record BsonRowDecoderProbe(DocumentLayout layout) {
        Object get(String json) {
            BsonRowDecoder decoder = new BsonRowDecoder(layout);
            decoder.reset(raw(BsonDocument.parse(json)));
            return decoder.get(0);
        }
    }
}
