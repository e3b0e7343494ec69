package io.hivenosql.mongo;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.VarcharType;
import io.hivenosql.mongo.MongoFieldFilter.Kind;
import io.hivenosql.mongo.bson.BsonValueDecoder;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.BsonBoolean;
import org.bson.BsonDateTime;
import org.bson.BsonDecimal128;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonInt32;
import org.bson.BsonInt64;
import org.bson.BsonString;
import org.bson.BsonTimestamp;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The literals of one column's comparisons as neutral values, and the stored BSON values that read as a value in an
 * interval of them ({@link MongoFieldFilter} composes these into filters). The reader changes some values, so an
 * interval of read values maps to another interval of stored ones:
 *
 * <ul>
 *   <li>integers: the stored number; the interval is bounded by the column type's range, so that out-of-range numbers,
 *       infinities and NaN never match.
 *   <li>double: the stored number; bounded by the infinities, so that NaN never matches (MongoDB's NaN compares with
 *       nothing; the test server's sorts it above the infinities).
 *   <li>decimal(p,s): the stored number rounded HALF_UP to the scale, bounded by the type's largest value: the read
 *       value {@code 1.01} of decimal(5,2) is the stored {@code [1.005, 1.015)}, {@code -1.01} is {@code (-1.015,
 *       -1.005]}.
 *   <li>string and varchar(n): the text of strings, ObjectIds and the JSON text of other values: not here but in
 *       {@link MongoTextValues}, whose matches may be supersets.
 *   <li>date: the UTC date of a date-time: a day is {@code [00:00Z, next day 00:00Z)}.
 *   <li>timestamp: a date-time's milliseconds, a BSON timestamp's seconds: bounds with finer digits round to the
 *       stored values they admit.
 *   <li>date and timestamp intervals stay within the years 1 to 9999, the values the columns read.
 *   <li>boolean: the stored value.
 * </ul>
 *
 * <p>A missing bound leaves the interval open on that side but within the type's bracket (MongoDB compares values of
 * one bracket only); no bound at all is the whole bracket. Intervals on ObjectId columns are not supported.
 */
final class MongoFieldValues {
    private static final long MAX_TIMESTAMP_SECONDS = 0xFFFF_FFFFL;
    /** The days and instants a date or timestamp column reads: years 1 to 9999. */
    private static final LocalDate FIRST_DAY = LocalDate.of(1, 1, 1);

