package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableModel;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The table handles of this JVM, keyed by exactly what the storage handler put into the job configuration (the table's
 * name, resolved mapping and properties; for a table opened from its properties, the same as values), so that a task binds its table once, not once per split, and a container
 * that runs several tasks of a query binds it once for all of them. A handle is a pure function of that text: an
 * ALTER TABLE, a new mapping file or another sample of field spellings gives another key, never a stale handle.
 */
final class BoundTables {
    /** Tables a JVM works on at once; a Tez container runs one task at a time, HiveServer2 plans a query's few. */
    private static final int MAX_ENTRIES = 32;

    private static final BoundTables SHARED = new BoundTables();

    private final Map<Key, TableHandle> handles = new LinkedHashMap<>(16, 0.75f, true);

    static BoundTables shared() {
        return SHARED;
    }

    /**
     * The handle bound from this text, binding it with {@code bind} the first time.
     *
     * @param properties the serialized table properties; null (an old job configuration that lacks them): the handle is
     *     bound afresh and not kept
     */
    TableHandle get(TableModel model, String tableName, String mapping, String properties, Supplier<TableHandle> bind) {
        if (properties == null) {
            return bind.get();
        }
        return get(new Key(model.getClass().getName(), tableName, mapping, properties), bind);
    }

    /**
     * The handle bound from these values, binding it with {@code bind} the first time: for tables opened from their
     * properties, whose mapping and properties are at hand as values, so that nothing is serialized only to look the
     * handle up.
     *
     * @param properties the table's own {@code <store>.*} and {@code nosql.*} properties
     */
    TableHandle get(
            TableModel model,
            String tableName,
            TableMapping mapping,
            Map<String, String> properties,
            Supplier<TableHandle> bind) {
        return get(new Key(model.getClass().getName(), tableName, mapping, new HashMap<>(properties)), bind);
    }

    private TableHandle get(Key key, Supplier<TableHandle> bind) {
        synchronized (handles) {
            TableHandle handle = handles.get(key);
            if (handle != null) {
                return handle;
            }
        }
        // bound outside the lock: binding may read a mapping's types at length, and two threads binding the same table
        // at once both get a correct (equal) handle
        TableHandle handle = bind.get();
        synchronized (handles) {
            handles.putIfAbsent(key, handle);
            while (handles.size() > MAX_ENTRIES) {
                handles.remove(handles.keySet().iterator().next());
            }
        }
        return handle;
    }

    /** Forgets every handle (tests). */
    void clear() {
        synchronized (handles) {
            handles.clear();
        }
    }

    int size() {
        synchronized (handles) {
            return handles.size();
        }
    }

    /**
     * A table's identity: its model and name, and its mapping and properties, either as the text the job configuration
     * carries or as the values a table opened from its properties has (a {@link TableMapping} and a map).
     */
    private record Key(String model, String tableName, Object mapping, Object properties) {
        Key {
            requireNonNull(model, "model is null");
            requireNonNull(tableName, "tableName is null");
            requireNonNull(mapping, "mapping is null");
            requireNonNull(properties, "properties is null");
        }
    }
}
