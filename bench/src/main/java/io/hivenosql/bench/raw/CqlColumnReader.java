package io.hivenosql.bench.raw;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Reads every column of a driver row with the typed getter of its CQL type ({@code getLong} for bigint,
 * {@code getBigDecimal} for decimal, {@code getLocalDate} for date, ...), as a hand-written client does, and
 * {@code getObject} for a type without one here. The getters are chosen once from the result's column definitions.
 */
final class CqlColumnReader {
    /** The native protocol's type codes and the row getter of each. */
    private static final Map<Integer, String> GETTERS = Map.ofEntries(
            Map.entry(0x0001, "getString"), // ascii
            Map.entry(0x0002, "getLong"), // bigint
            Map.entry(0x0004, "getBoolean"),
            Map.entry(0x0006, "getBigDecimal"), // decimal
            Map.entry(0x0007, "getDouble"),
            Map.entry(0x0008, "getFloat"),
            Map.entry(0x0009, "getInt"),
            Map.entry(0x000B, "getInstant"), // timestamp
            Map.entry(0x000D, "getString"), // text / varchar
            Map.entry(0x0011, "getLocalDate"), // date
            Map.entry(0x0013, "getShort"), // smallint
            Map.entry(0x0014, "getByte")); // tinyint

    private final Method[] getters;

    private CqlColumnReader(Method[] getters) {
        this.getters = getters;
    }

    /** The getters of a result's columns ({@code ColumnDefinitions}, e.g. a prepared statement's result set's). */
    static CqlColumnReader of(HandlerJarCqlSession session, Object columnDefinitions)
            throws ReflectiveOperationException {
        Class<?> row = session.driverClass("data.GettableByIndex");
        Method type = session.driverClass("cql.ColumnDefinition").getMethod("getType");
        Method protocolCode = session.driverClass("type.DataType").getMethod("getProtocolCode");
        List<Method> getters = new ArrayList<>();
        for (Object column : (Iterable<?>) columnDefinitions) {
            int code = (int) protocolCode.invoke(type.invoke(column));
            String getter = GETTERS.get(code);
            getters.add(getter == null ? row.getMethod("getObject", int.class) : row.getMethod(getter, int.class));
        }
        if (getters.isEmpty()) {
            throw new IllegalArgumentException("the result has no columns");
        }
        return new CqlColumnReader(getters.toArray(Method[]::new));
    }

    /** Decodes every column of {@code row} into the tally, then counts the row. */
    void readRow(Object row, ValueTally tally) throws ReflectiveOperationException {
        for (int i = 0; i < getters.length; i++) {
            tally.value(getters[i].invoke(row, i));
        }
        tally.row();
    }
}
