package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Parses and checks the raw string of a table property into a typed value. A failed parse throws
 * {@link IllegalArgumentException} whose message says what was expected (the caller adds table and property).
 */
public final class PropertyType<T> {
    private final String description;
    private final Function<String, T> parser;

    private PropertyType(String description, Function<String, T> parser) {
        this.description = requireNonNull(description, "description is null");
        this.parser = requireNonNull(parser, "parser is null");
    }

    public T parse(String raw) {
        requireNonNull(raw, "raw is null");
        return parser.apply(raw.trim());
    }

    /** What a valid value looks like, e.g. {@code integer in [1, 100000]}. Used in errors and the docs pages. */
    public String description() {
        return description;
    }

    /**
     * A type of its own, e.g. a format name or pattern: {@code parser} throws {@link IllegalArgumentException} saying
     * what was expected.
     */
    public static <T> PropertyType<T> custom(String description, Function<String, T> parser) {
        return new PropertyType<>(description, parser);
    }

    public static PropertyType<String> string() {
        return new PropertyType<>("string", raw -> raw);
    }

    public static PropertyType<String> nonEmptyString() {
        return new PropertyType<>("non-empty string", raw -> {
            if (raw.isEmpty()) {
                throw new IllegalArgumentException("expected a non-empty string");
            }
            return raw;
        });
    }

    public static PropertyType<Integer> integer(int min, int max) {
        String description = "integer in [" + min + ", " + max + "]";
        return new PropertyType<>(description, raw -> {
            int value;
            try {
                value = Integer.parseInt(raw);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("expected an " + description + ", got '" + raw + "'");
            }
            if (value < min || value > max) {
                throw new IllegalArgumentException("expected an " + description + ", got " + value);
            }
            return value;
        });
    }

    public static PropertyType<Boolean> bool() {
        return new PropertyType<>("true or false", raw -> switch (raw.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("expected true or false, got '" + raw + "'");
        });
    }

    /**
     * An enum whose constants are written in lower case with '-' for '_', e.g. {@code read-only}; any case and '_'
     * are accepted too.
     */
    public static <E extends Enum<E>> PropertyType<E> enumOf(Class<E> type) {
        List<String> names = Arrays.stream(type.getEnumConstants())
                .map(PropertyType::enumName)
                .collect(Collectors.toList());
        String description = "one of " + String.join(", ", names);
        return new PropertyType<>(description, raw -> {
            String normalized = raw.replace('_', '-');
            for (E constant : type.getEnumConstants()) {
                if (enumName(constant).equalsIgnoreCase(normalized)) {
                    return constant;
                }
            }
            throw new IllegalArgumentException("expected " + description + ", got '" + raw + "'");
        });
    }

    public static String enumName(Enum<?> constant) {
        return constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** A comma-separated list of {@code host:port}; the port may be omitted when a default is given. */
    public static PropertyType<List<HostAndPort>> hostList(int defaultPort) {
        return new PropertyType<>("comma-separated host:port list", raw -> {
            List<HostAndPort> hosts = new ArrayList<>();
            for (String part : raw.split(",")) {
                if (!part.isBlank()) {
                    hosts.add(HostAndPort.parse(part.trim(), defaultPort));
                }
            }
            if (hosts.isEmpty()) {
                throw new IllegalArgumentException("expected at least one host:port");
            }
            return List.copyOf(hosts);
        });
    }
}
