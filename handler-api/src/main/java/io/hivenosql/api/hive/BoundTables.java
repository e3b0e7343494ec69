package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.spi.TableModel;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The table handles of this JVM, keyed by exactly what the storage handler put into the job configuration (the table's
 * name, resolved mapping and properties), so that a task binds its table once, not once per split, and a container
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
        Key key = new Key(model.getClass().getName(), tableName, mapping, properties);
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

    private record Key(String model, String tableName, String mapping, String properties) {
        Key {
            requireNonNull(model, "model is null");
            requireNonNull(tableName, "tableName is null");
            requireNonNull(mapping, "mapping is null");
            requireNonNull(properties, "properties is null");
        }
    }
}
