package io.hivenosql.mongo.bson;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.NeutralValues;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.mongo.bson.BsonValueDecoder.Failure;
import java.math.BigDecimal;
import java.math.RoundingMode;
import org.bson.BsonReader;
import org.bson.BsonType;
import org.bson.types.Decimal128;

/**
 * BSON numbers (int32, int64, double, decimal128) as the neutral values of Hive's numeric types, per
 * {@link BsonValueDecoder}: integers only from whole values in range (never from text), float and double by double
 * conversion, decimals rounded HALF_UP to the scale as Hive rounds, with too many integer digits a failure.
 */
final class BsonNumberDecoder {
    private BsonNumberDecoder() {}

    static Object integral(BsonReader reader, BsonType bson, PrimitiveType type) {
        return switch (bson) {
            case INT32 -> narrow(reader.readInt32(), type);
            case INT64 -> narrow(reader.readInt64(), type);
            case DOUBLE -> {
                double value = reader.readDouble();
                if (Double.isNaN(value) || Double.isInfinite(value)) {
                    throw new Failure(
                            Double.toString(value),
                            type,
                            "is a BSON double " + value + ", not a number " + type.typeName() + " can hold");
                }
                if (value != Math.rint(value)) {
                    throw new Failure(Double.toString(value), type, fractional("double", type));
                }
                if (value < -0x1p63 || value >= 0x1p63) {
                    throw outOfRange(Double.toString(value), type);
                }
                yield narrow((long) value, type);
            }
            case DECIMAL128 -> {
                yield integralFromDecimal(bigDecimal(reader.readDecimal128(), type), type);
            }
            default -> throw BsonValueDecoder.mismatch(reader, bson, type);
        };
    }

    private static Object integralFromDecimal(BigDecimal value, PrimitiveType type) {
        if (value.signum() == 0) {
            return narrow(0, type);
        }
        if ((long) value.precision() - value.scale() > 19) {
            throw outOfRange(value.toString(), type);
        }
        if (value.stripTrailingZeros().scale() > 0) {
            throw new Failure(value.toString(), type, fractional("decimal128", type));
        }
        try {
            return narrow(value.longValueExact(), type);
        } catch (ArithmeticException e) {
            throw outOfRange(value.toString(), type);
        }
    }

    private static String fractional(String bson, PrimitiveType type) {
        return "is a BSON " + bson + " with a fractional part; " + type.typeName() + " holds whole numbers only";
    }

    static Object narrow(long value, PrimitiveType type) {
        boolean fits =
                switch (type) {
                    case TINYINT -> value >= Byte.MIN_VALUE && value <= Byte.MAX_VALUE;
                    case SMALLINT -> value >= Short.MIN_VALUE && value <= Short.MAX_VALUE;
                    case INT -> value >= Integer.MIN_VALUE && value <= Integer.MAX_VALUE;
                    default -> true;
                };
        if (!fits) {
            throw outOfRange(Long.toString(value), type);
        }
        return switch (type) {
            case TINYINT -> (byte) value;
            case SMALLINT -> (short) value;
            case INT -> (int) value;
            default -> value;
        };
    }

    private static Failure outOfRange(String text, PrimitiveType type) {
        return new Failure(text, type, "is out of range for " + type.typeName() + NeutralValues.range(type));
    }

    static Object floating(BsonReader reader, BsonType bson, PrimitiveType type) {
        double value;
        String text;
        switch (bson) {
            case INT32 -> {
                int i = reader.readInt32();
                return type == PrimitiveType.DOUBLE ? (Object) (double) i : (Object) (float) i;
            }
            case INT64 -> {
                long l = reader.readInt64();
                return type == PrimitiveType.DOUBLE ? (Object) (double) l : (Object) (float) l;
            }
            case DOUBLE -> {
                value = reader.readDouble();
                text = null;
            }
            case DECIMAL128 -> {
                Decimal128 decimal = reader.readDecimal128();
                value = decimal.doubleValue();
                if (decimal.isFinite() && Double.isInfinite(value)) {
                    throw new Failure(decimal.toString(), type, "is out of range for " + type.typeName());
                }
                text = Float.isInfinite((float) value) ? decimal.toString() : null;
            }
            default -> throw BsonValueDecoder.mismatch(reader, bson, type);
        }
        if (type == PrimitiveType.DOUBLE) {
            return value;
        }
        float narrowed = (float) value;
        if (Float.isInfinite(narrowed) && !Double.isInfinite(value)) {
            throw new Failure(text != null ? text : Double.toString(value), type, "is out of range for float");
        }
        return narrowed;
    }

    static BigDecimal decimal(BsonReader reader, BsonType bson, DecimalType type) {
        BigDecimal value;
        String text;
        switch (bson) {
            case INT32 -> {
                value = BigDecimal.valueOf(reader.readInt32());
                text = null;
            }
            case INT64 -> {
                value = BigDecimal.valueOf(reader.readInt64());
                text = null;
            }
            case DOUBLE -> {
                double d = reader.readDouble();
                if (Double.isNaN(d) || Double.isInfinite(d)) {
                    throw new Failure(
                            Double.toString(d), type, "is a BSON double " + d + ", which a decimal cannot hold");
                }
                value = BigDecimal.valueOf(d);
                text = null; // the value's own text is the same; built only for a message
            }
            case DECIMAL128 -> {
                value = bigDecimal(reader.readDecimal128(), type);
                text = null; // messages use the value's text: building it for every value costs ~10% of a scan
            }
            default -> throw BsonValueDecoder.mismatch(reader, bson, type);
        }
        return fit(value, type, text);
    }

    private static BigDecimal bigDecimal(Decimal128 decimal, DataType type) {
        if (!decimal.isFinite()) {
            throw new Failure(
                    decimal.toString(),
                    type,
                    "is a BSON decimal128 " + decimal + ", which " + type.typeName() + " cannot hold");
        }
        if (decimal.isNegative() && decimal.compareTo(Decimal128.NEGATIVE_ZERO) == 0) {
            return BigDecimal.ZERO; // -0 has no BigDecimal
        }
        return decimal.bigDecimalValue();
    }

    /** Hive's decimal rule: rounded HALF_UP to the scale; more integer digits than the type has is a failure. */
    static BigDecimal fit(BigDecimal value, DecimalType type, String text) {
        int scale = type.scale();
        if (value.scale() == scale && value.precision() <= type.precision()) {
            return value;
        }
        if (value.signum() == 0) {
            return BigDecimal.ZERO.setScale(scale);
        }
        long integerDigits = (long) value.precision() - value.scale();
        if (integerDigits > type.precision() - scale) {
            throw doesNotFit(value, type, text);
        }
        if (integerDigits < -scale - 1L) {
            return BigDecimal.ZERO.setScale(scale); // below half a unit of the last place
        }
        BigDecimal scaled = value.setScale(scale, RoundingMode.HALF_UP);
        if (scaled.signum() != 0 && scaled.precision() - scaled.scale() > type.precision() - scale) {
            throw doesNotFit(value, type, text); // rounding carried into a new digit, e.g. 99.995 -> 100.00
        }
        return scaled;
    }

    private static Failure doesNotFit(BigDecimal value, DecimalType type, String text) {
        return new Failure(
                text != null ? text : value.toString(),
                type,
                "does not fit " + type.typeName() + " (at most " + (type.precision() - type.scale())
                        + " digits before the decimal point); declare the column with a larger precision");
    }
}
