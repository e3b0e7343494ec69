package io.hivenosql.json;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.types.JsonTemporalFormat;

/**
 * The table properties of JSON tables ({@link JsonSerDe}), declared once; SERDEPROPERTIES or TBLPROPERTIES. The shared
 * {@code nosql.mapping.url} and {@code nosql.bad-record.policy} apply too.
 */
public enum JsonTableProperties implements TableProperty {
    COLUMNS_MAPPING(
            "json.columns.mapping",
            nonEmptyString(),
            null,
            "Inline column mapping: a JSON object of Hive column to JSON path, dots separating nested objects, e.g. "
                    + "{\"city\":\"address.city\",\"id\":\"_id\"}; a column not named there reads the field of its own "
                    + "name."),
    CASE_INSENSITIVE(
            "json.case-insensitive",
            bool(),
            "true",
            "Match JSON field names to mapped paths and struct fields regardless of case (Hive lower-cases column and "
                    + "struct field names); false: match exactly."),
    TIMESTAMP_FORMAT(
            "json.timestamp.format",
            PropertyType.custom(JsonTemporalFormat.TIMESTAMP_FORMATS, JsonTemporalFormat::timestamp),
            "iso",
            "How timestamps are written: iso (2024-05-01T10:15:30.5), iso-utc (with a Z), epoch-millis, epoch-seconds "
                    + "(numbers, with a fraction when the value has one) or a java.time pattern such as "
                    + "yyyy/MM/dd HH:mm:ss.SSS. Reading also accepts ISO-8601 with Z or an offset (converted to UTC) "
                    + "and epoch numbers."),
    DATE_FORMAT(
            "json.date.format",
            PropertyType.custom(JsonTemporalFormat.DATE_FORMATS, JsonTemporalFormat::date),
            "iso",
            "How dates are written: iso (2024-05-01), epoch-days, or a java.time pattern such as dd.MM.yyyy. Reading "
                    + "also accepts ISO-8601 and epoch days."),
    WRITE_NULLS(
            "json.write.nulls",
            bool(),
            "false",
            "false: a NULL column is left out of the object (a missing field reads as NULL); true: it is written as "
                    + "JSON null.");

    private final PropertySpec spec;

    JsonTableProperties(String key, PropertyType<?> type, String defaultValue, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, false, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
