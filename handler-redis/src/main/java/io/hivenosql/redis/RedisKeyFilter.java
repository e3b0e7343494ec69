package io.hivenosql.redis;

import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import java.util.LinkedHashSet;
import java.util.Set;

/**
 * Key pushdown: {@code key = v}, {@code key IN (...)}, and AND / OR trees of those on the key column, turned into a
 * set of keys read by direct lookups. Nothing else is accepted (it stays in Hive).
 *
 * <p>Lookups find a row when its key is the canonical text of the value, which is what this handler writes; a key
 * written by another client in a non-canonical form (e.g. {@code 007} for the int 7) is found by a scan but not by a
 * lookup. Float and double keys are never pushed: their text is not unique ({@code 0.0} and {@code -0.0} are equal in
 * Hive).
 */
final class RedisKeyFilter {
    private RedisKeyFilter() {}

    static boolean canPush(Filter filter, RedisTable table) {
        DataType keyType = table.keyType();
        if (keyType == PrimitiveType.FLOAT || keyType == PrimitiveType.DOUBLE) {
            return false;
        }
        return accepts(filter, table);
    }

    private static boolean accepts(Filter filter, RedisTable table) {
        if (filter instanceof Filter.Compare compare) {
            return compare.op() == CompareOp.EQ && isKey(compare.column(), table) && encodes(compare.value(), table);
        }
        if (filter instanceof Filter.In in) {
            return isKey(in.column(), table) && in.values().stream().allMatch(v -> encodes(v, table));
        }
        if (filter instanceof Filter.And and) {
            return and.children().stream().allMatch(child -> accepts(child, table));
        }
        if (filter instanceof Filter.Or or) {
            return or.children().stream().allMatch(child -> accepts(child, table));
        }
        return false;
    }

    private static boolean isKey(String column, RedisTable table) {
        return column.equalsIgnoreCase(table.keyColumnName());
    }

    private static boolean encodes(Object value, RedisTable table) {
        try {
            table.key(value);
            return true;
        } catch (IllegalArgumentException | ValueConversionException e) {
            return false;
        }
    }

    /**
     * The keys a pushed filter selects: EQ gives its value's key, IN the keys of its values, OR the union and AND the
     * intersection of its children's keys.
     *
     * @throws IllegalArgumentException for a filter {@link #canPush} does not accept
     */
    static Set<ByteKey> keys(Filter filter, RedisTable table) {
        Set<ByteKey> keys = new LinkedHashSet<>();
        if (filter instanceof Filter.Compare compare && compare.op() == CompareOp.EQ) {
            keys.add(new ByteKey(table.key(compare.value())));
        } else if (filter instanceof Filter.In in) {
            in.values().forEach(v -> keys.add(new ByteKey(table.key(v))));
        } else if (filter instanceof Filter.Or or) {
            or.children().forEach(child -> keys.addAll(keys(child, table)));
        } else if (filter instanceof Filter.And and) {
            keys.addAll(keys(and.children().get(0), table));
            for (Filter child : and.children().subList(1, and.children().size())) {
                keys.retainAll(keys(child, table));
            }
        } else {
            throw new IllegalArgumentException("filter " + filter + " of table " + table.name()
                    + " is not a key filter the Redis handler accepts");
        }
        return keys;
    }
}
