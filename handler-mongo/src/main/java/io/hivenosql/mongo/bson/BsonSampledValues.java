package io.hivenosql.mongo.bson;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.schema.SampledValue;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * BSON values as schema inference sees them ({@link SampledValue}), each mapped to the kind whose inferred column type
 * {@link BsonValueDecoder} reads it into:
 *
 * <ul>
 *   <li>int32: a 32-bit integer; int64: a 64-bit one (bigint even when small: other documents may hold larger ones);
 *       double: floating; decimal128: an exact decimal, or floating when NaN or infinite (only double reads those).
 *   <li>string, symbol and ObjectId: text (a string column reads an ObjectId as its 24 hex digits); MinKey and MaxKey:
 *       text too (only a string column reads them, as their JSON text). A field of several kinds is a string column,
 *       which reads every value of the kinds here but unreadable as text (numbers, booleans, dates as their JSON text).
 *   <li>date-time and BSON timestamp: timestamp (a timestamp column reads both; a date column would drop the time).
 *   <li>binary of any subtype: binary; boolean: boolean; document and array: the same, recursively; null and
 *       undefined: null.
 *   <li>JavaScript code, regular expressions and DBPointers: unreadable (no column type reads them).
 * </ul>
 */
public final class BsonSampledValues {
    private BsonSampledValues() {}

    /** A document's fields; a repeated name counts once, the first time, as the readers match names. */
    public static SampledValue.Document document(BsonDocument document) {
        requireNonNull(document, "document is null");
        List<SampledValue.Field> fields = new ArrayList<>(document.size());
        for (Map.Entry<String, BsonValue> field : document.entrySet()) {
            fields.add(new SampledValue.Field(field.getKey(), value(field.getValue())));
        }
        return new SampledValue.Document(fields);
    }

    /** One value (see the class comment). */
    public static SampledValue value(BsonValue value) {
        requireNonNull(value, "value is null");
        return switch (value.getBsonType()) {
            case NULL, UNDEFINED -> SampledValue.NULL;
            case BOOLEAN -> SampledValue.BOOLEAN;
            case INT32 -> new SampledValue.Int(value.asInt32().getValue(), false);
            case INT64 -> new SampledValue.Int(value.asInt64().getValue(), true);
            case DOUBLE -> new SampledValue.Floating(value.asDouble().getValue());
            case DECIMAL128 -> decimal(value.asDecimal128().getValue());
            case STRING, SYMBOL, OBJECT_ID, MIN_KEY, MAX_KEY -> SampledValue.TEXT;
            case BINARY -> SampledValue.BINARY;
            case DATE_TIME, TIMESTAMP -> SampledValue.TIMESTAMP;
            case DOCUMENT -> document(value.asDocument());
            case ARRAY -> array(value.asArray());
            default -> new SampledValue.Unreadable(BsonText.typeName(value.getBsonType()));
        };
    }

    private static SampledValue decimal(Decimal128 decimal) {
        if (!decimal.isFinite()) {
            return new SampledValue.Floating(decimal.doubleValue());
        }
        if (decimal.isNegative() && decimal.compareTo(Decimal128.NEGATIVE_ZERO) == 0) {
            return new SampledValue.Decimal(BigDecimal.ZERO); // -0 has no BigDecimal
        }
        return new SampledValue.Decimal(decimal.bigDecimalValue());
    }

    private static SampledValue array(BsonArray array) {
        List<SampledValue> elements = new ArrayList<>(array.size());
        for (BsonValue element : array) {
            elements.add(value(element));
        }
        return new SampledValue.Array(elements);
    }
}
