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

    private final PropertySpec spec;

    TestingTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
