package io.hivenosql.api.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.types.DataTypes;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The columns {@link DocumentSchemaInference} makes of sampled documents: order, names, types and notes. */
class TestDocumentSchemaInference {
    @Test
    void columnsComeInFirstSeenOrderWithTheKeyFirstAndSparseFieldsMerged() {
        InferredSchema schema = infer(
                doc("name", text(), "_id", SampledValue.Int.of(1)),
                doc("_id", SampledValue.Int.of(2), "age", SampledValue.Int.of(30)),
                doc("_id", SampledValue.Int.of(3), "name", SampledValue.NULL, "active", SampledValue.BOOLEAN));
        assertThat(schema.mapping().names()).containsExactly("id", "name", "age", "active");
        assertThat(types(schema)).containsExactly("int", "string", "int", "boolean");
        assertThat(schema.mapping().column(0))
                .extracting(ColumnMapping::path, ColumnMapping::role)
                .containsExactly("_id", ColumnRole.KEY);
        assertThat(schema.mapping().column(1).role()).isEqualTo(ColumnRole.FIELD);
        assertThat(schema.notes()).isEmpty(); // the key's name is a convention, not worth a note
        assertThat(schema.sampled()).isEqualTo("3 documents");
    }

    @Test
    void camelCaseFieldsAreLowerCasedNamesReadingTheirOwnSpelling() {
        InferredSchema schema = infer(doc("userId", text(), "publicationYear", SampledValue.Int.of(1999)));
        assertThat(schema.mapping().names()).containsExactly("userid", "publicationyear");
        assertThat(schema.mapping().columns())
                .extracting(ColumnMapping::path)
                .containsExactly("userId", "publicationYear");
        assertThat(schema.notes()).isEmpty();
    }

    @Test
    void namesThatDifferOnlyInCaseGetNumberedColumns() {
        InferredSchema schema = infer(doc("userId", text()), doc("userid", text(), "userid_2", SampledValue.BOOLEAN));
        assertThat(schema.mapping().names()).containsExactly("userid", "userid_2", "userid_2_2");
        assertThat(schema.mapping().columns())
                .extracting(ColumnMapping::path)
                .containsExactly("userId", "userid", "userid_2");
        assertThat(schema.notes())
                .contains("userid_2: fields 'userId' and 'userid' differ only in case; a document with one of them "
                        + "shows its value in both columns")
                .anyMatch(note -> note.startsWith("userid_2: reads field 'userid'"));
    }

    @Test
    void namesHiveCannotTakeUnquotedAreRewritten() {
        assertThat(infer(doc("_v", text())).notes())
                .containsExactly("v: reads field '_v' (Hive names are lower-case ASCII letters, digits and '_', not "
                        + "first)");
        assertThat(DocumentSchemaInference.hiveName("_id")).isEqualTo("id");
        assertThat(DocumentSchemaInference.hiveName("first name")).isEqualTo("first_name");
        assertThat(DocumentSchemaInference.hiveName("Größe")).isEqualTo("gr__e");
        assertThat(DocumentSchemaInference.hiveName("2fa")).isEqualTo("f_2fa");
        assertThat(DocumentSchemaInference.hiveName("__")).isEqualTo("field");
        assertThat(DocumentSchemaInference.hiveName("a-b")).isEqualTo("a_b");
    }

    @Test
    void fieldsThatCannotBePathsAreLeftOutWithANote() {
        InferredSchema schema = infer(doc("a.b", SampledValue.Int.of(1), "$weird", text(), "ok", text()));
        assertThat(schema.mapping().names()).containsExactly("ok");
        assertThat(schema.notes())
                .containsExactly(
                        "field 'a.b' is not mapped: a column path cannot name a field that is empty, contains '.' or "
                                + "starts with '$'",
                        "field '$weird' is not mapped: a column path cannot name a field that is empty, contains '.' "
                                + "or starts with '$'");
        assertThatThrownBy(() -> infer(doc("a.b", text())))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("gave no column");
        assertThatThrownBy(() -> new DocumentSchemaInference(List.of("_id")).infer("db.t", "0 documents"))
                .isInstanceOf(HandlerException.class)
                .hasMessageContaining("db.t: 0 documents gave no column (nothing to sample)")
                .hasMessageContaining("nosql.mapping.url");
    }

    @Test
    void nestedDocumentsAreStructsWithFieldsMergedInFirstSeenOrder() {
        InferredSchema schema = infer(
                doc("address", doc("City", text(), "zip", SampledValue.Int.of(1234))),
                doc("address", doc("street", text(), "zip", SampledValue.Int.of(1L << 40))),
                doc("address", SampledValue.NULL));
        assertThat(types(schema)).containsExactly("struct<city:string,zip:bigint,street:string>");
        assertThat(schema.notes()).containsExactly("address.zip: int and bigint seen, reads as bigint");
    }

