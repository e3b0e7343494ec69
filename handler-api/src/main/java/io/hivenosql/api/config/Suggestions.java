package io.hivenosql.api.config;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/** "Did you mean" for misspelt names (property keys, columns): the closest known name within a small edit distance. */
public final class Suggestions {
    private Suggestions() {}

    /**
     * The known name closest to {@code name}, compared case-insensitively, if it is within a small edit distance:
     * at most a quarter of the name's length (at least 2), and always fewer edits than the name has characters, so
     * that a short name is never "corrected" into an unrelated one. Ties go to the earlier known name.
     */
    public static Optional<String> closest(String name, Collection<String> known) {
        String lowerName = name.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : known) {
            int distance = distance(lowerName, candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        int tolerance = Math.min(Math.max(2, name.length() / 4), name.length() - 1);
        return bestDistance <= tolerance ? Optional.ofNullable(best) : Optional.empty();
    }

    /** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
    public static int distance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
