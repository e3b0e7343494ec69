package io.hivenosql.api.schema;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.PrimitiveType;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Every widening rule of {@link NumberShape}: int, bigint, double, decimal(38,s), and the double and string fallbacks. */
class TestNumberShape {
    @Test
    void integersStayIntegers() {
        assertThat(resolve(SampledValue.Int.of(1), SampledValue.Int.of(-7)).type())
                .isEqualTo(PrimitiveType.INT);
        NumberShape.Resolved wide = resolve(SampledValue.Int.of(1), new SampledValue.Int(2, true));
        assertThat(wide.type()).isEqualTo(PrimitiveType.BIGINT);
        assertThat(wide.note()).hasValue("int and bigint seen, reads as bigint");
        // a 64-bit store integer makes bigint even when it fits an int: other values of the field may not
        assertThat(resolve(new SampledValue.Int(2, true)).type()).isEqualTo(PrimitiveType.BIGINT);
        assertThat(resolve(new SampledValue.Int(2, true)).note()).isEmpty();
        // a JSON integer's width is its value's
        assertThat(resolve(SampledValue.Int.of(1L << 40)).type()).isEqualTo(PrimitiveType.BIGINT);
    }

    @Test
    void integersUpTo2To53WidenToDouble() {
        NumberShape.Resolved resolved =
                resolve(SampledValue.Int.of(3), new SampledValue.Int(1L << 53, true), new SampledValue.Floating(0.5));
        assertThat(resolved.type()).isEqualTo(PrimitiveType.DOUBLE);
        assertThat(resolved.note()).hasValue("int and bigint and double seen, reads as double");
        assertThat(resolve(new SampledValue.Floating(1.5), new SampledValue.Floating(Double.NaN))
                        .type())
                .isEqualTo(PrimitiveType.DOUBLE);
        assertThat(resolve(new SampledValue.Floating(1.5)).note()).isEmpty();
    }

    @Test
    void anIntegerBeyond2To53WithDoublesIsDecimal() {
        long big = (1L << 53) + 1;
        NumberShape.Resolved resolved = resolve(new SampledValue.Int(big, true), new SampledValue.Floating(0.125));
        assertThat(resolved.type()).isEqualTo(new DecimalType(38, 3));
        assertThat(resolved.note().orElseThrow())
                .contains("bigint and double seen, reads as decimal(38,3)")
                .contains("2^53");
        assertThat(resolve(new SampledValue.Int(-big, true), new SampledValue.Floating(1))
                        .type())
                .isEqualTo(new DecimalType(38, 1)); // 1.0 has one digit after the point as Java writes it
        assertThat(resolve(new SampledValue.Int(Long.MIN_VALUE, true), new SampledValue.Floating(2))
                        .type())
                .isInstanceOf(DecimalType.class);
        // an integer beyond 2^53 alone is bigint
        assertThat(resolve(new SampledValue.Int(big, true)).type()).isEqualTo(PrimitiveType.BIGINT);
    }

    @Test
    void decimalsAreDecimalScaledToTheMostDigitsAfterThePoint() {
        NumberShape.Resolved alone = resolve(decimal("12.50"), decimal("3.125"));
        assertThat(alone.type()).isEqualTo(new DecimalType(38, 3));
        assertThat(alone.note()).isEmpty();
        NumberShape.Resolved mixed = resolve(decimal("1.5"), SampledValue.Int.of(7), new SampledValue.Floating(0.25));
        assertThat(mixed.type()).isEqualTo(new DecimalType(38, 2));
        assertThat(mixed.note()).hasValue("int and double and decimal seen, reads as decimal(38,2)");
        // negative scales (1E+5) count as integers
        assertThat(resolve(decimal("1E+5")).type()).isEqualTo(new DecimalType(38, 0));
    }

    @Test
    void tooManyDigitsRoundAfterThePointLeavingRoomForACarry() {
        // 30 digits before the point and 10 after: 40 digits, 38 allowed; 7 kept after the point (one for a carry)
        NumberShape.Resolved resolved = resolve(decimal("1" + "0".repeat(29)), decimal("0.0123456789"));
        assertThat(resolved.type()).isEqualTo(new DecimalType(38, 7));
        assertThat(resolved.note().orElseThrow()).contains("round half up to decimal(38,7)");
    }

    @Test
    void whatNoDecimalHoldsIsDoubleOrString() {
        NumberShape.Resolved nan = resolve(decimal("1.5"), new SampledValue.Floating(Double.NaN));
        assertThat(nan.type()).isEqualTo(PrimitiveType.DOUBLE);
        assertThat(nan.note().orElseThrow()).contains("NaN or infinity").contains("nearest double");
        NumberShape.Resolved huge =
                resolve(new SampledValue.Int(Long.MAX_VALUE, true), new SampledValue.Floating(1e300));
        assertThat(huge.type()).isEqualTo(PrimitiveType.DOUBLE);
        assertThat(huge.note().orElseThrow()).contains("more than 37 digits before the point");
        NumberShape.Resolved beyondDouble = resolve(decimal("1E+400"));
        assertThat(beyondDouble.type()).isEqualTo(PrimitiveType.STRING);
        assertThat(beyondDouble.note().orElseThrow()).contains("no numeric type holds them all");
    }

    @Test
    void aShapeNeedsAKind() {
        assertThatThrownBy(() -> new NumberShape(false, false, false, false, false, false, false, 1, 0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new NumberShape(true, false, false, false, false, false, false, 0, 0))
                .isInstanceOf(IllegalArgumentException.class);
    }

    static SampledValue decimal(String text) {
        return new SampledValue.Decimal(new BigDecimal(text));
    }

    private static NumberShape.Resolved resolve(SampledValue... values) {
        Optional<NumberShape> merged = Arrays.stream(values)
                .map(value -> ((ValueShape.Num) ValueShape.of(value)).numbers())
                .reduce(NumberShape::merge);
        return merged.orElseThrow().resolve();
    }
}
