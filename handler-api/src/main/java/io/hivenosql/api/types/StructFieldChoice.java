package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import java.util.Arrays;

/**
 * Which field of one JSON object each declared struct field reads: the object's field spelt as declared, else the one
 * equal to it ignoring case (when the style matches case-insensitively), the last one where a name repeats (as JSON
 * parsers do); two other spellings and none as declared make the value bad ({@link #check}). The same rule as
 * {@link io.hivenosql.api.mapping.FieldNameMatcher}'s for columns. Reusable: {@link #reset} before each object.
 */
public final class StructFieldChoice {
    private static final byte EXACT = 1;
    private static final byte FOLDED = 2;
    private static final byte AMBIGUOUS = 3;

    private final byte[] states;
    private final String[] spellings;
    private final String[] rivals;
    private boolean anyAmbiguous;

    public StructFieldChoice(int fields) {
        this.states = new byte[fields];
        this.spellings = new String[fields];
        this.rivals = new String[fields];
    }

    /** Starts the next object. */
    public void reset() {
        Arrays.fill(states, (byte) 0);
        anyAmbiguous = false;
    }

    /**
     * Whether to read (or read again, replacing) the value of field {@code field} from the object's field {@code name}.
     *
     * @param exact whether {@code name} is spelt exactly as the declared field
     */
    public boolean take(int field, String name, boolean exact) {
        switch (states[field]) {
            case 0 -> {
                states[field] = exact ? EXACT : FOLDED;
                spellings[field] = name;
                return true;
            }
            case EXACT -> {
                return exact; // the exact name repeated: the last counts; another spelling loses to it
            }
            case FOLDED -> {
                if (exact) {
                    states[field] = EXACT;
                    spellings[field] = name;
                    return true;
                }
                if (name.equals(spellings[field])) {
                    return true; // repeated
                }
                states[field] = AMBIGUOUS;
                rivals[field] = name;
                anyAmbiguous = true;
                return false;
            }
            default -> {
                if (exact) {
                    states[field] = EXACT;
                    spellings[field] = name;
                    return true;
                }
                return false;
            }
        }
    }

    /**
     * Throws when a declared field matched two spellings of the object and neither exactly.
     *
     * @throws ValueConversionException naming both spellings and the struct field
     */
    public void check(StructType type) {
        requireNonNull(type, "type is null");
        if (!anyAmbiguous) {
            return;
        }
        for (int f = 0; f < states.length; f++) {
            if (states[f] == AMBIGUOUS) {
                throw new ValueConversionException(
                        "{...}",
                        type,
                        "the object has the fields '" + spellings[f] + "' and '" + rivals[f] + "', which both match "
                                + "struct field '" + type.fields().get(f).name() + "' when case is ignored, and "
                                + "neither is spelt exactly so: which one to read is ambiguous; rename one, or read "
                                + "the object as a map or a string");
            }
        }
    }
}
