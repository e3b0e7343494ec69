package io.hivenosql.api.predicate;

import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToLongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The key lists of a scan's filter that Hive does not rely on the store for: {@code key IN (...)} conjuncts on a column
 * the store reads by key ({@link FilterCapabilities#keyedReads}) that were not pushed at plan time. At run time Tez's
 * dynamic partition pruning adds the join keys of a filtered table to the scan's filter as such a list (runtime
 * join-key pushdown); Hive still joins, so the list may be left out without losing a row. Pure.
 *
 * <ul>
 *   <li>A list longer than the table's {@code nosql.read.runtime-keys.max} is left out: the table is scanned, as
 *       keyed reads of that many keys would cost more than the scan.
 *   <li>A list that would make the store drop a conjunct it promised at plan time (Cassandra chooses other
 *       restrictions once the partition key is restricted) is left out too: the scan then enforces what Hive no
 *       longer applies.
 * </ul>
 */
final class RuntimeKeys {
    private static final Logger LOG = LoggerFactory.getLogger(RuntimeKeys.class);

    private RuntimeKeys() {}

    /**
     * The translated conjuncts (null where one does not translate) with every unpromised key list longer than the
     * {@code limit} of its column replaced by null, logging each one left out. A column's limit is asked for only when
     * it has such a list, once.
     */
    static List<Filter> withinLimit(
            String tableName,
            List<Filter> translated,
            List<Boolean> promised,
            FilterCapabilities capabilities,
            ToLongFunction<String> limit) {
        List<Filter> result = new ArrayList<>(translated);
        Map<String, Long> limits = new HashMap<>();
        for (int i = 0; i < result.size(); i++) {
            if (!isUnpromisedKeyList(result.get(i), promised.get(i), capabilities)) {
                continue;
            }
            Filter.In in = (Filter.In) result.get(i);
            long max = limits.computeIfAbsent(in.column(), limit::applyAsLong);
            if (in.values().size() > max) {
                LOG.info(
                        "table {}: the scan filter lists {} keys of column {} (the join keys of a filtered table, "
                                + "pushed at run time), more than the {} that read faster by key than a scan "
                                + "(nosql.read.runtime-keys.max): scanning the table instead; Hive joins as usual",
                        tableName,
                        in.values().size(),
                        in.column(),
                        max);
                result.set(i, null);
            }
        }
        return result;
    }

    /** Whether any conjunct is an unpromised key list. */
    static boolean any(List<Filter> offered, List<Boolean> promised, FilterCapabilities capabilities) {
        for (int i = 0; i < offered.size(); i++) {
            if (isUnpromisedKeyList(offered.get(i), promised.get(i), capabilities)) {
                return true;
            }
        }
        return false;
    }

    /** The conjuncts with every unpromised key list replaced by null. */
    static List<Filter> without(List<Filter> offered, List<Boolean> promised, FilterCapabilities capabilities) {
        List<Filter> result = new ArrayList<>(offered);
        for (int i = 0; i < result.size(); i++) {
            if (isUnpromisedKeyList(result.get(i), promised.get(i), capabilities)) {
                result.set(i, null);
            }
        }
        return result;
    }

    private static boolean isUnpromisedKeyList(Filter filter, boolean promised, FilterCapabilities capabilities) {
        return !promised && filter instanceof Filter.In in && capabilities.keyedReads(in.column());
    }
}
