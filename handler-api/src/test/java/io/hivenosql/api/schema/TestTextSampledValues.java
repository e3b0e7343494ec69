package io.hivenosql.api.schema;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TextValueCodec;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Texts as inference types them: canonical spellings only, each read exactly by the column chosen. */
class TestTextSampledValues {
    @Test
    void canonicalSpellingsAreTheirKinds() {
        assertThat(TextSampledValues.of("true", false)).isEqualTo(SampledValue.BOOLEAN);
        assertThat(TextSampledValues.of("42", false)).isEqualTo(SampledValue.Int.of(42));
        assertThat(TextSampledValues.of("-9007199254740993", false)).isEqualTo(SampledValue.Int.of(-9007199254740993L));
        assertThat(TextSampledValues.of("19.99", false)).isEqualTo(new SampledValue.Floating(19.99));
        assertThat(TextSampledValues.of("5.0", false)).isEqualTo(new SampledValue.Floating(5.0));
        assertThat(TextSampledValues.of("1.0E10", false)).isEqualTo(new SampledValue.Floating(1e10));
        assertThat(TextSampledValues.of("NaN", false)).isEqualTo(new SampledValue.Floating(Double.NaN));
        assertThat(TextSampledValues.of("12.50", false)).isEqualTo(new SampledValue.Decimal(new BigDecimal("12.50")));
        assertThat(TextSampledValues.of("0.10000000000000001", false))
                .isEqualTo(new SampledValue.Decimal(new BigDecimal("0.10000000000000001")));
        assertThat(TextSampledValues.of("99999999999999999999", false))
                .isEqualTo(new SampledValue.Decimal(new BigDecimal("99999999999999999999")));
        assertThat(TextSampledValues.of("2024-01-31", false)).isEqualTo(SampledValue.DATE);
        for (String timestamp : List.of(
                "2024-01-31T10:11", "2024-01-31 10:11:12", "2024-01-31T10:11:12.123456789", "2024-01-31T10:11:12Z")) {
            assertThat(TextSampledValues.of(timestamp, false)).as(timestamp).isEqualTo(SampledValue.TIMESTAMP);
        }
    }

    @Test
    void spellingsTheReadersOnlyTolerateStayText() {
        for (String text : List.of(
                "007",
                "+7",
                " 5",
                "5 ",
                "-0",
                "TRUE",
                "True",
                "1.",
                ".5",
                "1e",
                "inf",
                "nan",
                "0x2A",
                "1.5f",
                "",
                "2024-1-5",
                "0000-01-01",
                "2024-02-30",
                "2024-01-31T25:00",
                "2024-01-31T10:11:12+02:00",
                "2024-01-31T10:11:12.1234567890",
                "{not json",
                "[1, 2] and more")) {
            assertThat(TextSampledValues.of(text, true)).as(text).isEqualTo(SampledValue.TEXT);
        }
        assertThat(TextSampledValues.ofUtf8(new byte[] {'c', 'a', 'f', (byte) 0xE9}, false))
                .isEqualTo(new SampledValue.Unreadable("bytes that are not UTF-8"));
    }

    @Test
    void jsonTextIsItsValueOnlyWhenAskedFor() {
        assertThat(TextSampledValues.of("{\"a\":1}", false)).isEqualTo(SampledValue.TEXT);
        assertThat(TextSampledValues.of("{\"a\":1,\"b\":[\"2024-01-31\",\"NaN\"]}", true))
                .isEqualTo(new SampledValue.Document(List.of(
                        new SampledValue.Field("a", SampledValue.Int.of(1)),
                        new SampledValue.Field(
                                "b",
                                new SampledValue.Array(
                                        List.of(SampledValue.DATE, new SampledValue.Floating(Double.NaN)))))));
        assertThat(JsonSampledValues.document("{\"n\":1.50,\"s\":\"42\",\"x\":null}".getBytes(StandardCharsets.UTF_8)))
                .contains(new SampledValue.Document(List.of(
                        new SampledValue.Field("n", new SampledValue.Decimal(new BigDecimal("1.50"))),
                        new SampledValue.Field("s", SampledValue.TEXT),
                        new SampledValue.Field("x", SampledValue.NULL))));
        assertThat(JsonSampledValues.document("[1]".getBytes(StandardCharsets.UTF_8)))
                .isEmpty();
        assertThat(JsonSampledValues.document("{} {}".getBytes(StandardCharsets.UTF_8)))
                .isEmpty();
    }

    @Test
    void exactNumbersNeverRoundButBecomeString() {
        DocumentSchemaInference exact = new DocumentSchemaInference(List.of(), DocumentSchemaInference.Rules.FLAT_TEXT);
        DocumentSchemaInference rounding = new DocumentSchemaInference(List.of());
        for (String text : List.of("12345678901234567890123456789012345678", "0.5")) {
            SampledValue.Document document =
                    new SampledValue.Document(List.of(new SampledValue.Field("n", TextSampledValues.of(text, false))));
            exact.add(document);
            rounding.add(document);
        }
        assertThat(exact.infer("t", "2 hashes").mapping().column(0).type()).isEqualTo(PrimitiveType.STRING);
        assertThat(rounding.infer("t", "2 documents").mapping().column(0).type())
                .isEqualTo(PrimitiveType.DOUBLE);
        // and every value of a column it types reads back as the number the text names
        for (String text : List.of("19.99", "12.50", "0.10000000000000001", "7")) {
            DocumentSchemaInference one =
                    new DocumentSchemaInference(List.of(), DocumentSchemaInference.Rules.FLAT_TEXT);
            one.add(new SampledValue.Document(List.of(
                    new SampledValue.Field("n", TextSampledValues.of(text, false)),
                    new SampledValue.Field("n2", TextSampledValues.of("1.25", false)))));
            Object read = TextValueCodec.decode(
                    one.infer("t", "1 hash").mapping().column(0).type(), text.getBytes(StandardCharsets.UTF_8));
            assertThat(new BigDecimal(read.toString())).as(text).isEqualByComparingTo(new BigDecimal(text));
        }
    }
}
