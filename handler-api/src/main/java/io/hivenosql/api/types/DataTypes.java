package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.IntFunction;
import java.util.function.Supplier;

/**
 * Parses Hive type names as Hive writes them in {@code columns.types}, in DDL and in {@code DESCRIBE} output.
 *
 * <p>Accepted, case-insensitively and with any whitespace between tokens: {@code boolean tinyint smallint int integer
 * bigint float double "double precision" string binary date timestamp}, {@code decimal} (= {@code decimal(10,0)}),
 * {@code decimal(p)} (= {@code decimal(p,0)}), {@code decimal(p,s)}, {@code varchar(n)}, {@code char(n)},
 * {@code array<T>}, {@code map<K,V>} and {@code struct<a:T,b:U>}. Struct field names are identifiers (letters, digits,
 * {@code _ $ .}) or backquoted ({@code `a b`}, with {@code ``} for a backquote); their case is kept.
 */
public final class DataTypes {
    /** Hive's {@code decimal} without parameters. */
    public static final DecimalType DEFAULT_DECIMAL = new DecimalType(10, 0);

    private DataTypes() {}

    /** Whether the type is primitive in Hive's sense (no array, map or struct): it can be a map key or a store key. */
    public static boolean isPrimitive(DataType type) {
        return type instanceof PrimitiveType
                || type instanceof DecimalType
                || type instanceof VarcharType
                || type instanceof CharType;
    }

    /**
     * Parses one Hive type name.
     *
     * @throws UnsupportedTypeException for a type hive-nosql does not support (uniontype, void, intervals, timestamp
     *     with local time zone), saying what to declare instead
     * @throws IllegalArgumentException naming the type string, the position (1-based) and what was expected
     */
    public static DataType parse(String hiveTypeName) {
        requireNonNull(hiveTypeName, "hiveTypeName is null");
        Parser parser = new Parser(hiveTypeName);
        DataType type = parser.type();
        parser.skipWhitespace();
        if (!parser.atEnd()) {
            throw parser.error("unexpected '" + parser.peek() + "' after the type");
        }
        return type;
    }

    /**
     * Splits Hive's {@code columns.types} property into parsed types. Hive separates the types with ':' (older writers
     * used ','); only separators at nesting depth 0 count, so {@code struct<a:int>:decimal(10,2)} is two types. An
     * empty or blank string gives an empty list.
     *
     * @throws IllegalArgumentException naming the whole string and the position
     */
    public static List<DataType> parseColumnTypes(String columnsTypes) {
        return parseColumnTypes(columnsTypes, index -> "column " + (index + 1));
    }

    /**
     * As {@link #parseColumnTypes(String)}, with a type that does not parse reported for its column.
     *
     * @param columnName the column of a type index, for messages, e.g. {@code column 'tags'}
     * @throws UnsupportedTypeException naming the column, the type and what to declare instead (uniontype, void,
     *     intervals, timestamp with local time zone)
     * @throws IllegalArgumentException naming the column, the whole string and the position
     */
    public static List<DataType> parseColumnTypes(String columnsTypes, IntFunction<String> columnName) {
        requireNonNull(columnsTypes, "columnsTypes is null");
        requireNonNull(columnName, "columnName is null");
        List<DataType> types = new ArrayList<>();
        Parser parser = new Parser(columnsTypes);
        parser.skipWhitespace();
        if (parser.atEnd()) {
            return List.of();
        }
        while (true) {
            try {
                types.add(parser.type());
            } catch (UnsupportedTypeException e) {
                throw new UnsupportedTypeException(columnName.apply(types.size()) + ": " + e.getMessage());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(columnName.apply(types.size()) + ": " + e.getMessage(), e);
            }
            parser.skipWhitespace();
            if (parser.atEnd()) {
                return List.copyOf(types);
            }
            char c = parser.peek();
            if (c != ':' && c != ',') {
                throw parser.error("expected ':' between column types, found '" + c + "'");
            }
            parser.pos++;
        }
    }

    /**
     * Whether two types are the same Hive type, comparing struct field names case-insensitively as Hive does.
     */
    public static boolean sameType(DataType a, DataType b) {
        return a.equals(b) || a.typeName().equalsIgnoreCase(b.typeName());
    }

