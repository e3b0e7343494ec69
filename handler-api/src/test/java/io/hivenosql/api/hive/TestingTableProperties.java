package io.hivenosql.api.hive;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableProperty;

/** The table properties of {@link TestingNoSqlConnector}. */
enum TestingTableProperties implements TableProperty {
    DATASET("testing.dataset", nonEmptyString(), null, true, "The in-memory dataset holding the table's records."),
    SPLITS("testing.splits", integer(1, 16), "2", false, "How many splits a scan has."),
    COUNTS("testing.counts", bool(), "true", false, "Whether the store counts the records of a split."),
    PASSWORD_ALIAS("testing.password.alias", nonEmptyString(), null, false, "Alias of the password."),
    COLUMNS_MAPPING("testing.columns.mapping", nonEmptyString(), null, false, "Inline column mapping.");

    private final PropertySpec spec;

    TestingTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
