package io.hivenosql.api.config;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.enumOf;
import static io.hivenosql.api.config.PropertyType.hostList;
import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;
import static io.hivenosql.api.config.PropertyType.string;

/** A store's property declarations, as a handler would write them. */
enum TestingTableProperties implements TableProperty {
    HOSTS("teststore.hosts", hostList(6379), null, true, "The servers."),
    DATABASE("teststore.database", nonEmptyString(), null, true, "The database."),
    BATCH_SIZE("teststore.batch.size", integer(1, 10_000), "500", false, "Rows per write batch."),
    KEY_PREFIX("teststore.key.prefix", string(), "", false, "Prefix of every key."),
    READ_ONLY("teststore.read-only", bool(), "false", false, "Refuse writes."),
    POLICY("teststore.bad-record.policy", enumOf(BadRecordPolicy.class), "fail", false, "Bad records.");

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
