package io.hivenosql.api.config;

import static java.util.Objects.requireNonNull;

/**
 * Masks user information in text that may carry host lists or connection strings (driver messages, log lines): every
 * {@code user@} or {@code user:password@} in front of a host becomes {@code ***@}. Host properties refuse user
 * information in the first place ({@link HostAndPort#parse}); this is the second line for text the handlers do not
 * write themselves.
 */
public final class UserInfo {
    private static final String MASK = "***";

    private UserInfo() {}

    /** {@code text} with the user information before each {@code @} replaced by {@code ***}; null stays null. */
    public static String mask(String text) {
        if (text == null || text.indexOf('@') < 0) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int copied = 0;
        int maskedUpTo = -1;
        for (int at = text.indexOf('@'); at >= 0; at = text.indexOf('@', at + 1)) {
            int start = at;
            while (start > copied && !isBoundary(text, start - 1)) {
                start--;
            }
            if (start == copied && copied == maskedUpTo) {
                copied = at; // a password with '@' in it: the mask before grows over it
                maskedUpTo = at;
            } else if (start < at) {
                out.append(text, copied, start).append(MASK);
                copied = at;
                maskedUpTo = at;
            }
        }
        return out.append(text, copied, text.length()).toString();
    }

    /** Whether the character at {@code index} ends what comes before a user name: a separator or a scheme's "//". */
    private static boolean isBoundary(String text, int index) {
        char c = requireNonNull(text, "text is null").charAt(index);
        return Character.isWhitespace(c)
                || c == ','
                || c == ';'
                || c == '\''
                || c == '"'
                || c == '('
                || c == '['
                || c == '='
                || c == '<'
                || (c == '/' && index > 0 && text.charAt(index - 1) == '/');
    }
}
