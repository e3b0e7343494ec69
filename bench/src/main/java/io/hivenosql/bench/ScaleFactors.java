package io.hivenosql.bench;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/** Scale factors on the command line and in names: {@code 0.01}, {@code 0.1}, {@code 1}. */
public final class ScaleFactors {
    /** The largest scale factor the suite accepts (lineitem: about 6 million rows a unit). */
    public static final double MAX = 100;

    private ScaleFactors() {}

    /** Parses {@code 0.01,0.1}; each must be in (0, {@link #MAX}]. */
    public static List<Double> parse(String text) {
        List<Double> factors = new ArrayList<>();
        for (String item : text.split(",")) {
            double factor;
            try {
                factor = Double.parseDouble(item.trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("--sf: '" + item.trim() + "' is not a number, e.g. 0.01, 0.1 or 1");
            }
            if (!(factor > 0 && factor <= MAX)) {
                throw new IllegalArgumentException("--sf: " + item.trim() + " is outside (0, " + format(MAX) + "]");
            }
            if (!factors.contains(factor)) {
                factors.add(factor);
            }
        }
        return List.copyOf(factors);
    }

    /** The shortest plain text of a factor: {@code 0.01}, {@code 1}. */
    public static String format(double factor) {
        return BigDecimal.valueOf(factor).stripTrailingZeros().toPlainString();
    }
}
