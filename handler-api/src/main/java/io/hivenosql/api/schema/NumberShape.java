package io.hivenosql.api.schema;

import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the numbers of one field were: which kinds were seen, and what the exact choice between double and decimal
 * depends on. The readers convert every number into a double column ({@code (double)} of an integer, a decimal's
 * nearest double) and into a decimal column (an integer exactly, a double as its shortest decimal text, both rounded
 * HALF_UP to the scale, with more integer digits than the type has a bad record), so the widening is:
 *
 * <ol>
 *   <li>int, if only integers the store holds in 32 bits were seen; bigint, if some were 64-bit;
 *   <li>double, when doubles were seen and every integer is at most 2^53 in magnitude (a double holds it exactly);
 *   <li>decimal(38,s) when decimals were seen, or integers beyond 2^53 with doubles (a double would change their last
 *       digits): s is the most digits after the point seen, fewer when the integer digits need the room (then values
 *       round, and a note says so);
 *   <li>double again when no decimal(38,s) holds the values (NaN or infinities, more than 37 integer digits), with a
 *       note that exact values round to the nearest double; string when not even a double holds them.
 * </ol>
 *
 * @param ints whether integers held in 32 bits were seen
 * @param longs whether integers held in 64 bits were seen
 * @param doubles whether binary floating-point numbers were seen
 * @param decimals whether exact decimals were seen
 * @param beyond53 whether an integer beyond 2^53 in magnitude was seen (a double does not hold every such integer)
 * @param nonFinite whether NaN or an infinity was seen
 * @param beyondDouble whether a decimal beyond a double's range was seen
 * @param integerDigits the most digits before the point of the finite values (at least 1)
 * @param scale the most digits after the point of the finite values
 */
record NumberShape(
        boolean ints,
        boolean longs,
        boolean doubles,
        boolean decimals,
        boolean beyond53,
        boolean nonFinite,
        boolean beyondDouble,
        int integerDigits,
        int scale) {
    static final long EXACT_DOUBLE_LIMIT = 1L << 53;
    private static final BigDecimal MAX_DOUBLE = new BigDecimal(Double.MAX_VALUE);

    NumberShape {
        if (!(ints || longs || doubles || decimals)) {
            throw new IllegalArgumentException("a number shape needs a kind");
        }
        if (integerDigits < 1 || scale < 0) {
            throw new IllegalArgumentException(
                    "integerDigits " + integerDigits + " or scale " + scale + " is negative");
        }
    }

    static NumberShape of(SampledValue.Int value) {
        long magnitude = value.value() == Long.MIN_VALUE ? Long.MAX_VALUE : Math.abs(value.value());
        return new NumberShape(
                !value.wide(),
                value.wide(),
                false,
                false,
                magnitude > EXACT_DOUBLE_LIMIT,
                false,
                false,
                Math.max(1, BigDecimal.valueOf(value.value()).precision()),
                0);
    }

    static NumberShape of(SampledValue.Floating value) {
        double d = value.value();
        if (Double.isNaN(d) || Double.isInfinite(d)) {
            return new NumberShape(false, false, true, false, false, true, false, 1, 0);
        }
        // the shortest decimal text of the double: what a decimal column reads it as
        return digits(BigDecimal.valueOf(d), false, true, false);
    }

    static NumberShape of(SampledValue.Decimal value) {
        BigDecimal decimal = value.value();
        return digits(decimal, true, false, decimal.abs().compareTo(MAX_DOUBLE) > 0);
    }

    private static NumberShape digits(BigDecimal value, boolean decimal, boolean floating, boolean beyondDouble) {
        int scale = Math.max(0, value.scale());
        int integerDigits = Math.max(1, value.precision() - value.scale());
        return new NumberShape(false, false, floating, decimal, false, false, beyondDouble, integerDigits, scale);
    }

    NumberShape merge(NumberShape other) {
        return new NumberShape(
                ints || other.ints,
                longs || other.longs,
                doubles || other.doubles,
                decimals || other.decimals,
                beyond53 || other.beyond53,
                nonFinite || other.nonFinite,
                beyondDouble || other.beyondDouble,
                Math.max(integerDigits, other.integerDigits),
                Math.max(scale, other.scale));
    }

    /** The kinds seen, for notes: {@code int, bigint, double, decimal}. */
    List<String> kinds() {
        List<String> kinds = new ArrayList<>();
        if (ints) {
            kinds.add("int");
        }
        if (longs) {
            kinds.add("bigint");
        }
        if (doubles) {
            kinds.add("double");
        }
        if (decimals) {
            kinds.add("decimal");
        }
        return kinds;
    }

    /** The column type and, when the type was widened or values round, the note (without the column's name). */
    Resolved resolve() {
        String seen = String.join(" and ", kinds()) + " seen";
        if (!doubles && !decimals) {
            return longs
                    ? new Resolved(
                            PrimitiveType.BIGINT, ints ? Optional.of(seen + ", reads as bigint") : Optional.empty())
                    : new Resolved(PrimitiveType.INT, Optional.empty());
        }
        if (!decimals && !beyond53) {
            return new Resolved(
                    PrimitiveType.DOUBLE, ints || longs ? Optional.of(seen + ", reads as double") : Optional.empty());
        }
        boolean rounds = integerDigits + scale > DecimalType.MAX_PRECISION;
        boolean fits = !nonFinite && integerDigits <= DecimalType.MAX_PRECISION - (rounds ? 1 : 0);
        if (fits) {
            // when the digits after the point round, one digit more before it leaves room for a carry (99.995 ->
            // 100.00)
            int chosenScale = rounds ? DecimalType.MAX_PRECISION - integerDigits - 1 : scale;
            DecimalType type = new DecimalType(DecimalType.MAX_PRECISION, chosenScale);
            List<String> why = new ArrayList<>();
            if (kinds().size() > 1) {
                why.add(seen + ", reads as " + type.typeName()
                        + (beyond53 && doubles ? " (a double would change integers beyond 2^53)" : ""));
            }
            if (rounds) {
                why.add("values with more than " + chosenScale + " digits after the point round half up to "
                        + type.typeName() + " (" + integerDigits + " digits before the point seen)");
            }
            return new Resolved(type, why.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", why)));
        }
        String because = nonFinite
                ? "NaN or infinity seen, which no decimal holds"
                : "more than " + (DecimalType.MAX_PRECISION - 1) + " digits before the point seen";
        if (beyondDouble) {
            return new Resolved(
                    PrimitiveType.STRING,
                    Optional.of(seen + "; " + because + ", and a decimal beyond a double's range: no numeric type "
                            + "holds them all, reads as string"));
        }
        return new Resolved(
                PrimitiveType.DOUBLE,
                Optional.of(seen + "; " + because + ": reads as double, exact values round to the nearest double"));
    }

    /** A column type and the note on how it was chosen, if any. */
    record Resolved(DataType type, Optional<String> note) {}
}
