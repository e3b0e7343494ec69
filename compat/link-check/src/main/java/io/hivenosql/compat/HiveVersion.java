package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * A Hive release number such as {@code 3.1.3} or {@code 4.1} (missing parts count as 0), ordered numerically.
 *
 * @param parts the dot-separated numbers
 */
public record HiveVersion(int[] parts) implements Comparable<HiveVersion> {
    public HiveVersion {
        requireNonNull(parts, "parts is null");
        if (parts.length == 0) {
            throw new IllegalArgumentException("a version has at least one number");
        }
        parts = parts.clone();
    }

    /** {@code 4.1.0}, {@code 3.1.3-amzn-12} (the vendor suffix after the numbers is ignored). */
    public static HiveVersion parse(String text) {
        String numbers = requireNonNull(text, "text is null").trim().split("[^0-9.]", 2)[0];
        try {
            return new HiveVersion(Arrays.stream(numbers.split("\\."))
                    .mapToInt(Integer::parseInt)
                    .toArray());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("not a Hive version: '" + text + "'", e);
        }
    }

    public int major() {
        return parts[0];
    }

    @Override
    public int compareTo(HiveVersion other) {
        for (int i = 0; i < Math.max(parts.length, other.parts.length); i++) {
            int a = i < parts.length ? parts[i] : 0;
            int b = i < other.parts.length ? other.parts[i] : 0;
            if (a != b) {
                return Integer.compare(a, b);
            }
        }
        return 0;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof HiveVersion version && compareTo(version) == 0;
    }

    @Override
    public int hashCode() {
        int[] trimmed = parts;
        int length = trimmed.length;
        while (length > 1 && trimmed[length - 1] == 0) {
            length--;
        }
        return Arrays.hashCode(Arrays.copyOf(trimmed, length));
    }

    @Override
    public String toString() {
        return String.join(".", Arrays.stream(parts).mapToObj(Integer::toString).toList());
    }
}
