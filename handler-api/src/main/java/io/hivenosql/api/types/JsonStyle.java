package io.hivenosql.api.types;

import static java.util.Objects.requireNonNull;

/**
 * The choices a table makes about its JSON: how timestamps and dates look, and whether object fields match struct
 * fields and mapped paths case-insensitively. {@link #CANONICAL} is what every store uses for complex values in text
 * form: ISO-8601 and case-insensitive matching.
 *
 * @param timestamps the format of timestamp values
 * @param dates the format of date values
 * @param caseInsensitive whether field names match regardless of case
 */
public record JsonStyle(JsonTemporalFormat timestamps, JsonTemporalFormat dates, boolean caseInsensitive) {
    public static final JsonStyle CANONICAL = new JsonStyle(JsonTemporalFormat.ISO, JsonTemporalFormat.ISO, true);

    public JsonStyle {
        requireNonNull(timestamps, "timestamps is null");
        requireNonNull(dates, "dates is null");
    }
}