    /** A recursive-descent parser over one string; positions in messages are 1-based. */
    private static final class Parser {
        private final String text;
        private int pos;

        Parser(String text) {
            this.text = text;
        }

        DataType type() {
            skipWhitespace();
            int start = pos;
            String word = word();
            if (word.isEmpty()) {
                throw atEnd() ? error("expected a type name but the text ended") : error("expected a type name");
            }
            return switch (word.toLowerCase(Locale.ROOT)) {
                case "boolean" -> PrimitiveType.BOOLEAN;
                case "tinyint" -> PrimitiveType.TINYINT;
                case "smallint" -> PrimitiveType.SMALLINT;
                case "int", "integer" -> PrimitiveType.INT;
                case "bigint" -> PrimitiveType.BIGINT;
                case "float" -> PrimitiveType.FLOAT;
                case "double" -> {
                    skipPrecisionKeyword();
                    yield PrimitiveType.DOUBLE;
                }
                case "string" -> PrimitiveType.STRING;
                case "binary" -> PrimitiveType.BINARY;
                case "date" -> PrimitiveType.DATE;
                case "timestamp" -> timestamp(start);
                case "decimal" -> decimal(start);
                case "varchar" -> {
                    int length = singleParameter("varchar");
                    yield build(start, () -> new VarcharType(length));
                }
                case "char" -> {
                    int length = singleParameter("char");
                    yield build(start, () -> new CharType(length));
                }
                case "array" -> {
                    expect('<', "after 'array'");
                    DataType element = type();
                    expect('>', "to close array<");
                    yield new ArrayType(element);
                }
                case "map" -> map();
                case "struct" -> struct(start);
                case "uniontype", "void", "interval_year_month", "interval_day_time" -> throw unsupported(start, word);
                default -> {
                    pos = start;
                    throw error("unknown type '" + word + "'");
                }
            };
        }

        private UnsupportedTypeException unsupported(int start, String word) {
            String advice =
                    switch (word.toLowerCase(Locale.ROOT)) {
                        case "uniontype" -> "union types are not supported by hive-nosql; declare the column as one of "
                                + "the union's types (a stored value of another type is then a bad record under "
                                + "'nosql.bad-record.policy'), or as string where the store reads values as text";
                        case "void" -> "void holds no values; declare the column's real type";
                        default -> "interval types are not supported by hive-nosql; store the interval as a number "
                                + "(e.g. bigint seconds) or as a string";
                    };
            return new UnsupportedTypeException("type '" + typeTextAt(start) + "' is not supported: " + advice);
        }

        /** The type written at {@code start}, up to the end of its brackets, for messages. */
        private String typeTextAt(int start) {
            int depth = 0;
            int end = start;
            while (end < text.length()) {
                char c = text.charAt(end);
                if (c == '<' || c == '(') {
                    depth++;
                } else if (c == '>' || c == ')') {
                    if (depth == 0) {
                        break;
                    }
                    depth--;
                } else if (depth == 0 && (c == ',' || c == ':')) {
                    break;
                }
                end++;
                if (depth == 0 && (c == '>' || c == ')')) {
                    // closed the type's own brackets: a word may still follow (timestamp with local time zone)
                    break;
                }
            }
            return text.substring(start, end).trim();
        }

        private void skipPrecisionKeyword() {
            int mark = pos;
            skipWhitespace();
            if (!word().equalsIgnoreCase("precision")) {
                pos = mark;
            }
        }

        private DataType timestamp(int start) {
            int mark = pos;
            skipWhitespace();
            if (word().equalsIgnoreCase("with")) {
                throw new UnsupportedTypeException("type '" + typeTextAt(start) + "' is not supported by hive-nosql; "
                        + "declare the column as timestamp (a zone-less wall time, UTC for the stores' instants)");
            }
            pos = mark;
            return PrimitiveType.TIMESTAMP;
        }

