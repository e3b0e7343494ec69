package io.hivenosql.compat;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * What a {@link LinkChecker} found on one Hive line.
 *
 * @param line the Hive version checked against
 * @param classesChecked how many classes were checked
 * @param problems each link error, as {@code Class.member: what is wrong}
 * @param dormantHooks the hooks of later Hive versions that this line never calls
 */
public record LinkReport(HiveVersion line, int classesChecked, List<String> problems, List<String> dormantHooks) {
    public LinkReport {
        requireNonNull(line, "line is null");
        problems = List.copyOf(problems);
        dormantHooks = List.copyOf(dormantHooks);
    }

    public boolean isClean() {
        return problems.isEmpty();
    }

    /** A readable summary: counts, then every problem and every dormant hook on a line of its own. */
    public String describe() {
        StringBuilder text = new StringBuilder(
                "Hive " + line + ": " + classesChecked + " classes checked, " + problems.size() + " link problem(s)");
        problems.forEach(problem -> text.append("\n  ").append(problem));
        if (!dormantHooks.isEmpty()) {
            text.append("\n hooks Hive ").append(line).append(" never calls:");
            dormantHooks.forEach(hook -> text.append("\n  ").append(hook));
        }
        return text.toString();
    }

    static final class Builder {
        private final HiveVersion line;
        private final Set<String> problems = new LinkedHashSet<>();
        private final Set<String> dormantHooks = new LinkedHashSet<>();
        private int checked;

        Builder(HiveVersion line) {
            this.line = line;
        }

        void checked() {
            checked++;
        }

        void problem(String className, String member, String message) {
            String where = Descriptors.javaName(className)
                    + (member.isEmpty() ? "" : "." + member.substring(0, member.indexOf('(')));
            problems.add(where + ": " + message);
        }

        void dormantHook(String hook) {
            dormantHooks.add(hook);
        }

        LinkReport build() {
            return new LinkReport(line, checked, new ArrayList<>(problems), new ArrayList<>(dormantHooks));
        }
    }
}
