package io.hivenosql.cassandra;

import static java.util.Objects.requireNonNull;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What a pushed filter becomes in CQL ({@link CassandraPredicateTranslator#restrictions}).
 *
 * @param partitionValues when the partition key is restricted: per partition key column (in key order) its distinct
 *     driver values; empty for a token scan
 * @param restrictions the other restrictions
 * @param allowFiltering whether the statement needs {@code ALLOW FILTERING}
 * @param noRows whether a pushed equality matches no row (a non-canonical uuid or inet text): nothing is read
 */
record CqlRestrictions(
        Optional<List<List<Object>>> partitionValues,
        List<CqlRestrictions.Restriction> restrictions,
        boolean allowFiltering,
        boolean noRows) {
    static final CqlRestrictions NONE = new CqlRestrictions(Optional.empty(), List.of(), false, false);

    /** The CQL restrictions of a filter, one bind marker each, in the order they appear in the statement. */
    record Restriction(String cql, Object value) {
        Restriction {
            requireNonNull(cql, "cql is null");
            requireNonNull(value, "value is null");
        }
    }

    CqlRestrictions {
        requireNonNull(partitionValues, "partitionValues is null");
        partitionValues = partitionValues.map(List::copyOf);
        restrictions = List.copyOf(requireNonNull(restrictions, "restrictions is null"));
    }

    /** The partition keys selected: the product of {@link #partitionValues}, in order. */
    List<List<Object>> partitions() {
        List<List<Object>> keys = new ArrayList<>();
        keys.add(List.of());
        for (List<Object> values : partitionValues.orElseThrow()) {
            List<List<Object>> next = new ArrayList<>(keys.size() * values.size());
            for (List<Object> prefix : keys) {
                for (Object value : values) {
                    List<Object> key = new ArrayList<>(prefix);
                    key.add(value);
                    next.add(key);
                }
            }
            keys = next;
        }
        return keys;
    }

    /** The WHERE clause after the partition key or token restriction: {@code " AND c > ?..."}. */
    String cqlSuffix() {
        StringBuilder text = new StringBuilder();
        restrictions.forEach(r -> text.append(" AND ").append(r.cql()));
        return text.toString();
    }
}
