package io.hivenosql.api.mapping;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;
import java.util.List;

/**
 * Which field of one record (a document, a JSON object, a hash, a struct value) each wanted name reads, as every
 * handler matches field names. Hive lower-cases column and struct field names while stores keep the case they were
 * written with, so a wanted name {@code n} reads:
 *
 * <ol>
 *   <li>the record's field spelt exactly {@code n}, if it has one;
 *   <li>else its one field equal to {@code n} when case is ignored ({@link #fold});
 *   <li>else, when several fields equal {@code n} ignoring case and none exactly, nothing can be told: the record is
 *       bad ({@link io.hivenosql.api.types.AmbiguousFieldException}) and a mapping that spells one exactly picks it.
 * </ol>
 *
 * A field name that repeats within a record counts once, the first time. The decoders stream through a record's fields
 * and {@link #offer} each one that matches a wanted name (target {@code 0..n-1}) exactly or ignoring case; the matcher
 * says whether to read it, read it in place of what was read before (an exact match after a case-insensitive one), or
 * skip it. {@link #reset()} starts the next record in constant time. Not thread-safe: one per reader.
 */
public final class FieldNameMatcher {
    /** What to do with a field just offered. */
    public enum Decision {
        /** Read the value: the first match of the target. */
        READ,
        /** Read the value and drop what the target read before (an exact spelling after another one). */
        REPLACE,
        /** Skip the value: the target has its field, or the field is a repeat or a rival spelling. */
        SKIP
    }

    private static final byte EXACT = 1;
    private static final byte FOLDED = 2;
    private static final byte AMBIGUOUS = 3;

    private final int[] stamps;
    private final byte[] states;
    private final String[] spellings;
    private final String[] rivals;
    private int[] ambiguous = new int[4];
    private int ambiguousCount;
    private int generation = 1;

    /** A matcher of {@code targets} wanted names, numbered from 0. */
    public FieldNameMatcher(int targets) {
        if (targets < 0) {
            throw new IllegalArgumentException("targets is negative");
        }
        this.stamps = new int[targets];
        this.states = new byte[targets];
        this.spellings = new String[targets];
        this.rivals = new String[targets];
    }

    /**
     * A field name folded for case-insensitive matching: two names fold alike exactly when
     * {@link String#equalsIgnoreCase} holds (character by character, upper then lower case). ASCII names (nearly all)
     * are folded without allocation when already lower case.
     */
    public static String fold(String name) {
        requireNonNull(name, "name is null");
        int length = name.length();
        boolean ascii = true;
        boolean lower = true;
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            if (c >= 0x80) {
                ascii = false;
                break;
            }
            if (c >= 'A' && c <= 'Z') {
                lower = false;
            }
        }
        if (ascii && lower) {
            return name;
        }
        char[] folded = new char[length];
        for (int i = 0; i < length; i++) {
            char c = name.charAt(i);
            folded[i] = ascii
                    ? (c >= 'A' && c <= 'Z' ? (char) (c + ('a' - 'A')) : c)
                    : Character.toLowerCase(Character.toUpperCase(c));
        }
        return new String(folded);
    }

    /** Starts the next record: nothing is matched yet. */
    public void reset() {
        generation++;
        if (generation == 0) {
            // after 2^32 records: clear the stamps once rather than mistake an old record's for this one's
            Arrays.fill(stamps, 0);
            generation = 1;
        }
        ambiguousCount = 0;
    }

    /**
     * A field of the current record matches target {@code target}.
     *
     * @param spelling the field's name as the record spells it
     * @param exact whether it is spelt exactly as the wanted name (else it is equal ignoring case)
     */
    public Decision offer(int target, String spelling, boolean exact) {
        if (stamps[target] != generation) {
            stamps[target] = generation;
            states[target] = exact ? EXACT : FOLDED;
            spellings[target] = spelling;
            rivals[target] = null;
            return Decision.READ;
        }
        switch (states[target]) {
            case EXACT -> {
                return Decision.SKIP; // a repeated exact name (the first counts), or another spelling: exact wins
            }
            case FOLDED -> {
                if (exact) {
                    states[target] = EXACT;
                    spellings[target] = spelling;
                    return Decision.REPLACE;
                }
                if (!spelling.equals(spellings[target])) {
                    states[target] = AMBIGUOUS;
                    rivals[target] = spelling;
                    if (ambiguousCount == ambiguous.length) {
                        ambiguous = Arrays.copyOf(ambiguous, ambiguousCount * 2);
                    }
                    ambiguous[ambiguousCount++] = target;
                }
                return Decision.SKIP;
            }
            default -> {
                if (exact) {
                    states[target] = EXACT;
                    spellings[target] = spelling;
                    rivals[target] = null;
                    return Decision.REPLACE;
                }
                return Decision.SKIP;
            }
        }
    }

    /**
     * Forgets what the target matched in the current record: a target nested under a field that another spelling
     * replaced starts again in the replacing field.
     */
    public void forget(int target) {
        stamps[target] = 0;
    }

    /** Whether the current record has a field for the target (read, or ambiguous). */
    public boolean matched(int target) {
        return stamps[target] == generation;
    }

    /** Whether the current record spells the target's field in two ways and neither exactly. */
    public boolean isAmbiguous(int target) {
        return stamps[target] == generation && states[target] == AMBIGUOUS;
    }

    /** The two spellings of an {@linkplain #isAmbiguous ambiguous} target, in the order met. */
    public List<String> rivalSpellings(int target) {
        if (!isAmbiguous(target)) {
            throw new IllegalStateException("target " + target + " is not ambiguous");
        }
        return List.of(spellings[target], rivals[target]);
    }

    /** The spelling the target read in the current record, or null. */
    public String spelling(int target) {
        return stamps[target] == generation ? spellings[target] : null;
    }

    /** How many targets became ambiguous in the current record (some may have found an exact field since). */
    public int ambiguousCount() {
        return ambiguousCount;
    }

    /** The {@code i}-th target that became ambiguous in the current record; check {@link #isAmbiguous} again. */
    public int ambiguousTarget(int i) {
        if (i < 0 || i >= ambiguousCount) {
            throw new IndexOutOfBoundsException(i);
        }
        return ambiguous[i];
    }
}
