package io.hivenosql.api.hive;

import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;

/** The table properties of {@link TestingNoSqlConnector}. */
enum TestingTableProperties implements TableProperty {
    DATASET("testing.dataset", nonEmptyString(), null, true, "The in-memory dataset holding the table's records."),
    SPLITS("testing.splits", integer(1, 16), "2", false, "How many splits a scan has."),
    PASSWORD_ALIAS("testing.password.alias", nonEmptyString(), null, false, "Alias of the password."),
    COLUMNS_MAPPING("testing.columns.mapping", nonEmptyString(), null, false, "Inline column mapping.");

    private final String key;
    private final PropertyType<?> type;
    private final String defaultValue;
    private final boolean required;
    private final String doc;

    TestingTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.key = key;
        this.type = type;
        this.defaultValue = defaultValue;
        this.required = required;
        this.doc = doc;
    }

    @Override
    public String key() {
        return key;
    }

    @Override
    public PropertyType<?> type() {
        return type;
    }

    @Override
    public String defaultValue() {
        return defaultValue;
    }

    @Override
    public boolean required() {
        return required;
    }

    @Override
    public String doc() {
        return doc;
    }
}
