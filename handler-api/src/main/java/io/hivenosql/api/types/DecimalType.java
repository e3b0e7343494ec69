package io.hivenosql.api.types;

/** {@code decimal(precision, scale)}; Hive allows precision 1..38 and 0 <= scale <= precision. */
public record DecimalType(int precision, int scale) implements DataType {
    public static final int MAX_PRECISION = 38;

    public DecimalType {
        if (precision < 1 || precision > MAX_PRECISION) {
            throw new IllegalArgumentException("decimal precision " + precision + " is not in [1, 38]");
        }
        if (scale < 0 || scale > precision) {
            throw new IllegalArgumentException("decimal scale " + scale + " is not in [0, " + precision + "]");
        }
    }

    @Override
    public String typeName() {
        return "decimal(" + precision + "," + scale + ")";
    }
}
