package io.hivenosql.mongo.bson;

import static io.hivenosql.mongo.bson.TestingLayouts.layout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;
import org.junit.jupiter.api.Test;

/** The update that makes a stored document hold a row: what is set, what is removed, and what is left alone. */
class TestBsonRowUpdate {
    private static final String HEX = "5f1d7a3b9c0e4d2a1b3c4d5e";

    /** {@code id -> _id, name, qty bigint, address struct<city,zip>}. */
    private static DocumentLayout people(boolean writeNulls) {
        TestingLayouts layout = layout().column("id", "string", "_id")
                .column("name", "string")
                .column("qty", "bigint")
                .column("address", "struct<city:string,zip:string>");
        return (writeNulls ? layout.writeNulls() : layout).build();
    }

    private static BsonDocument update(DocumentLayout layout, String stored, Object... row) {
        return new BsonRowUpdate(layout).update(BsonDocument.parse(stored), row);
    }

    private static BsonDocument json(String text) {
        return BsonDocument.parse(text);
    }

    @Test
    void onlyTheColumnsThatChangedAreWritten() {
        // qty is stored as an int32 and reads as the bigint 5: unchanged, it is not rewritten as an int64
        BsonDocument update = update(
                people(false),
                "{_id: 'a', name: 'Ada', qty: 5, extra: true, address: {city: 'Rome', zip: '001', floor: 3}}",
                "a",
                "Ada Lovelace",
                5L,
                Arrays.asList("Rome", "001"));
        assertThat(update).isEqualTo(json("{$set: {name: 'Ada Lovelace'}}"));
    }

    @Test
    void aRowTheStatementDidNotChangeWritesNothing() {
        assertThat(update(people(false), "{_id: 'a', name: 'Ada', other: 1}", "a", "Ada", null, null))
                .isEmpty();
    }

    @Test
    void aNullColumnIsRemovedOrSetToNullWithWriteNulls() {
        String stored = "{_id: 'a', name: 'Ada', qty: {$numberLong: '7'}, address: {city: 'Rome', floor: 3}}";
        assertThat(update(people(false), stored, "a", null, 7L, null))
                .isEqualTo(json("{$unset: {name: '', address: ''}}"));
        assertThat(update(people(true), stored, "a", null, 7L, null))
                .isEqualTo(json("{$set: {name: null, address: null}}"));
        // a NULL column whose field is missing or null already reads as NULL: left as it is
        assertThat(update(people(true), "{_id: 'a', name: null}", "a", null, null, null))
                .isEmpty();
    }

    @Test
    void aStructChangesFieldByFieldKeepingTheSubFieldsItDoesNotDeclare() {
        String stored = "{_id: 'a', address: {city: 'Rome', zip: '001', floor: 3}}";
        assertThat(update(people(false), stored, "a", null, null, Arrays.asList("Milan", "001")))
                .isEqualTo(json("{$set: {'address.city': 'Milan'}}"));
        // a NULL field reads back as NULL
        assertThat(update(people(false), stored, "a", null, null, Arrays.asList("Rome", null)))
                .isEqualTo(json("{$unset: {'address.zip': ''}}"));
        assertThat(update(people(true), stored, "a", null, null, Arrays.asList(null, "002")))
                .isEqualTo(json("{$set: {'address.city': null, 'address.zip': '002'}}"));
    }

    @Test
    void aStructOverAMissingNullOrNonDocumentValueIsSetWhole() {
        List<Object> address = Arrays.asList("Rome", null);
        assertThat(update(people(false), "{_id: 'a'}", "a", null, null, address))
                .isEqualTo(json("{$set: {address: {city: 'Rome'}}}"));
        assertThat(update(people(false), "{_id: 'a', address: null}", "a", null, null, address))
                .isEqualTo(json("{$set: {address: {city: 'Rome'}}}"));
        assertThat(update(people(true), "{_id: 'a', address: null}", "a", null, null, address))
                .isEqualTo(json("{$set: {address: {city: 'Rome', zip: null}}}"));
    }

    @Test
    void nestedStructsRecurse() {
        DocumentLayout layout = layout().column("id", "int", "_id")
                .column("s", "struct<a:int,b:struct<c:string,d:string>>")
                .build();
        assertThat(update(
                        layout,
                        "{_id: 1, s: {a: 1, b: {c: 'x', d: 'y', e: 'kept'}, f: 'kept'}}",
                        1,
                        List.of(1, Arrays.asList("z", null))))
                .isEqualTo(json("{$set: {'s.b.c': 'z'}, $unset: {'s.b.d': ''}}"));
    }

