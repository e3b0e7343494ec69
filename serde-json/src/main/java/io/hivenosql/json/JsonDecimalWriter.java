package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.HiveDecimalObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.JavaHiveDecimalObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.DecimalTypeInfo;

/**
 * Writes decimals as JSON numbers with every digit at the column's scale ({@code 17.00}), never through double: Hive's
 * precision and scale enforcement only when the value does not already fit (too many integer digits is an error,
 * never NULL), and the digits formatted into a reused buffer instead of a String. Not thread-safe: one per column
 * writer.
 */
final class JsonDecimalWriter implements JsonValueWriter {
    private final DecimalType type;
    private final HiveDecimalObjectInspector inspector;
    private final int scale;
    private final int integerDigits;
    /** Whether the inspector is Hive's Java one of the column's own type, whose enforcement repeats ours. */
    private final boolean rawValues;

    private final byte[] bytes = new byte[HiveDecimal.SCRATCH_BUFFER_LEN_TO_BYTES];
    private final JsonRawValue raw = new JsonRawValue();

    JsonDecimalWriter(DecimalType type, PrimitiveObjectInspector inspector) {
        this.type = requireNonNull(type, "type is null");
        this.inspector = (HiveDecimalObjectInspector) inspector;
        this.scale = type.scale();
        this.integerDigits = type.precision() - type.scale();
        this.rawValues = inspector instanceof JavaHiveDecimalObjectInspector
                && inspector.getTypeInfo() instanceof DecimalTypeInfo info
                && info.precision() == type.precision()
                && info.scale() == type.scale();
    }

    @Override
    public void write(JsonGenerator generator, Object value) throws IOException {
        // Hive's inspector of the same decimal(p,s) enforces p and s, which the check below does (or skips) anyway
        HiveDecimal number =
                rawValues && value instanceof HiveDecimal raw ? raw : inspector.getPrimitiveJavaObject(value);
        HiveDecimal fitted = number == null || number.scale() <= scale && number.integerDigitCount() <= integerDigits
                ? number
                : HiveDecimal.enforcePrecisionScale(number, type.precision(), scale);
        if (fitted == null) {
            throw doesNotFit(value, type);
        }
        // the digits are at the end of the buffer; a JSON number as they are
        int start = fitted.toFormatBytes(scale, bytes);
        generator.writeRawValue(raw.set(bytes, start, bytes.length - start));
    }

    static ValueConversionException doesNotFit(Object value, DecimalType type) {
        return ValueConversionException.cannotWrite(
                String.valueOf(value), type, "does not fit (too many digits before the decimal point)");
    }
}
