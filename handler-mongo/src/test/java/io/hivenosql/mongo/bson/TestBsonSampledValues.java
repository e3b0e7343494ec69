package io.hivenosql.mongo.bson;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.schema.DocumentSchemaInference;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampledValue;
import io.hivenosql.api.types.ValueConversionException;
import java.math.BigDecimal;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonBinary;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonJavaScript;
import org.bson.BsonMaxKey;
import org.bson.BsonMinKey;
import org.bson.BsonRegularExpression;
import org.bson.BsonSymbol;
import org.bson.BsonTimestamp;
import org.bson.BsonUndefined;
import org.bson.types.Decimal128;
import org.junit.jupiter.api.Test;

/**
 * {@link BsonSampledValues}: each BSON type as the sampled kind whose inferred column {@link BsonRowDecoder} reads it
 * into, checked by decoding the sampled documents into the columns inferred from them.
 */
class TestBsonSampledValues {
    @Test
    void eachBsonTypeIsTheKindItsColumnReads() {
        assertThat(BsonSampledValues.value(new BsonSymbol("s"))).isEqualTo(SampledValue.TEXT);
        assertThat(BsonSampledValues.value(new BsonUndefined())).isEqualTo(SampledValue.NULL);
        assertThat(BsonSampledValues.value(new BsonTimestamp(1_700_000_000, 1))).isEqualTo(SampledValue.TIMESTAMP);
        assertThat(BsonSampledValues.value(new BsonDecimal128(Decimal128.NaN)))
                .isInstanceOf(SampledValue.Floating.class);
        assertThat(BsonSampledValues.value(new BsonDecimal128(Decimal128.NEGATIVE_ZERO)))
                .isEqualTo(new SampledValue.Decimal(BigDecimal.ZERO));
        assertThat(BsonSampledValues.value(new BsonJavaScript("f()")))
                .isEqualTo(new SampledValue.Unreadable("JavaScript"));
        assertThat(BsonSampledValues.value(new BsonRegularExpression("a.*")))
                .isEqualTo(new SampledValue.Unreadable("regular expression"));
        // only a string column reads MinKey and MaxKey, as their JSON text
        assertThat(BsonSampledValues.value(new BsonMinKey())).isEqualTo(SampledValue.TEXT);
        assertThat(BsonSampledValues.value(new BsonMaxKey())).isEqualTo(SampledValue.TEXT);
    }

    /** A field of mixed scalar types is a string column, which reads each value as its JSON text. */
    @Test
    void aFieldOfMixedScalarsIsAStringColumnThatReadsEveryValue() {
        List<BsonDocument> documents = List.of(
                BsonDocument.parse("{_id: 1, m: 5}"),
                BsonDocument.parse("{_id: 2, m: 'five'}"),
                BsonDocument.parse("{_id: 3, m: 5.5}"),
                BsonDocument.parse("{_id: 4, m: true}"),
                BsonDocument.parse("{_id: 5, m: {$numberLong: '5'}}"),
                BsonDocument.parse("{_id: 6, m: {$numberDecimal: '5.50'}}"),
                BsonDocument.parse("{_id: 7, m: {$date: '2024-01-02T03:04:05Z'}}"),
                BsonDocument.parse("{_id: 8, m: {$minKey: 1}}"),
                BsonDocument.parse("{_id: 9, m: {$binary: {base64: 'AQI=', subType: '00'}}}"),
                BsonDocument.parse("{_id: 10, m: {x: 1}}"),
                BsonDocument.parse("{_id: 11, m: null}"));
        DocumentSchemaInference inference = new DocumentSchemaInference(List.of(DocumentLayout.ID_FIELD));
        documents.forEach(document -> inference.add(BsonSampledValues.document(document)));
        InferredSchema schema = inference.infer("db.t", "11 documents");
        assertThat(schema.mapping().column(1).type().typeName()).isEqualTo("string");
        BsonRowDecoder decoder = new BsonRowDecoder(
                DocumentLayout.of("db.t", schema.mapping(), MongoObjectIdFormat.STRING, Optional.empty(), false));
        List<Object> read = new ArrayList<>();
        for (BsonDocument document : documents) {
            decoder.reset(document);
            read.add(decoder.get(1));
        }
        assertThat(read)
                .containsExactly(
                        "5",
                        "five",
                        "5.5",
                        "true",
                        "5",
                        "{\"$numberDecimal\": \"5.50\"}",
                        "{\"$date\": \"2024-01-02T03:04:05Z\"}",
                        "{\"$minKey\": 1}",
                        "{\"$binary\": {\"base64\": \"AQI=\", \"subType\": \"00\"}}",
                        "{\"x\": 1}",
                        null);
    }

