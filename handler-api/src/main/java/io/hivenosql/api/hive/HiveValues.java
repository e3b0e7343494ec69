package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.TemporalRange;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.api.types.VarcharType;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.type.Date;
import org.apache.hadoop.hive.common.type.HiveChar;
import org.apache.hadoop.hive.common.type.HiveDecimal;
import org.apache.hadoop.hive.common.type.HiveVarchar;
import org.apache.hadoop.hive.common.type.Timestamp;
import org.apache.hadoop.hive.serde2.objectinspector.ListObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.MapObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.StructField;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;

/**
 * Converts between the neutral value model ({@link DataType}) and Hive: standard Java ObjectInspectors for each type,
 * neutral values to Hive's Java values ({@link #toHive}) and values under any ObjectInspector back to neutral values
 * ({@link #fromHive}). Both directions are exact: a value that does not fit its column raises a
 * {@link ValueConversionException} instead of becoming a silent NULL.
 */
public final class HiveValues {
    private HiveValues() {}

    /** The standard Java ObjectInspector of a type; struct values are Lists, maps LinkedHashMaps. */
    public static ObjectInspector objectInspector(DataType type) {
        requireNonNull(type, "type is null");
        if (type instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN -> PrimitiveObjectInspectorFactory.javaBooleanObjectInspector;
                case TINYINT -> PrimitiveObjectInspectorFactory.javaByteObjectInspector;
                case SMALLINT -> PrimitiveObjectInspectorFactory.javaShortObjectInspector;
                case INT -> PrimitiveObjectInspectorFactory.javaIntObjectInspector;
                case BIGINT -> PrimitiveObjectInspectorFactory.javaLongObjectInspector;
                case FLOAT -> PrimitiveObjectInspectorFactory.javaFloatObjectInspector;
                case DOUBLE -> PrimitiveObjectInspectorFactory.javaDoubleObjectInspector;
                case STRING -> PrimitiveObjectInspectorFactory.javaStringObjectInspector;
                case BINARY -> PrimitiveObjectInspectorFactory.javaByteArrayObjectInspector;
                case DATE -> PrimitiveObjectInspectorFactory.javaDateObjectInspector;
                case TIMESTAMP -> PrimitiveObjectInspectorFactory.javaTimestampObjectInspector;
            };
        }
        if (type instanceof DecimalType decimal) {
            return PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(
                    TypeInfoFactory.getDecimalTypeInfo(decimal.precision(), decimal.scale()));
        }
        if (type instanceof VarcharType varchar) {
            return PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(
                    TypeInfoFactory.getVarcharTypeInfo(varchar.length()));
        }
        if (type instanceof CharType charType) {
            return PrimitiveObjectInspectorFactory.getPrimitiveJavaObjectInspector(
                    TypeInfoFactory.getCharTypeInfo(charType.length()));
        }
        if (type instanceof ArrayType array) {
            return ObjectInspectorFactory.getStandardListObjectInspector(objectInspector(array.elementType()));
        }
        if (type instanceof MapType map) {
            return ObjectInspectorFactory.getStandardMapObjectInspector(
                    objectInspector(map.keyType()), objectInspector(map.valueType()));
        }
        StructType struct = (StructType) type;
        List<String> names = new ArrayList<>();
        List<ObjectInspector> inspectors = new ArrayList<>();
        for (StructType.Field field : struct.fields()) {
            names.add(field.name());
            inspectors.add(objectInspector(field.type()));
        }
        return ObjectInspectorFactory.getStandardStructObjectInspector(names, inspectors);
    }

    /** The row ObjectInspector of a table: a standard struct of its columns in mapping order. */
    public static StructObjectInspector rowObjectInspector(TableMapping mapping) {
        List<String> names = new ArrayList<>();
        List<ObjectInspector> inspectors = new ArrayList<>();
        for (ColumnMapping column : mapping.columns()) {
            names.add(column.name());
            inspectors.add(objectInspector(column.type()));
        }
        return ObjectInspectorFactory.getStandardStructObjectInspector(names, inspectors);
    }

    /**
     * A neutral value as the Java value of {@link #objectInspector(DataType)}. Decimals get Hive's precision and scale
     * enforcement (extra fraction digits are rounded as Hive rounds; too many integer digits is an error), varchar and
     * char Hive's length enforcement, dates and timestamps Hive's range ({@link TemporalRange}: years 1 to 9999).
     *
     * @throws ValueConversionException when the value does not fit the type or has the wrong class
     */
    public static Object toHive(DataType type, Object neutral) {
        if (neutral == null) {
            return null;
        }
        if (type instanceof PrimitiveType primitive) {
            return primitiveToHive(primitive, neutral);
        }
        if (type instanceof DecimalType decimal) {
            BigDecimal value = neutral instanceof BigDecimal big ? big : BigDecimal.valueOf(integral(type, neutral));
            return enforce(value, decimal);
        }
        if (type instanceof VarcharType varchar) {
            return new HiveVarchar(expect(String.class, type, neutral), varchar.length());
        }
        if (type instanceof CharType charType) {
            return new HiveChar(expect(String.class, type, neutral), charType.length());
        }
        if (type instanceof ArrayType array) {
            List<?> list = expect(List.class, type, neutral);
            List<Object> result = new ArrayList<>(list.size());
            for (Object element : list) {
                result.add(toHive(array.elementType(), element));
            }
            return result;
        }
        if (type instanceof MapType map) {
            Map<?, ?> source = expect(Map.class, type, neutral);
            Map<Object, Object> result = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : source.entrySet()) {
                result.put(toHive(map.keyType(), entry.getKey()), toHive(map.valueType(), entry.getValue()));
            }
            return result;
        }
        StructType struct = (StructType) type;
        List<?> fields = expect(List.class, type, neutral);
        if (fields.size() != struct.fields().size()) {
            throw new ValueConversionException(
                    String.valueOf(neutral),
                    type,
                    "a struct value needs " + struct.fields().size() + " fields, got " + fields.size());
        }
        List<Object> result = new ArrayList<>(fields.size());
        for (int i = 0; i < fields.size(); i++) {
            result.add(toHive(struct.fields().get(i).type(), fields.get(i)));
        }
        return result;
    }

    private static Object primitiveToHive(PrimitiveType type, Object neutral) {
        return switch (type) {
            case BOOLEAN -> expect(Boolean.class, type, neutral);
            case TINYINT -> (byte) inRange(type, integral(type, neutral), Byte.MIN_VALUE, Byte.MAX_VALUE);
            case SMALLINT -> (short) inRange(type, integral(type, neutral), Short.MIN_VALUE, Short.MAX_VALUE);
            case INT -> (int) inRange(type, integral(type, neutral), Integer.MIN_VALUE, Integer.MAX_VALUE);
            case BIGINT -> integral(type, neutral);
            case FLOAT -> expect(Float.class, type, neutral);
            case DOUBLE -> neutral instanceof Float f ? (Double) f.doubleValue() : expect(Double.class, type, neutral);
            case STRING -> expect(String.class, type, neutral);
            case BINARY -> expect(byte[].class, type, neutral);
                // the one check of every reader (stores hold years Hive's types would carry into wrong results)
            case DATE -> Date.ofEpochDay((int) TemporalRange.checkRead(expect(LocalDate.class, type, neutral))
                    .toEpochDay());
            case TIMESTAMP -> timestamp(TemporalRange.checkRead(expect(LocalDateTime.class, type, neutral)));
        };
    }

    /**
     * Hive's timestamp of a local date-time: the same value as Hive 4's {@code new Timestamp(LocalDateTime)}, whose
     * constructor Hive 3 keeps private, built through the factory both lines have.
     */
    public static Timestamp timestamp(LocalDateTime value) {
        return Timestamp.ofEpochSecond(value.toEpochSecond(ZoneOffset.UTC), value.getNano());
    }

    /**
     * The neutral value of {@code data} seen through any ObjectInspector (writable or Java, nested), as a value of
     * {@code type}. Same-typed values convert exactly (BIGINT stays long, decimals keep every digit of their scale,
     * timestamps keep nanoseconds); other primitive categories convert with Hive's own cast rules. A date or timestamp
     * Hive computed beyond years 1 to 9999 ({@code date_add('9999-12-31', 1)}) is refused: it would not read back.
     *
     * @throws ValueConversionException when the value cannot be represented in {@code type}
     */
    public static Object fromHive(ObjectInspector inspector, Object data, DataType type) {
        if (data == null) {
            return null;
        }
        requireNonNull(inspector, "inspector is null");
        if (type instanceof ArrayType array) {
            List<?> list = inspectorAs(ListObjectInspector.class, inspector, data, type)
                    .getList(data);
            if (list == null) {
                return null;
            }
            ObjectInspector elementInspector = ((ListObjectInspector) inspector).getListElementObjectInspector();
            List<Object> result = new ArrayList<>(list.size());
            for (Object element : list) {
                result.add(fromHive(elementInspector, element, array.elementType()));
            }
            return result;
        }
        if (type instanceof MapType map) {
            MapObjectInspector mapInspector = inspectorAs(MapObjectInspector.class, inspector, data, type);
            Map<?, ?> source = mapInspector.getMap(data);
            if (source == null) {
                return null;
            }
            Map<Object, Object> result = new LinkedHashMap<>();
            for (Map.Entry<?, ?> entry : source.entrySet()) {
                result.put(
                        fromHive(mapInspector.getMapKeyObjectInspector(), entry.getKey(), map.keyType()),
                        fromHive(mapInspector.getMapValueObjectInspector(), entry.getValue(), map.valueType()));
            }
            return result;
        }
        if (type instanceof StructType struct) {
            StructObjectInspector structInspector = inspectorAs(StructObjectInspector.class, inspector, data, type);
            List<? extends StructField> fields = structInspector.getAllStructFieldRefs();
            if (fields.size() != struct.fields().size()) {
                throw new ValueConversionException(
                        String.valueOf(data),
                        type,
                        "Hive passed a struct of " + fields.size() + " fields (" + inspector.getTypeName() + ")");
            }
            List<Object> result = new ArrayList<>(fields.size());
            for (int i = 0; i < fields.size(); i++) {
                StructField field = fields.get(i);
                result.add(fromHive(
                        field.getFieldObjectInspector(),
                        structInspector.getStructFieldData(data, field),
                        struct.fields().get(i).type()));
            }
            return result;
        }
        PrimitiveObjectInspector primitive = inspectorAs(PrimitiveObjectInspector.class, inspector, data, type);
        try {
            return primitiveFromHive(primitive, data, type);
        } catch (ValueConversionException e) {
            throw e;
        } catch (RuntimeException e) {
            throw new ValueConversionException(
                    String.valueOf(data), type.typeName(), String.valueOf(e.getMessage()), e);
        }
    }

    private static Object primitiveFromHive(PrimitiveObjectInspector inspector, Object data, DataType type) {
        if (type instanceof DecimalType decimal) {
            HiveDecimal value = PrimitiveObjectInspectorUtils.getHiveDecimal(data, inspector);
            if (value == null) {
                throw new ValueConversionException(String.valueOf(data), type, "not a decimal number");
            }
            return enforce(value.bigDecimalValue(), decimal).bigDecimalValue().setScale(decimal.scale());
        }
        if (type instanceof VarcharType varchar) {
            return new HiveVarchar(PrimitiveObjectInspectorUtils.getString(data, inspector), varchar.length())
                    .getValue();
        }
        if (type instanceof CharType charType) {
            // padded to the length, as Hive's char value and TextValueCodec's neutral char are
            return new HiveChar(PrimitiveObjectInspectorUtils.getString(data, inspector), charType.length())
                    .getPaddedValue();
        }
        return switch ((PrimitiveType) type) {
            case BOOLEAN -> PrimitiveObjectInspectorUtils.getBoolean(data, inspector);
            case TINYINT -> PrimitiveObjectInspectorUtils.getByte(data, inspector);
            case SMALLINT -> PrimitiveObjectInspectorUtils.getShort(data, inspector);
            case INT -> PrimitiveObjectInspectorUtils.getInt(data, inspector);
            case BIGINT -> PrimitiveObjectInspectorUtils.getLong(data, inspector);
            case FLOAT -> PrimitiveObjectInspectorUtils.getFloat(data, inspector);
            case DOUBLE -> PrimitiveObjectInspectorUtils.getDouble(data, inspector);
            case STRING -> PrimitiveObjectInspectorUtils.getString(data, inspector);
            case BINARY -> PrimitiveObjectInspectorUtils.getBinary(data, inspector)
                    .copyBytes();
            case DATE -> {
                Date date = PrimitiveObjectInspectorUtils.getDate(data, inspector);
                if (date == null) {
                    throw new ValueConversionException(String.valueOf(data), type, "not a date");
                }
                yield TemporalRange.checkWrite(LocalDate.ofEpochDay(date.toEpochDay()));
            }
            case TIMESTAMP -> {
                Timestamp timestamp = PrimitiveObjectInspectorUtils.getTimestamp(data, inspector);
                if (timestamp == null) {
                    throw new ValueConversionException(String.valueOf(data), type, "not a timestamp");
                }
                yield TemporalRange.checkWrite(
                        LocalDateTime.ofEpochSecond(timestamp.toEpochSecond(), timestamp.getNanos(), ZoneOffset.UTC));
            }
        };
    }

    /** Hive's decimal(p,s) enforcement; too many integer digits is an error, never a NULL. */
    static HiveDecimal enforce(BigDecimal value, DecimalType type) {
        HiveDecimal decimal = HiveDecimal.create(value);
        HiveDecimal enforced =
                decimal == null ? null : HiveDecimal.enforcePrecisionScale(decimal, type.precision(), type.scale());
        if (enforced == null) {
            throw new ValueConversionException(
                    value.toPlainString(),
                    type,
                    "it has more than " + (type.precision() - type.scale())
                            + " digits before the decimal point; widen the column's decimal type");
        }
        return enforced;
    }

    private static long integral(DataType type, Object neutral) {
        if (neutral instanceof Long
                || neutral instanceof Integer
                || neutral instanceof Short
                || neutral instanceof Byte) {
            return ((Number) neutral).longValue();
        }
        throw wrongClass(type, neutral, "an integer (Byte, Short, Integer or Long)");
    }

    private static long inRange(DataType type, long value, long min, long max) {
        if (value < min || value > max) {
            throw new ValueConversionException(
                    Long.toString(value), type, "out of range [" + min + ", " + max + "] of " + type.typeName());
        }
        return value;
    }

    private static <T> T expect(Class<T> expected, DataType type, Object neutral) {
        if (expected.isInstance(neutral)) {
            return expected.cast(neutral);
        }
        throw wrongClass(type, neutral, "a " + expected.getSimpleName());
    }

    private static ValueConversionException wrongClass(DataType type, Object neutral, String expected) {
        return new ValueConversionException(
                String.valueOf(neutral),
                type,
                "the store's codec produced a " + neutral.getClass().getSimpleName() + " where " + expected
                        + " was expected");
    }

    private static <T> T inspectorAs(Class<T> expected, ObjectInspector inspector, Object data, DataType type) {
        if (expected.isInstance(inspector)) {
            return expected.cast(inspector);
        }
        throw new ValueConversionException(
                String.valueOf(data), type, "Hive passed a value of type " + inspector.getTypeName());
    }
}