    @Test
    void nestedNamesAStructCannotHoldMakeTheDocumentString() {
        InferredSchema schema = infer(
                doc("a", doc("userId", text()), "b", doc("first name", text()), "c", doc()),
                doc("a", doc("userid", text()), "b", SampledValue.NULL, "c", doc()));
        assertThat(types(schema)).containsExactly("string", "string", "string");
        assertThat(schema.notes())
                .containsExactly(
                        "a: has the fields 'userId' and 'userid', one struct field to Hive (names are not "
                                + "case-sensitive), reads as string (the document's JSON text)",
                        "b: has the field 'first name', which a Hive struct field name cannot spell (ASCII letters, "
                                + "digits and '_'), reads as string (the document's JSON text)",
                        "c: only empty documents seen, reads as string (their JSON text)");
    }

    @Test
    void arraysAreArraysOfTheWidenedElementType() {
        InferredSchema schema = infer(
                doc(
                        "n",
                        arr(SampledValue.Int.of(1), new SampledValue.Floating(2.5)),
                        "e",
                        arr(),
                        "d",
                        arr(doc("x", SampledValue.Int.of(1)))),
                doc("n", arr(SampledValue.NULL), "e", arr(SampledValue.NULL), "d", arr(doc("y", text()))));
        assertThat(types(schema)).containsExactly("array<double>", "array<string>", "array<struct<x:int,y:string>>");
        assertThat(schema.notes())
                .containsExactly(
                        "n[]: int and double seen, reads as double",
                        "e: only empty arrays (or null elements) seen, reads as array<string>");
    }

    @Test
    void mixedKindsAreStringWithANote() {
        InferredSchema schema = infer(
                doc("v", SampledValue.Int.of(1), "w", doc("x", text()), "u", new SampledValue.Unreadable("javascript")),
                doc("v", text(), "w", arr(text()), "u", text()),
                doc("v", SampledValue.BOOLEAN, "only", new SampledValue.Unreadable("MinKey")));
        assertThat(types(schema)).containsExactly("string", "string", "string", "string");
        assertThat(schema.notes())
                .containsExactly(
                        "v: boolean, int, string seen, reads as string (each value's JSON text)",
                        "w: array, document seen, reads as string (each value's JSON text)",
                        "u: javascript, string seen, of which javascript no column type reads: reads as string, and "
                                + "such values are bad records",
                        "only: MinKey seen, of which MinKey no column type reads: reads as string, and such values are "
                                + "bad records");
    }

    @Test
    void scalarsKeepTheirTypesAndOnlyNullsAreString() {
        InferredSchema schema = infer(
                doc(
                        "b",
                        SampledValue.BINARY,
                        "d",
                        SampledValue.DATE,
                        "t",
                        SampledValue.TIMESTAMP,
                        "dt",
                        SampledValue.DATE,
                        "z",
                        SampledValue.NULL),
                doc("dt", SampledValue.TIMESTAMP));
        assertThat(types(schema)).containsExactly("binary", "date", "timestamp", "timestamp", "string");
        assertThat(schema.notes())
                .containsExactly(
                        "dt: date and timestamp seen, reads as timestamp", "z: only nulls seen, reads as string");
    }

    @Test
    void aRepeatedNameCountsOnceTheFirstTime() {
        InferredSchema schema = infer(doc("a", SampledValue.Int.of(1), "a", text()));
        assertThat(types(schema)).containsExactly("int");
        assertThat(DataTypes.parse(types(schema).get(0))).isNotNull();
    }

    @Test
    void mergingIsOrderIndependentForTypes() {
        SampledValue[] values = {
            SampledValue.Int.of(1), new SampledValue.Floating(1.5), SampledValue.NULL, new SampledValue.Int(3, true)
        };
        ValueShape forward = ValueShape.ABSENT;
        ValueShape backward = ValueShape.ABSENT;
        for (int i = 0; i < values.length; i++) {
            forward = ValueShape.merge(forward, ValueShape.of(values[i]));
            backward = ValueShape.merge(backward, ValueShape.of(values[values.length - 1 - i]));
        }
        assertThat(forward).isEqualTo(backward);
        assertThat(ValueShape.merge(ValueShape.TEXT, ValueShape.ABSENT)).isEqualTo(ValueShape.TEXT);
    }

    private static InferredSchema infer(SampledValue.Document... documents) {
        DocumentSchemaInference inference = new DocumentSchemaInference(List.of("_id"));
        for (SampledValue.Document document : documents) {
            inference.add(document);
        }
        assertThat(inference.documents()).isEqualTo(documents.length);
        return inference.infer("db.t", documents.length + " documents");
    }

    private static List<String> types(InferredSchema schema) {
        return schema.mapping().columns().stream().map(c -> c.type().typeName()).toList();
    }

    static SampledValue text() {
        return SampledValue.TEXT;
    }

    static SampledValue.Array arr(SampledValue... elements) {
        return new SampledValue.Array(List.of(elements));
    }

    /** A document of alternating names and values. */
    static SampledValue.Document doc(Object... namesAndValues) {
        List<SampledValue.Field> fields = new ArrayList<>();
        for (int i = 0; i < namesAndValues.length; i += 2) {
            fields.add(new SampledValue.Field((String) namesAndValues[i], (SampledValue) namesAndValues[i + 1]));
        }
        return new SampledValue.Document(fields);
    }
}
