package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A bench command line split into options with a value ({@code --name value} or {@code --name=value}; the last one
 * given wins) and flags (options without a value, from a known set). The caller removes the options it knows from
 * {@link #values()}; whatever is left is unknown.
 */
public record CommandLineValues(Map<String, String> values, Set<String> flags) {
    public CommandLineValues {
        requireNonNull(values, "values is null");
        requireNonNull(flags, "flags is null");
    }

    /**
     * Splits {@code args}.
     *
     * @param flagNames the options that take no value
     * @throws IllegalArgumentException for an argument that is no option, or an option without its value
     */
    public static CommandLineValues parse(List<String> args, Set<String> flagNames) {
        Map<String, String> values = new LinkedHashMap<>();
        Set<String> flags = new LinkedHashSet<>();
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (flagNames.contains(arg)) {
                flags.add(arg);
                continue;
            }
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            int equals = arg.indexOf('=');
            String name = equals > 0 ? arg.substring(0, equals) : arg;
            String value;
            if (equals > 0) {
                value = arg.substring(equals + 1);
            } else if (i + 1 < args.size()) {
                value = args.get(++i);
            } else {
                throw new IllegalArgumentException(name + " needs a value");
            }
            values.put(name, value);
        }
        return new CommandLineValues(values, flags);
    }

    /** A comma-separated list of paths ({@code --aux-jars a.jar,b.jar}); empty for null or blank. */
    public static List<Path> paths(String value) {
        if (value == null || value.isBlank()) {
            return List.of();
        }
        return Arrays.stream(value.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .map(Path::of)
                .toList();
    }

    /** An option's whole number >= 0, or {@code defaultValue} when it was not given; a clear error names the option. */
    public static int wholeNumber(String value, String name, int defaultValue) {
        if (value == null) {
            return defaultValue;
        }
        try {
            int parsed = Integer.parseInt(value.trim());
            if (parsed < 0) {
                throw new NumberFormatException();
            }
            return parsed;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + ": '" + value + "' is not a whole number >= 0");
        }
    }
}
