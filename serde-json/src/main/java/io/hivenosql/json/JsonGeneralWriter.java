package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

import com.fasterxml.jackson.core.JsonGenerator;
import io.hivenosql.api.hive.HiveValues;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.JsonStyle;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.TemporalRange;
import io.hivenosql.api.types.TextValueCodec;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.api.types.VarcharType;
import java.io.IOException;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector.PrimitiveCategory;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.StringObjectInspector;

/**
 * The general path for a primitive value: converted with Hive's cast rules ({@link PrimitiveObjectInspectorUtils})
 * from whatever inspector Hive passes, then written as the neutral path writes it. Used where no fast writer applies
 * (an inspector of another category than the column's type, varchar, char); also the reference the fast writers are
 * tested against.
 */
final class JsonGeneralWriter implements JsonValueWriter {
    private final DataType type;
    private final PrimitiveObjectInspector inspector;
    private final JsonStyle style;

    JsonGeneralWriter(DataType type, PrimitiveObjectInspector inspector, JsonStyle style) {
        this.type = requireNonNull(type, "type is null");
        this.inspector = requireNonNull(inspector, "inspector is null");
        this.style = requireNonNull(style, "style is null");
    }

    @Override
    public void write(JsonGenerator generator, Object value) throws IOException {
        if (type instanceof DecimalType decimal) {
            HiveDecimal number = PrimitiveObjectInspectorUtils.getHiveDecimal(value, inspector);
            HiveDecimal fitted = number == null
                    ? null
                    : HiveDecimal.enforcePrecisionScale(number, decimal.precision(), decimal.scale());
            if (fitted == null) {
                throw JsonDecimalWriter.doesNotFit(value, decimal);
            }
            // plain digits at the column's scale, as a JSON number: never through double
            generator.writeNumber(fitted.toFormatString(decimal.scale()));
        } else if (type instanceof VarcharType || type instanceof CharType) {
            // what the neutral path writes: varchar cut to its length, char without its padding
            generator.writeString(TextValueCodec.encode(type, HiveValues.fromHive(inspector, value, type)));
        } else {
            switch ((PrimitiveType) type) {
                case BOOLEAN -> generator.writeBoolean(PrimitiveObjectInspectorUtils.getBoolean(value, inspector));
                case TINYINT, SMALLINT, INT -> generator.writeNumber(
                        PrimitiveObjectInspectorUtils.getInt(value, inspector));
                case BIGINT -> generator.writeNumber(PrimitiveObjectInspectorUtils.getLong(value, inspector));
                case FLOAT -> generator.writeNumber(PrimitiveObjectInspectorUtils.getFloat(value, inspector));
                case DOUBLE -> generator.writeNumber(PrimitiveObjectInspectorUtils.getDouble(value, inspector));
                case STRING -> generator.writeString(PrimitiveObjectInspectorUtils.getString(value, inspector));
                case BINARY -> {
                    byte[] bytes = PrimitiveObjectInspectorUtils.getBinary(value, inspector)
                            .copyBytes();
                    generator.writeString(TextValueCodec.encode(type, bytes));
                }
                case DATE -> {
                    Date date = PrimitiveObjectInspectorUtils.getDate(value, inspector);
                    if (date == null) {
                        throw ValueConversionException.cannotWrite(String.valueOf(value), type, "not a date");
                    }
                    style.dates()
                            .writeDate(generator, TemporalRange.checkWrite(LocalDate.ofEpochDay(date.toEpochDay())));
                }
                case TIMESTAMP -> {
                    Timestamp timestamp = PrimitiveObjectInspectorUtils.getTimestamp(value, inspector);
                    if (timestamp == null) {
                        throw ValueConversionException.cannotWrite(String.valueOf(value), type, "not a timestamp");
                    }
                    style.timestamps()
                            .writeTimestamp(
                                    generator,
                                    TemporalRange.checkWrite(LocalDateTime.ofEpochSecond(
                                            timestamp.toEpochSecond(), timestamp.getNanos(), ZoneOffset.UTC)));
                }
            }
        }
    }

    /**
     * The JSON field name of a map key: its canonical text (a string key as it is).
     *
     * @throws ValueConversionException when the key is null
     */
    static String keyName(ObjectInspector inspector, Object key, DataType keyType) {
        Object neutral;
        if (key != null
                && keyType == PrimitiveType.STRING
                && inspector instanceof StringObjectInspector strings
                && strings.getPrimitiveCategory() == PrimitiveCategory.STRING) {
            neutral = strings.getPrimitiveJavaObject(key);
        } else {
            neutral = HiveValues.fromHive(inspector, key, keyType);
        }
        if (neutral == null) {
            throw ValueConversionException.cannotWrite(
                    "null", keyType, "a map key is null; JSON object keys cannot be null");
        }
        return keyType == PrimitiveType.STRING ? (String) neutral : TextValueCodec.encode(keyType, neutral);
    }
}
