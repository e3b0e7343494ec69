package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses the raw CQL fragments of {@code cassandra.replication} and {@code cassandra.table.options} strictly and
 * renders them again from what was parsed, so that nothing but literals and option names reaches a statement: a
 * {@code ;}, a comment, a keyword or a nested statement is rejected, never spliced.
 *
 * <p>Grammar: a value is a string ({@code 'text'}, {@code ''} for a quote), a number ({@code -12}, {@code 0.01},
 * {@code 1e-3}), {@code true} / {@code false}, or (for options only) a map {@code {'key': value, ...}} of such scalars;
 * replication is one map of string keys to strings or numbers; table options are {@code name = value [AND name = value
 * ...]}.
 */
final class CqlOptions {
    private CqlOptions() {}

    /**
     * The replication map, normalized, e.g. {@code {'class': 'SimpleStrategy', 'replication_factor': 1}}.
     *
     * @throws IllegalArgumentException saying what is wrong and where
     */
    static String replication(String text) {
        Tokens tokens = new Tokens(text);
        Map<String, String> map = tokens.map(false);
        tokens.expectEnd();
        if (map.keySet().stream().noneMatch(key -> key.equals("'class'"))) {
            throw new IllegalArgumentException("the replication map has no 'class' entry");
        }
        return render(map);
    }

    /**
     * The table options, normalized, e.g. {@code gc_grace_seconds = 3600 AND comment = 'orders'}.
     *
     * @throws IllegalArgumentException saying what is wrong and where
     */
    static String tableOptions(String text) {
        Tokens tokens = new Tokens(text);
        List<String> options = new ArrayList<>();
        List<String> names = new ArrayList<>();
        do {
            Token name = tokens.next("an option name");
            if (name.kind() != Kind.WORD) {
                throw tokens.error(name, "expected an option name");
            }
            String lower = name.text().toLowerCase(Locale.ROOT);
            if (lower.equals("clustering")) {
                throw tokens.error(
                        name,
                        "CLUSTERING ORDER BY is not a table option here; set "
                                + CassandraTableProperties.CLUSTERING_ORDER.key() + " instead");
            }
            if (names.contains(lower)) {
                throw tokens.error(name, "option '" + lower + "' is given twice");
            }
            names.add(lower);
            tokens.expectSymbol("=");
            options.add(lower + " = " + tokens.value(true));
        } while (tokens.acceptWord("and"));
        tokens.expectEnd();
        return String.join(" AND ", options);
    }

    private static String render(Map<String, String> map) {
        StringBuilder out = new StringBuilder("{");
        map.forEach((key, value) -> {
            if (out.length() > 1) {
                out.append(", ");
            }
            out.append(key).append(": ").append(value);
        });
        return out.append('}').toString();
    }

    private enum Kind {
        STRING,
        NUMBER,
        WORD,
        SYMBOL
    }

    /** {@code text} is the token as rendered (strings re-quoted); {@code position} is 1-based, for messages. */
    private record Token(Kind kind, String text, int position) {}

    private static final class Tokens {
        private final List<Token> tokens = new ArrayList<>();
        private int next;

        Tokens(String text) {
            requireNonNull(text, "text is null");
            int pos = 0;
            while (pos < text.length()) {
                char c = text.charAt(pos);
                if (Character.isWhitespace(c)) {
                    pos++;
                } else if (c == '\'') {
                    pos = string(text, pos);
                } else if (c == '-' || Character.isDigit(c)) {
                    pos = number(text, pos);
                } else if (Character.isLetter(c) || c == '_') {
                    int end = pos;
                    while (end < text.length() && isWordChar(text.charAt(end))) {
                        end++;
                    }
                    tokens.add(new Token(Kind.WORD, text.substring(pos, end), pos + 1));
                    pos = end;
                } else if ("{}:,=()".indexOf(c) >= 0) {
                    // parentheses are never valid, but as tokens they let the parser say why (e.g. CLUSTERING ORDER)
                    tokens.add(new Token(Kind.SYMBOL, String.valueOf(c), pos + 1));
                    pos++;
                } else {
                    throw new IllegalArgumentException("unexpected '" + c + "' at position " + (pos + 1)
                            + " (only literals, option names, '{', '}', ':', ',', '=' and AND are allowed)");
                }
            }
        }

