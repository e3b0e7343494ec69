package io.hivenosql.api.spi;

import static java.util.Objects.requireNonNull;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One object of a store that a table can name (a CQL table, a collection, a Redis key prefix), as {@link
 * NoSqlConnector#listObjects} finds it: {@code bin/hive-nosql map} infers each one's columns and writes a table for it.
 *
 * @param name the object's name in the store, as the store spells it (e.g. {@code userEvents}): the Hive table name
 *     is made from it
 * @param properties the table properties of a table over this object: those of the scope it was listed in, plus what
 *     names the object (e.g. {@code cassandra.table} = {@code "userEvents"}, quoted as CQL needs it)
 */
public record StoreObject(String name, Map<String, String> properties) {
    public StoreObject {
        requireNonNull(name, "name is null");
        properties = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(properties, "properties is null")));
        if (name.isEmpty()) {
            throw new IllegalArgumentException("a store object needs a name");
        }
    }
}
