package io.hivenosql.compat.driver;

import java.util.ArrayList;
import java.util.List;

/**
 * A HiveQL script's statements: split at each {@code ;} outside quotes ({@code '}, {@code "}, {@code `}) and {@code --}
 * comments, which are dropped; blank statements are left out.
 */
final class Statements {
    private Statements() {}

    static List<String> split(String script) {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        char quote = 0;
        for (int i = 0; i < script.length(); i++) {
            char c = script.charAt(i);
            if (quote != 0) {
                current.append(c);
                if (c == '\\' && quote != '`' && i + 1 < script.length()) {
                    current.append(script.charAt(++i));
                } else if (c == quote) {
                    quote = 0;
                }
            } else if (c == '-' && i + 1 < script.length() && script.charAt(i + 1) == '-') {
                while (i + 1 < script.length() && script.charAt(i + 1) != '\n') {
                    i++;
                }
            } else if (c == ';') {
                add(statements, current);
            } else {
                if (c == '\'' || c == '"' || c == '`') {
                    quote = c;
                }
                current.append(c);
            }
        }
        add(statements, current);
        return statements;
    }

    private static void add(List<String> statements, StringBuilder current) {
        String statement = current.toString().strip();
        if (!statement.isEmpty()) {
            statements.add(statement);
        }
        current.setLength(0);
    }
}
