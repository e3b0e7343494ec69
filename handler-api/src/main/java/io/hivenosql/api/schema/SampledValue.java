package io.hivenosql.api.schema;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.util.List;

/**
 * One sampled value as schema inference sees it, whatever the store: each store turns its own values into these
 * (MongoDB's BSON types, the JSON of Redis values and JSON files), saying what kind of value the store holds, so that
 * the type {@link DocumentSchemaInference} chooses is one the store's reader converts. Numbers keep their value where
 * the choice between double and decimal depends on it (integers beyond 2^53, digits after the point); other scalars
 * only their kind.
 */
public sealed interface SampledValue {
    /** A null (or undefined) value: it says nothing about the type. */
    SampledValue NULL = new Null();

    SampledValue BOOLEAN = new Bool();
    SampledValue TEXT = new Text();
    SampledValue BINARY = new Binary();
    SampledValue DATE = new Date();
    SampledValue TIMESTAMP = new Timestamp();

    record Null() implements SampledValue {}

    record Bool() implements SampledValue {}

    /**
     * A whole number held as an integer.
     *
     * @param value the number
     * @param wide whether the store holds it in 64 bits (BSON int64), so that other values of the field may not fit an
     *     int even when this one does; a store without integer widths (JSON) says whether this value is outside int
     */
    record Int(long value, boolean wide) implements SampledValue {
        /** An integer whose width is its value's: int when it fits one, else bigint. */
        public static Int of(long value) {
            return new Int(value, value < Integer.MIN_VALUE || value > Integer.MAX_VALUE);
        }
    }

    /** A binary floating-point number (BSON double, a JSON number with a fraction or exponent); may be NaN or infinite. */
    record Floating(double value) implements SampledValue {}

    /** An exact decimal number (BSON decimal128, a JSON integer beyond 64 bits); finite. */
    record Decimal(BigDecimal value) implements SampledValue {
        public Decimal {
            requireNonNull(value, "value is null");
        }
    }

    /** Text, or a value the store's reader reads only as text (a MongoDB ObjectId into a string column). */
    record Text() implements SampledValue {}

    record Binary() implements SampledValue {}

    /** A calendar date without a time. */
    record Date() implements SampledValue {}

    /** A date and time. */
    record Timestamp() implements SampledValue {}

    /**
     * A nested record; a name that repeats counts once, the first time (as the readers match names).
     *
     * @param fields the fields in the record's order
     */
    record Document(List<Field> fields) implements SampledValue {
        public Document {
            fields = List.copyOf(requireNonNull(fields, "fields is null"));
        }
    }

    record Field(String name, SampledValue value) {
        public Field {
            requireNonNull(name, "name is null");
            requireNonNull(value, "value is null");
        }
    }

    record Array(List<SampledValue> elements) implements SampledValue {
        public Array {
            elements = List.copyOf(requireNonNull(elements, "elements is null"));
        }
    }

    /**
     * A value of a store type no Hive column type reads (MongoDB's JavaScript code, regular expressions and DBPointers):
     * inference gives up on the field and says so.
     *
     * @param typeName the store's name of the type, for the note
     */
    record Unreadable(String typeName) implements SampledValue {
        public Unreadable {
            requireNonNull(typeName, "typeName is null");
        }
    }
}
