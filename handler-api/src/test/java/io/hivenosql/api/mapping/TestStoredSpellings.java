package io.hivenosql.api.mapping;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.types.DataTypes;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestStoredSpellings {
    private static final TableMapping MAPPING = new TableMapping(List.of(
            column("id", "_id"),
            column("publicationyear", "publicationyear"),
            column("paymenttype", "paymenttype"),
            column("city", "address.city"),
            column("title", "title"),
            column("year", "publicationYear")));

    @Test
    void collectsEverySpellingOfEverySegment() {
        StoredSpellings spellings = new StoredSpellings(MAPPING, List.of(1, 2, 3, 4, 5), StoredSpellings::dotted);
        spellings.add(record(Map.of("publicationYear", 1, "paymentType", "x", "Address", Map.of("City", "Oslo"))));
        spellings.add(record(Map.of("publicationYear", 2, "PaymentType", "y", "address", Map.of("city", "Lima"))));
        spellings.add(record(Map.of("address", "not a document", "Title", "t")));
        assertThat(spellings.records()).isEqualTo(3);
        assertThat(spellings.spellings(1)).containsExactly("publicationYear");
        assertThat(spellings.spellings(2)).containsExactly("PaymentType", "paymentType");
        assertThat(spellings.spellings(3)).containsExactly("Address.City", "address.city");
        assertThat(spellings.spellings(5)).containsExactly("publicationYear");
        assertThat(spellings.spellings(0)).as("not looked for").isEmpty();

        TableMapping applied = spellings.apply();
        assertThat(applied.column(0)).isEqualTo(MAPPING.column(0));
        assertThat(applied.column(1).path()).isEqualTo("publicationYear");
        assertThat(applied.column(1).storedPaths()).containsExactly("publicationYear");
        assertThat(applied.column(2).path())
                .as("several: the mapped path is what writes name")
                .isEqualTo("paymenttype");
        assertThat(applied.column(2).hasSeveralSpellings()).isTrue();
        assertThat(applied.column(2).fetchPaths()).containsExactly("PaymentType", "paymentType");
        assertThat(applied.column(4).path()).isEqualTo("Title");
        assertThat(spellings.changes())
                .containsExactly(
                        "publicationyear: 'publicationyear' -> 'publicationYear'",
                        "paymenttype: 'paymenttype' spelt 'PaymentType', 'paymentType'",
                        "city: 'address.city' spelt 'Address.City', 'address.city'",
                        "title: 'title' -> 'Title'");
    }

    @Test
    void noneSeenKeepsTheMappedPathExactly() {
        StoredSpellings spellings = new StoredSpellings(MAPPING, List.of(1, 4), StoredSpellings::dotted);
        spellings.add(record(Map.of("other", 1)));
        TableMapping applied = spellings.apply();
        assertThat(applied.column(1).path()).isEqualTo("publicationyear");
        assertThat(applied.column(1).storedPaths()).containsExactly("publicationyear");
        assertThat(applied.column(2).storedPaths()).as("not looked for").isEmpty();
        assertThat(spellings.changes()).isEmpty();
    }

    @Test
    void flatPathsTreatADotAsACharacter() {
        TableMapping mapping = new TableMapping(List.of(column("k", "k"), column("a_b", "a.b")));
        StoredSpellings spellings = new StoredSpellings(mapping, List.of(1), StoredSpellings::flat);
        spellings.add(record(Map.of("A.B", "1", "a", Map.of("b", "2"))));
        assertThat(spellings.spellings(1)).containsExactly("A.B");
    }

    @Test
    void storedPathsTravelInTheSerializedMapping() {
        StoredSpellings spellings = new StoredSpellings(MAPPING, List.of(1, 2), StoredSpellings::dotted);
        spellings.add(record(Map.of("publicationYear", 1, "paymentType", "x")));
        spellings.add(record(Map.of("PaymentType", "y")));
        TableMapping applied = spellings.apply();
        assertThat(MappingResolver.fromJson(MappingResolver.toJson(applied))).isEqualTo(applied);
        assertThat(MappingResolver.fromJson(MappingResolver.toJson(MAPPING))).isEqualTo(MAPPING);
    }

    private static ColumnMapping column(String name, String path) {
        return new ColumnMapping(name, DataTypes.parse("string"), path, ColumnRole.FIELD);
    }

    /** A record of nested maps: a map value is a nested record. */
    private static StoredSpellings.SampledRecord record(Map<String, ?> fields) {
        Map<String, Object> ordered = new LinkedHashMap<>(new HashMap<>(fields));
        return new StoredSpellings.SampledRecord() {
            @Override
            public Iterable<String> fieldNames() {
                return ordered.keySet();
            }

            @Override
            @SuppressWarnings("unchecked")
            public StoredSpellings.SampledRecord child(String fieldName) {
                return ordered.get(fieldName) instanceof Map<?, ?> map ? record((Map<String, ?>) map) : null;
            }
        };
    }
}
