package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import java.util.List;

/**
 * A record (a document, a hash, a JSON object) has several fields whose names equal a column's field name when case is
 * ignored, and none of them is spelt exactly as the column's path: which one the column reads cannot be told. A bad
 * record under the table's policy; a mapping that names one spelling exactly picks it.
 */
public final class AmbiguousFieldException extends ValueConversionException {
    private static final long serialVersionUID = 1L;

    private final List<String> spellings;

    /**
     * @param wanted the path (or field name) the column reads
     * @param spellings the record's field names (or paths) that match it when case is ignored, at least two
     * @param mappingHint how to map a column to one field, e.g. {@code 'mongo.columns.mapping' (or a mapping file)}
     */
    public AmbiguousFieldException(String wanted, List<String> spellings, String mappingHint) {
        super(
                message(requireNonNull(wanted, "wanted is null"), spellings, requireNonNull(mappingHint, "hint")),
                null,
                String.join(", ", spellings),
                "field " + wanted);
        this.spellings = List.copyOf(spellings);
    }

    private static String message(String wanted, List<String> spellings, String mappingHint) {
        if (spellings.size() < 2) {
            throw new IllegalArgumentException("an ambiguous field needs two spellings, got " + spellings);
        }
        StringBuilder names = new StringBuilder();
        for (int i = 0; i < spellings.size(); i++) {
            names.append(i == 0 ? "" : i == spellings.size() - 1 ? " and " : ", ")
                    .append('\'')
                    .append(spellings.get(i))
                    .append('\'');
        }
        return "the record has the fields " + names + ", which all match '" + wanted + "' when case is ignored, and "
                + "none is spelt exactly '" + wanted + "', so which one the column reads is ambiguous; map the column "
                + "to the one it should read, spelt exactly, in " + mappingHint;
    }

    /** The record's spellings that match, in the order met. */
    public List<String> spellings() {
        return spellings;
    }

    @Override
    public String remedy() {
        return "Pick one of the fields with a column mapping, or rename the fields in the store";
    }
}