    @Test
    void theInferredColumnsReadEverySampledDocument() {
        List<BsonDocument> documents = List.of(
                BsonDocument.parse("{_id: 1, sym: {$symbol: 'x'}, ts: {$timestamp: {t: 1700000000, i: 1}}, "
                        + "d: {$numberDecimal: 'NaN'}, when: {$date: '2023-11-14T22:13:20Z'}, "
                        + "big: {$numberLong: '9007199254740993'}, nested: {a: [1, 2.5]}, u: undefined}"),
                BsonDocument.parse("{_id: 2, sym: 'y', ts: {$date: '2023-11-14T22:13:21Z'}, d: 1.5, "
                        + "when: {$timestamp: {t: 1, i: 0}}, big: 0.5, nested: {a: [], B: {$numberDecimal: '1.25'}}, "
                        + "u: null}"));
        documents.get(1).put("bin", new BsonBinary(new byte[] {1, 2}));
        DocumentSchemaInference inference = new DocumentSchemaInference(List.of(DocumentLayout.ID_FIELD));
        documents.forEach(document -> inference.add(BsonSampledValues.document(document)));
        InferredSchema schema = inference.infer("db.t", "2 documents");
        assertThat(schema.mapping().columns().stream()
                        .map(c -> c.name() + " " + c.type().typeName()))
                .containsExactly(
                        "id int",
                        "sym string",
                        "ts timestamp",
                        "d double",
                        "when timestamp",
                        "big decimal(38,1)",
                        "nested struct<a:array<double>,b:decimal(38,2)>",
                        "u string",
                        "bin binary");
        DocumentLayout layout =
                DocumentLayout.of("db.t", schema.mapping(), MongoObjectIdFormat.STRING, Optional.empty(), false);
        List<List<Object>> rows = new ArrayList<>();
        BsonRowDecoder decoder = new BsonRowDecoder(layout);
        for (BsonDocument document : documents) {
            decoder.reset(document);
            List<Object> row = new ArrayList<>();
            for (int i = 0; i < layout.mapping().size(); i++) {
                row.add(decoder.get(i));
            }
            rows.add(row);
        }
        assertThat(rows.get(0).get(2)).isEqualTo(LocalDateTime.of(2023, 11, 14, 22, 13, 20));
        assertThat((Double) rows.get(0).get(3)).isNaN();
        assertThat(rows.get(0).get(5)).isEqualTo(new BigDecimal("9007199254740993.0"));
        assertThat(rows.get(1).get(6)).isEqualTo(List.of(List.of(), new BigDecimal("1.25")));
    }

    @Test
    void aFieldOfAnUnreadableTypeIsAStringColumnWhoseValuesAreBadRecords() {
        BsonDocument document = BsonDocument.parse("{_id: 1, code: {$code: 'f()'}}");
        DocumentSchemaInference inference = new DocumentSchemaInference(List.of(DocumentLayout.ID_FIELD));
        inference.add(BsonSampledValues.document(document));
        InferredSchema schema = inference.infer("db.t", "1 document");
        assertThat(schema.mapping().column(1).type().typeName()).isEqualTo("string");
        assertThat(schema.notes()).anyMatch(note -> note.startsWith("code: JavaScript seen, of which JavaScript"));
        BsonRowDecoder decoder = new BsonRowDecoder(
                DocumentLayout.of("db.t", schema.mapping(), MongoObjectIdFormat.STRING, Optional.empty(), false));
        decoder.reset(document);
        assertThatThrownBy(() -> decoder.get(1)).isInstanceOf(ValueConversionException.class);
    }
}