    private static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 31);
    private static final long FIRST_MILLIS = FIRST_DAY.toEpochDay() * BsonValueDecoder.MILLIS_PER_DAY;
    private static final long LAST_MILLIS = (LAST_DAY.toEpochDay() + 1) * BsonValueDecoder.MILLIS_PER_DAY - 1;

    private final Kind kind;
    private final DataType type;
    private final MongoDialect dialect;

    MongoFieldValues(Kind kind, DataType type, MongoDialect dialect) {
        this.kind = kind;
        this.type = type;
        this.dialect = dialect;
    }

    /**
     * Whether {@link #interval} matches exactly the stored values that read in the interval; not for decimal columns on
     * a server that holds no decimal128 ({@link MongoDialect}), whose bounds are doubles at or beyond the decimal ones: a
     * superset.
     */
    boolean exact() {
        return kind != Kind.DECIMAL || dialect.holdsDecimal128();
    }

    /** A literal as this column's neutral value, when it is one exactly. */
    Optional<Object> neutral(Object value) {
        return switch (kind) {
            case BOOLEAN -> value instanceof Boolean ? Optional.of(value) : Optional.empty();
            case INTEGER -> value instanceof Long
                            || value instanceof Integer
                            || value instanceof Short
                            || value instanceof Byte
                    ? Optional.<Object>of(((Number) value).longValue()).filter(v -> inIntegerRange((Long) v))
                    : Optional.empty();
            case DOUBLE -> value instanceof Double d && Double.isFinite(d) ? Optional.of(value) : Optional.empty();
            case DECIMAL -> value instanceof BigDecimal decimal ? decimal(decimal) : Optional.empty();
            case STRING, OBJECT_ID -> value instanceof String ? Optional.of(value) : Optional.empty();
            case VARCHAR -> value instanceof String text && codePoints(text) <= ((VarcharType) type).length()
                    ? Optional.of(value)
                    : Optional.empty();
            case DATE -> value instanceof LocalDate ? Optional.of(value) : Optional.empty();
            case TIMESTAMP -> value instanceof LocalDateTime ? Optional.of(value) : Optional.empty();
        };
    }

    private Optional<Object> decimal(BigDecimal value) {
        DecimalType decimal = (DecimalType) type;
        try {
            BigDecimal scaled = value.setScale(decimal.scale(), RoundingMode.UNNECESSARY);
            return scaled.abs().compareTo(maxDecimal(decimal)) <= 0 ? Optional.of(scaled) : Optional.empty();
        } catch (ArithmeticException e) {
            return Optional.empty();
        }
    }

    /**
     * The field conditions (alternatives) of the stored values whose read value lies between the bounds (null: no
     * bound); none when the interval is empty; empty when the interval cannot be matched exactly.
     */
    Optional<List<BsonDocument>> interval(Object lo, boolean loIncluded, Object hi, boolean hiIncluded) {
        return switch (kind) {
            case BOOLEAN -> Optional.of(List.of(
                    lo == null && hi == null
                            ? new BsonDocument("$type", new BsonString("bool"))
                            : bounds(bson(lo), loIncluded, bson(hi), hiIncluded)));
            case INTEGER -> Optional.of(List.of(bounds(
                    lo == null ? integer(minInteger()) : integer((Long) lo),
                    lo == null || loIncluded,
                    hi == null ? integer(maxInteger()) : integer((Long) hi),
                    hi == null || hiIncluded)));
            case DOUBLE -> Optional.of(List.of(bounds(
                    new BsonDouble(lo == null ? Double.NEGATIVE_INFINITY : (Double) lo),
                    lo == null || loIncluded,
                    new BsonDouble(hi == null ? Double.POSITIVE_INFINITY : (Double) hi),
                    hi == null || hiIncluded)));
            case DECIMAL -> decimalInterval((BigDecimal) lo, loIncluded, (BigDecimal) hi, hiIncluded);
                // text columns: MongoTextValues (whose matches may be supersets); not ranges on ObjectId columns, where
                // Hive orders the hex text, MongoDB strings and ObjectIds apart
            case STRING, VARCHAR, OBJECT_ID -> Optional.empty();
            case DATE -> dateInterval((LocalDate) lo, loIncluded, (LocalDate) hi, hiIncluded);
            case TIMESTAMP -> timestampInterval((LocalDateTime) lo, loIncluded, (LocalDateTime) hi, hiIncluded);
        };
    }

    /** Decimals read rounded HALF_UP to the scale: the stored values that round into the interval. */
    private Optional<List<BsonDocument>> decimalInterval(BigDecimal lo, boolean loIn, BigDecimal hi, boolean hiIn) {
        DecimalType decimal = (DecimalType) type;
        BigDecimal unit = BigDecimal.ONE.scaleByPowerOfTen(-decimal.scale());
        BigDecimal half = new BigDecimal(5).scaleByPowerOfTen(-decimal.scale() - 1);
        BigDecimal max = maxDecimal(decimal);
        BigDecimal low = lo == null ? max.negate() : loIn ? lo : lo.add(unit);
        BigDecimal high = hi == null ? max : hiIn ? hi : hi.subtract(unit);
        low = low.max(max.negate());
        high = high.min(max);
        if (low.compareTo(high) > 0) {
            return Optional.of(List.of());
        }
        if (!dialect.holdsDecimal128()) {
            // no decimal128 may be sent (nor is one stored): the doubles at or beyond the bounds, both included, hold
            // every int32, int64 and double in the interval (a superset, see exact)
            return Optional.of(List.of(bounds(
                    new BsonDouble(doubleAtMost(low.subtract(half))),
                    true,
                    new BsonDouble(doubleAtLeast(high.add(half))),
                    true)));
        }
        try {
            // HALF_UP rounds away from zero: x.5 units round up above zero and down below it
            BsonDecimal128 lower = new BsonDecimal128(new Decimal128(low.subtract(half)));
            BsonDecimal128 upper = new BsonDecimal128(new Decimal128(high.add(half)));
            return Optional.of(List.of(bounds(lower, low.signum() > 0, upper, high.signum() < 0)));
        } catch (NumberFormatException e) {
            return Optional.empty(); // beyond decimal128's 34 digits
        }
    }

    /**
     * Dates read as the UTC day of a date-time: whole days of date-times, within the years 1 to 9999 that a date
     * column reads (a date-time outside them is a bad record, which no range may match).
     */
    private Optional<List<BsonDocument>> dateInterval(LocalDate lo, boolean loIn, LocalDate hi, boolean hiIn) {
        LocalDate first = lo == null ? FIRST_DAY : loIn ? lo : lo.plusDays(1);
        LocalDate last = hi == null ? LAST_DAY : hiIn ? hi : hi.minusDays(1);
        first = first.isBefore(FIRST_DAY) ? FIRST_DAY : first;
        last = last.isAfter(LAST_DAY) ? LAST_DAY : last;
        if (first.isAfter(last)) {
            return Optional.of(List.of());
        }
        return Optional.of(
                List.of(new BsonDocument("$gte", new BsonDateTime(first.toEpochDay() * BsonValueDecoder.MILLIS_PER_DAY))
                        .append("$lt", new BsonDateTime((last.toEpochDay() + 1) * BsonValueDecoder.MILLIS_PER_DAY))));
    }

    /**
     * Timestamps read date-times at millisecond precision (years 1 to 9999) and BSON timestamps at second precision: a
     * bound with finer digits is rounded to the first stored value it admits.
     */
    private Optional<List<BsonDocument>> timestampInterval(
            LocalDateTime lo, boolean loIn, LocalDateTime hi, boolean hiIn) {
        long first;
        long last;
        try {
            first = lo == null ? FIRST_MILLIS : loIn ? ceilMillis(lo) : floorMillis(lo) + 1;
            last = hi == null ? LAST_MILLIS : hiIn ? floorMillis(hi) : ceilMillis(hi) - 1;
        } catch (ArithmeticException e) {
            return Optional.empty();
        }
        first = Math.max(first, FIRST_MILLIS);
        last = Math.min(last, LAST_MILLIS);
        if (first > last) {
            return Optional.of(List.of());
        }
        List<BsonDocument> alternatives = new ArrayList<>();
        alternatives.add(bounds(new BsonDateTime(first), true, new BsonDateTime(last), true));
        long firstSecond = Math.max(0, -Math.floorDiv(-first, 1000L));
        long lastSecond = Math.min(MAX_TIMESTAMP_SECONDS, Math.floorDiv(last, 1000));
        if (firstSecond <= lastSecond) {
            alternatives.add(new BsonDocument("$gte", new BsonTimestamp((int) firstSecond, 0))
                    .append("$lte", new BsonTimestamp((int) lastSecond, -1)));
        }
        return Optional.of(alternatives);
    }

    /** The greatest double at most {@code value}. */
    static double doubleAtMost(BigDecimal value) {
        double d = value.doubleValue();
        return Double.isFinite(d) && new BigDecimal(d).compareTo(value) > 0 ? Math.nextDown(d) : d;
    }

    /** The least double at least {@code value}. */
    static double doubleAtLeast(BigDecimal value) {
        double d = value.doubleValue();
        return Double.isFinite(d) && new BigDecimal(d).compareTo(value) < 0 ? Math.nextUp(d) : d;
    }

    private static long floorMillis(LocalDateTime value) {
        return Math.addExact(
                Math.multiplyExact(value.toEpochSecond(ZoneOffset.UTC), 1000L), value.getNano() / 1_000_000);
    }

    private static long ceilMillis(LocalDateTime value) {
        return floorMillis(value) + (value.getNano() % 1_000_000 == 0 ? 0 : 1);
    }

    /** {@code $gt/$gte lower} and {@code $lt/$lte upper} (null: no bound), or {@code $eq} for a single value. */
    static BsonDocument bounds(BsonValue lower, boolean lowerIn, BsonValue upper, boolean upperIn) {
        if (lower != null && lower.equals(upper) && lowerIn && upperIn) {
            return new BsonDocument("$eq", lower);
        }
        BsonDocument condition = new BsonDocument();
        if (lower != null) {
            condition.append(lowerIn ? "$gte" : "$gt", lower);
        }
        if (upper != null) {
            condition.append(upperIn ? "$lte" : "$lt", upper);
        }
        return condition;
    }

    private static BsonValue bson(Object value) {
        return value == null ? null : BsonBoolean.valueOf((Boolean) value);
    }

    private BsonValue integer(long value) {
        return type == PrimitiveType.BIGINT ? new BsonInt64(value) : new BsonInt32((int) value);
    }

    private boolean inIntegerRange(long value) {
        return value >= minInteger() && value <= maxInteger();
    }

    private long minInteger() {
        return switch ((PrimitiveType) type) {
            case TINYINT -> Byte.MIN_VALUE;
            case SMALLINT -> Short.MIN_VALUE;
            case INT -> Integer.MIN_VALUE;
            default -> Long.MIN_VALUE;
        };
    }

    private long maxInteger() {
        return switch ((PrimitiveType) type) {
            case TINYINT -> Byte.MAX_VALUE;
            case SMALLINT -> Short.MAX_VALUE;
            case INT -> Integer.MAX_VALUE;
            default -> Long.MAX_VALUE;
        };
    }

    /** The largest value of the decimal type, e.g. 999.99 for decimal(5,2). */
    private static BigDecimal maxDecimal(DecimalType decimal) {
        return BigDecimal.ONE
                .scaleByPowerOfTen(decimal.precision() - decimal.scale())
                .subtract(BigDecimal.ONE.scaleByPowerOfTen(-decimal.scale()))
                .setScale(decimal.scale(), RoundingMode.UNNECESSARY);
    }

    /** The least string greater than every string that starts with {@code text} (its last code point plus one). */
    static Optional<String> successor(String text) {
        if (text.isEmpty()) {
            return Optional.empty();
        }
        int last = text.codePointBefore(text.length());
        if (last == Character.MAX_CODE_POINT) {
            return Optional.empty();
        }
        int next = last + 1 == Character.MIN_SURROGATE ? Character.MAX_SURROGATE + 1 : last + 1;
        return Optional.of(text.substring(0, text.length() - Character.charCount(last)) + Character.toString(next));
    }

    private static int codePoints(String text) {
        return text.codePointCount(0, text.length());
    }
}
