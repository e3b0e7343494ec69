package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** {@code struct<name:type,...>}; field names are unique, compared case-insensitively as Hive does. */
public record StructType(List<Field> fields) implements DataType {
    public StructType {
        fields = List.copyOf(requireNonNull(fields, "fields is null"));
        if (fields.isEmpty()) {
            throw new IllegalArgumentException("struct has no fields");
        }
        Set<String> seen = new HashSet<>();
        for (Field field : fields) {
            if (!seen.add(field.name().toLowerCase(Locale.ROOT))) {
                throw new IllegalArgumentException("struct has two fields named '" + field.name() + "'");
            }
        }
    }

    public record Field(String name, DataType type) {
        public Field {
            requireNonNull(name, "name is null");
            requireNonNull(type, "type is null");
            if (name.isEmpty()) {
                throw new IllegalArgumentException("struct field name is empty");
            }
        }
    }

    @Override
    public String typeName() {
        return fields.stream()
                .map(f -> quoteIfNeeded(f.name()) + ":" + f.type().typeName())
                .collect(Collectors.joining(",", "struct<", ">"));
    }

    /** Backquotes a field name that is not a plain identifier, so that {@link #typeName()} parses back. */
    private static String quoteIfNeeded(String name) {
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (!(Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.')) {
                return "`" + name.replace("`", "``") + "`";
            }
        }
        return name;
    }
}