        private DataType decimal(int start) {
            skipWhitespace();
            if (atEnd() || peek() != '(') {
                return DEFAULT_DECIMAL;
            }
            pos++;
            int precision = number("decimal precision");
            int scale = 0;
            skipWhitespace();
            if (!atEnd() && peek() == ',') {
                pos++;
                scale = number("decimal scale");
            }
            expect(')', "to close decimal(");
            int p = precision;
            int s = scale;
            return build(start, () -> new DecimalType(p, s));
        }

        private DataType map() {
            expect('<', "after 'map'");
            skipWhitespace();
            int keyStart = pos;
            DataType key = type();
            expect(',', "between the key and value types of map<");
            DataType value = type();
            expect('>', "to close map<");
            try {
                return new MapType(key, value);
            } catch (IllegalArgumentException e) {
                pos = keyStart;
                throw error(e.getMessage());
            }
        }

        private DataType struct(int start) {
            expect('<', "after 'struct'");
            List<StructType.Field> fields = new ArrayList<>();
            while (true) {
                skipWhitespace();
                String name = fieldName();
                expect(':', "after struct field name '" + name + "'");
                fields.add(new StructType.Field(name, type()));
                skipWhitespace();
                if (atEnd()) {
                    throw error("expected ',' or '>' in struct<, but the text ended");
                }
                char c = peek();
                pos++;
                if (c == '>') {
                    break;
                }
                if (c != ',') {
                    pos--;
                    throw error("expected ',' or '>' in struct<, found '" + c + "'");
                }
            }
            return build(start, () -> new StructType(fields));
        }

        private String fieldName() {
            if (!atEnd() && peek() == '`') {
                int open = pos;
                StringBuilder name = new StringBuilder();
                pos++;
                while (true) {
                    if (atEnd()) {
                        pos = open;
                        throw error("unclosed '`' in struct field name");
                    }
                    char c = text.charAt(pos++);
                    if (c == '`') {
                        if (!atEnd() && peek() == '`') {
                            name.append('`');
                            pos++;
                        } else {
                            break;
                        }
                    } else {
                        name.append(c);
                    }
                }
                if (name.length() == 0) {
                    pos = open;
                    throw error("empty struct field name");
                }
                return name.toString();
            }
            String name = word();
            if (name.isEmpty()) {
                throw atEnd()
                        ? error("expected a struct field name but the text ended")
                        : error("expected a struct field name");
            }
            return name;
        }

        private int singleParameter(String typeName) {
            expect('(', "after '" + typeName + "' (" + typeName + " needs a length, e.g. " + typeName + "(10))");
            int value = number(typeName + " length");
            expect(')', "to close " + typeName + "(");
            return value;
        }

        private int number(String what) {
            skipWhitespace();
            int start = pos;
            long value = 0;
            while (!atEnd() && peek() >= '0' && peek() <= '9') {
                value = Math.min(value * 10 + (peek() - '0'), Integer.MAX_VALUE);
                pos++;
            }
            if (pos == start) {
                throw error("expected the " + what + " as a number");
            }
            return (int) value;
        }

        private DataType build(int start, Supplier<DataType> constructor) {
            try {
                return constructor.get();
            } catch (IllegalArgumentException e) {
                pos = start;
                throw error(e.getMessage());
            }
        }

        private void expect(char expected, String context) {
            skipWhitespace();
            if (atEnd()) {
                throw error("expected '" + expected + "' " + context + ", but the text ended");
            }
            if (peek() != expected) {
                throw error("expected '" + expected + "' " + context + ", found '" + peek() + "'");
            }
            pos++;
        }

        /** Identifier characters as Hive's type tokenizer knows them. */
        private String word() {
            int start = pos;
            while (!atEnd()) {
                char c = peek();
                if (Character.isLetterOrDigit(c) || c == '_' || c == '$' || c == '.') {
                    pos++;
                } else {
                    break;
                }
            }
            return text.substring(start, pos);
        }

        void skipWhitespace() {
            while (!atEnd() && Character.isWhitespace(peek())) {
                pos++;
            }
        }

        boolean atEnd() {
            return pos >= text.length();
        }

        char peek() {
            return text.charAt(pos);
        }

        IllegalArgumentException error(String reason) {
            return new IllegalArgumentException(
                    "cannot parse Hive type '" + text + "' at position " + (pos + 1) + ": " + reason);
        }
    }
}
