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
        assertThat(BsonSampledValues.value(new BsonMinKey())).isEqualTo(new SampledValue.Unreadable("MinKey"));
        assertThat(BsonSampledValues.value(new BsonMaxKey())).isEqualTo(new SampledValue.Unreadable("MaxKey"));
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