        private int string(String text, int start) {
            StringBuilder value = new StringBuilder();
            int pos = start + 1;
            while (true) {
                if (pos >= text.length()) {
                    throw new IllegalArgumentException("unterminated string starting at position " + (start + 1));
                }
                char c = text.charAt(pos);
                if (c == '\'') {
                    if (pos + 1 < text.length() && text.charAt(pos + 1) == '\'') {
                        value.append('\'');
                        pos += 2;
                        continue;
                    }
                    break;
                }
                if (Character.isISOControl(c)) {
                    throw new IllegalArgumentException(
                            "control character in the string starting at position " + (start + 1));
                }
                value.append(c);
                pos++;
            }
            tokens.add(new Token(Kind.STRING, "'" + value.toString().replace("'", "''") + "'", start + 1));
            return pos + 1;
        }

        private int number(String text, int start) {
            int end = start;
            while (end < text.length() && (isWordChar(text.charAt(end)) || ".-+".indexOf(text.charAt(end)) >= 0)) {
                end++;
            }
            String number = text.substring(start, end);
            if (!number.matches("-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")) {
                throw new IllegalArgumentException("'" + number + "' at position " + (start + 1) + " is not a number");
            }
            tokens.add(new Token(Kind.NUMBER, number, start + 1));
            return end;
        }

        private static boolean isWordChar(char c) {
            return Character.isLetterOrDigit(c) || c == '_';
        }

        Token next(String expected) {
            if (next >= tokens.size()) {
                throw new IllegalArgumentException("expected " + expected + " at the end");
            }
            return tokens.get(next++);
        }

        boolean acceptWord(String word) {
            if (next < tokens.size()
                    && tokens.get(next).kind() == Kind.WORD
                    && tokens.get(next).text().equalsIgnoreCase(word)) {
                next++;
                return true;
            }
            return false;
        }

        void expectSymbol(String symbol) {
            Token token = next("'" + symbol + "'");
            if (token.kind() != Kind.SYMBOL || !token.text().equals(symbol)) {
                throw error(token, "expected '" + symbol + "'");
            }
        }

        void expectEnd() {
            if (next < tokens.size()) {
                throw error(tokens.get(next), "expected the end");
            }
        }

        /** A map literal; keys are strings, values scalars (booleans only when {@code booleans}). */
        Map<String, String> map(boolean booleans) {
            expectSymbol("{");
            Map<String, String> map = new LinkedHashMap<>();
            Token first = peek();
            if (first != null && first.kind() == Kind.SYMBOL && first.text().equals("}")) {
                next++;
                return map;
            }
            while (true) {
                Token key = next("a quoted key");
                if (key.kind() != Kind.STRING) {
                    throw error(key, "expected a quoted key such as 'class'");
                }
                expectSymbol(":");
                String value = scalar(next("a value"), booleans);
                if (map.put(key.text(), value) != null) {
                    throw error(key, "key " + key.text() + " is given twice");
                }
                Token separator = next("',' or '}'");
                if (separator.kind() == Kind.SYMBOL && separator.text().equals("}")) {
                    return map;
                }
                if (separator.kind() != Kind.SYMBOL || !separator.text().equals(",")) {
                    throw error(separator, "expected ',' or '}'");
                }
            }
        }

        /** An option value: a scalar or a map. */
        String value(boolean booleans) {
            Token token = peek();
            if (token != null && token.kind() == Kind.SYMBOL && token.text().equals("{")) {
                return render(map(booleans));
            }
            return scalar(next("a value"), booleans);
        }

        private String scalar(Token token, boolean booleans) {
            return switch (token.kind()) {
                case STRING, NUMBER -> token.text();
                case WORD -> {
                    String lower = token.text().toLowerCase(Locale.ROOT);
                    if (booleans && (lower.equals("true") || lower.equals("false"))) {
                        yield lower;
                    }
                    throw error(token, "expected a quoted string or a number" + (booleans ? " or true/false" : ""));
                }
                case SYMBOL -> throw error(
                        token, "expected a quoted string or a number" + (booleans ? ", true/false or a map" : ""));
            };
        }

        private Token peek() {
            return next < tokens.size() ? tokens.get(next) : null;
        }

        IllegalArgumentException error(Token token, String message) {
            return new IllegalArgumentException(
                    message + ", found '" + token.text() + "' at position " + token.position());
        }
    }
}
