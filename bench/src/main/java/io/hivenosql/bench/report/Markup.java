package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * Writes XHTML-compatible markup (which is also valid HTML 5 and SVG): every text and attribute value escaped, every
 * element closed in order (a mismatched close is a bug, so it throws), so the report parses as XML.
 */
final class Markup {
    private final StringBuilder out = new StringBuilder();
    private final Deque<String> open = new ArrayDeque<>();

    /** {@code <tag a="v" ...>}; {@code attributes} are name, value pairs (a null value leaves the name out). */
    Markup open(String tag, String... attributes) {
        start(tag, attributes);
        out.append('>');
        open.push(tag);
        return this;
    }

    Markup close(String tag) {
        String expected = open.poll();
        if (!tag.equals(expected)) {
            throw new IllegalStateException("closing <" + tag + "> but the open element is <" + expected + ">");
        }
        out.append("</").append(tag).append('>');
        return this;
    }

    /** {@code <tag a="v" .../>}. */
    Markup empty(String tag, String... attributes) {
        start(tag, attributes);
        out.append("/>");
        return this;
    }

    /** {@code <tag a="v" ...>text</tag>}. */
    Markup element(String tag, String text, String... attributes) {
        return open(tag, attributes).text(text).close(tag);
    }

    Markup text(String text) {
        out.append(escape(text));
        return this;
    }

    /**
     * Text written as is, for the content of {@code <style>} (which HTML does not unescape); it must not contain
     * {@code <} or {@code &}, so it reads the same as XML.
     */
    Markup verbatim(String text) {
        if (text.indexOf('<') >= 0 || text.indexOf('&') >= 0 || text.contains("]]>")) {
            throw new IllegalArgumentException("verbatim text contains '<', '&' or ']]>'");
        }
        out.append(text);
        return this;
    }

    /** Markup built by another {@code Markup} (complete, so still balanced). */
    Markup append(Markup other) {
        out.append(other.toString());
        return this;
    }

    Markup newline() {
        out.append('\n');
        return this;
    }

    /** The markup; throws if an element is still open. */
    @Override
    public String toString() {
        if (!open.isEmpty()) {
            throw new IllegalStateException("unclosed elements: " + open);
        }
        return out.toString();
    }

    private void start(String tag, String... attributes) {
        requireNonNull(tag, "tag is null");
        if (attributes.length % 2 != 0) {
            throw new IllegalArgumentException("attributes of <" + tag + "> are not name, value pairs");
        }
        out.append('<').append(tag);
        for (int i = 0; i < attributes.length; i += 2) {
            if (attributes[i + 1] != null) {
                out.append(' ')
                        .append(attributes[i])
                        .append("=\"")
                        .append(escape(attributes[i + 1]))
                        .append('"');
            }
        }
    }

    /** A coordinate for SVG: one decimal, a dot, no grouping. */
    static String coordinate(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }

    /**
     * Escapes text for XML and HTML alike: {@code & < > " '}, and replaces characters XML 1.0 forbids (most control
     * characters) with U+FFFD so any measured text (an error message, a difference) keeps the page well-formed.
     */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(allowedInXml(c) ? c : '\ufffd');
            }
        }
        return escaped.toString();
    }

    private static boolean allowedInXml(char c) {
        if (c < 0x20) {
            return c == '\t' || c == '\n' || c == '\r';
        }
        return c != 0xfffe && c != 0xffff;
    }
}
