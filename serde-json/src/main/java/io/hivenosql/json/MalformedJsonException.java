package io.hivenosql.json;

import static java.util.Objects.requireNonNull;

/**
 * A line (or Redis value) that is not one JSON object: not JSON at all, truncated, an array or a scalar, text after the
 * object, or empty. The message says what is wrong and where ({@code at character 17}); the caller adds table, file
 * and line.
 */
public final class MalformedJsonException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final long character;

    MalformedJsonException(String reason, long character, Throwable cause) {
        super(
                "malformed JSON" + (character > 0 ? " at character " + character : "") + ": "
                        + requireNonNull(reason, "reason is null"),
                cause);
        this.character = character;
    }

    /** The 1-based character position of the problem within the text, or 0 when unknown. */
    public long character() {
        return character;
    }
}