    @Test
    void fieldsAreWrittenAsTheDocumentSpellsThem() {
        DocumentLayout layout = layout().column("id", "int", "_id")
                .column("firstname", "string")
                .column("homeaddress", "struct<zipcode:string>")
                .column("lastname", "string", "user.lastname")
                .build();
        assertThat(update(
                        layout,
                        "{_id: 1, firstName: 'Ada', homeAddress: {zipCode: '001'}, User: {LastName: 'L'}}",
                        1,
                        "Ada",
                        List.of("002"),
                        null))
                .isEqualTo(json("{$set: {'homeAddress.zipCode': '002'}, $unset: {'User.LastName': ''}}"));
        // a missing field, or two spellings of it and none exact, is written as mapped
        assertThat(update(layout, "{_id: 1, FirstName: 'a', firstNAME: 'b'}", 1, "c", null, null))
                .isEqualTo(json("{$set: {firstname: 'c'}}"));
    }

    @Test
    void aColumnWithSampledSpellingsWritesTheOneTheReaderTakes() {
        DocumentLayout layout = layout().column("id", "int", "_id")
                .column("paymenttype", "string")
                .stored("paymentType", "PaymentType")
                .build();
        assertThat(update(layout, "{_id: 1, PaymentType: 'cash'}", 1, "card"))
                .isEqualTo(json("{$set: {PaymentType: 'card'}}"));
        assertThat(update(layout, "{_id: 1}", 1, "card")).isEqualTo(json("{$set: {paymenttype: 'card'}}"));
    }

    @Test
    void anUnreadableValueStaysUnlessTheRowReplacesIt() {
        // a string in a bigint column: a bad record, read as NULL under nosql.bad-record.policy=null
        String stored = "{_id: 'a', qty: 'many'}";
        assertThat(update(people(false), stored, "a", null, null, null)).isEmpty();
        assertThat(update(people(false), stored, "a", null, 3L, null))
                .isEqualTo(json("{$set: {qty: {$numberLong: '3'}}}"));
    }

    @Test
    void mapsAndArraysAreSetWholeAndComparedByValue() {
        DocumentLayout layout = layout().column("id", "int", "_id")
                .column("tags", "array<string>")
                .column("attrs", "map<string,int>")
                .column("price", "decimal(10,2)")
                .build();
        Map<String, Integer> attrs = new LinkedHashMap<>();
        attrs.put("b", 2);
        attrs.put("a", 1);
        String stored = "{_id: 1, tags: ['x', 'y'], attrs: {a: 1, b: 2}, price: {$numberDecimal: '1.50'}}";
        // the same map in another order, the same decimal with another scale: unchanged
        assertThat(update(layout, stored, 1, List.of("x", "y"), attrs, new BigDecimal("1.5")))
                .isEmpty();
        attrs.remove("b");
        assertThat(update(layout, stored, 1, List.of("y"), attrs, new BigDecimal("1.50")))
                .isEqualTo(json("{$set: {tags: ['y'], attrs: {a: 1}}}"));
    }

    @Test
    void valuesThatLookLikeOperatorsOrPathsAreValues() {
        assertThat(update(people(false), "{_id: 'a'}", "a", "{\"$gt\": \"\"}", null, Arrays.asList("$where", "a.b")))
                .isEqualTo(json("{$set: {name: '{\"$gt\": \"\"}', address: {city: '$where', zip: 'a.b'}}}"));
    }

    @Test
    void objectIdColumnsAndTheIdAreWrittenAsTheWriterWritesThem() {
        DocumentLayout layout = layout().column("id", "string", "_id")
                .objectId()
                .column("ref", "string")
                .objectId()
                .build();
        assertThat(update(layout, "{_id: {$oid: '" + HEX + "'}}", HEX, HEX))
                .isEqualTo(json("{$set: {ref: {$oid: '" + HEX + "'}}}"));
        assertThatThrownBy(() -> update(layout, "{_id: {$oid: '" + HEX + "'}}", HEX, "not hex"))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining(HandlerErrorCode.BAD_RECORD.name())
                .hasMessageContaining("table db.t, column ref")
                .hasMessageContaining("row with _id {\"$oid\": \"" + HEX + "\"}")
                .hasMessageContaining("'not hex'");
    }
}
