package io.hivenosql.api.catalog;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Hive table names for store objects: the object's name in lower case (Hive folds names anyway), every run of
 * characters other than letters, digits and {@code _} as one {@code _} (a Redis prefix {@code user:} is {@code user}),
 * at most {@value #MAX_LENGTH} characters, and {@code _2}, {@code _3}, ... on a name an earlier object already took
 * ({@code userEvents} and {@code user_events}). Every name that is not just the lower-cased object name carries a
 * note, which {@code map} writes above the table's DDL.
 */
public final class HiveTableNames {
    /** Hive's longest table name. */
    static final int MAX_LENGTH = 128;

    /**
     * A Hive name and, when it is not the object's name lower-cased, why.
     *
     * @param hiveName the table name, unique among the names given out
     * @param note e.g. {@code user_events_2: user_events was taken by user_events}
     */
    public record Named(String hiveName, Optional<String> note) {
        public Named {
            requireNonNull(hiveName, "hiveName is null");
            requireNonNull(note, "note is null");
        }
    }

    private final Set<String> taken = new HashSet<>();
    private final List<String> takenBy = new ArrayList<>();
    private final List<String> takenNames = new ArrayList<>();

    /**
     * Names for objects in order: the first object keeps a contested name.
     *
     * @param reserved names already taken (e.g. tables of the Hive database), lower case
     */
    public HiveTableNames(Set<String> reserved) {
        requireNonNull(reserved, "reserved is null").forEach(name -> taken.add(name.toLowerCase(Locale.ROOT)));
    }

    /**
     * Names for all objects, aligned with them: objects whose name is already a Hive name ({@code orders}) are named
     * first, so that they keep it against a name that only folds onto it ({@code Orders} becomes {@code orders_2}).
     */
    public static List<Named> assign(List<String> objectNames) {
        HiveTableNames names = new HiveTableNames(Set.of());
        Named[] result = new Named[objectNames.size()];
        for (int pass = 0; pass < 2; pass++) {
            for (int i = 0; i < result.length; i++) {
                String objectName = objectNames.get(i);
                boolean plain = sanitise(objectName).equals(objectName);
                if (plain == (pass == 0)) {
                    result[i] = names.name(objectName);
                }
            }
        }
        return List.of(result);
    }

    /** The next object's name. */
    public Named name(String objectName) {
        requireNonNull(objectName, "objectName is null");
        String base = sanitise(objectName);
        String name = base;
        for (int n = 2; taken.contains(name); n++) {
            String suffix = "_" + n;
            name = base.substring(0, Math.min(base.length(), MAX_LENGTH - suffix.length())) + suffix;
        }
        taken.add(name);
        Optional<String> note = Optional.empty();
        if (!name.equals(base)) {
            int earlier = takenNames.indexOf(base);
            note = Optional.of("Hive name " + name + ": " + base + " was taken"
                    + (earlier >= 0 ? " by " + takenBy.get(earlier) : " in the database"));
        } else if (!name.equals(objectName.toLowerCase(Locale.ROOT))) {
            note = Optional.of("Hive name " + name + ": '" + objectName + "' is not a Hive name");
        }
        takenNames.add(name);
        takenBy.add(objectName);
        return new Named(name, note);
    }

    /** The object's name as a Hive name: lower case, {@code [a-z0-9_]}, no leading or trailing {@code _}. */
    static String sanitise(String objectName) {
        String lower = objectName.toLowerCase(Locale.ROOT);
        StringBuilder name = new StringBuilder();
        boolean gap = false;
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            boolean plain = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
            if (plain) {
                if (gap && !name.isEmpty()) {
                    name.append('_');
                }
                name.append(c);
                gap = false;
            } else {
                gap = true;
            }
        }
        String result = name.toString().replaceAll("^_+|_+$", "");
        if (result.isEmpty()) {
            result = "t";
        }
        return result.length() > MAX_LENGTH ? result.substring(0, MAX_LENGTH) : result;
    }
}
