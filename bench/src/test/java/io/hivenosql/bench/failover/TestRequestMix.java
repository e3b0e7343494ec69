package io.hivenosql.bench.failover;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TestRequestMix {
    private final RequestMix mix = new RequestMix("failover_redis", 19);

    @Test
    void everyTenRequestsAreSixLookupsThreeScansAndOneInsert() {
        Map<RequestType, Integer> counts = new EnumMap<>(RequestType.class);
        IntStream.range(0, 1000).forEach(index -> counts.merge(RequestMix.type(index), 1, Integer::sum));
        assertThat(counts)
                .containsEntry(RequestType.LOOKUP, 600)
                .containsEntry(RequestType.SCAN, 300)
                .containsEntry(RequestType.INSERT, 100);
        assertThat(IntStream.range(0, 10).mapToObj(RequestMix::type).toList())
                .containsExactly(
                        RequestType.LOOKUP,
                        RequestType.LOOKUP,
                        RequestType.SCAN,
                        RequestType.LOOKUP,
                        RequestType.LOOKUP,
                        RequestType.SCAN,
                        RequestType.LOOKUP,
                        RequestType.LOOKUP,
                        RequestType.SCAN,
                        RequestType.INSERT);
    }

    @Test
    void insertsWriteNewKeysThatNoOtherRequestWrites() {
        Set<Long> written = new HashSet<>();
        for (int index = 0; index < 5000; index++) {
            List<Long> keys = RequestMix.insertKeys(index);
            assertThat(keys).hasSize(RequestMix.type(index) == RequestType.INSERT ? RequestMix.INSERT_ROWS : 0);
            for (long key : keys) {
                assertThat(written.add(key)).as("key %d written twice", key).isTrue();
                assertThat(key).isGreaterThanOrEqualTo(RequestMix.INSERT_BASE);
            }
        }
        assertThat(RequestMix.insertKeys(9))
                .containsExactly(1_000_045L, 1_000_046L, 1_000_047L, 1_000_048L, 1_000_049L);
        assertThat(RequestMix.preloadKeys()).hasSize(1000).contains(0L, 999L).doesNotContain(1000L);
    }

    @Test
    void statementsAreFixedByTheRequestNumber() {
        assertThat(mix.sql(0)).isEqualTo("SELECT k, grp, v FROM failover_redis.kv WHERE k = " + mix.lookupKey(0));
        assertThat(mix.sql(2)).isEqualTo("SELECT k, grp, v FROM failover_redis.kv WHERE grp = " + mix.scanGroup(2));
        assertThat(mix.sql(9))
                .isEqualTo("INSERT INTO failover_redis.kv VALUES (1000045, 5, 'v1000045'), (1000046, 6, 'v1000046'), "
                        + "(1000047, 7, 'v1000047'), (1000048, 8, 'v1000048'), (1000049, 9, 'v1000049')");
        assertThat(new RequestMix("failover_redis", 19).sql(1234)).isEqualTo(mix.sql(1234));
        Set<Long> lookedUp = new HashSet<>();
        Set<Integer> scanned = new HashSet<>();
        for (int index = 0; index < 3000; index++) {
            lookedUp.add(mix.lookupKey(index));
            scanned.add(mix.scanGroup(index));
        }
        assertThat(lookedUp)
                .allMatch(key -> key >= 0 && key < RequestMix.PRELOAD_ROWS)
                .hasSizeGreaterThan(900);
        assertThat(scanned).hasSize(RequestMix.GROUPS);
        assertThat(mix.preload())
                .startsWith("INSERT INTO failover_redis.kv SELECT")
                .contains("posexplode(split(space(999), ' '))");
    }

    @Test
    void aLookupMustReturnItsRowAlone() {
        long key = mix.lookupKey(0);
        assertThat(mix.check(0, List.of(row(key)))).isEmpty();
        assertThat(mix.check(0, List.of())).contains("the lookup of k = " + key + " returned 0 rows, not 1");
        assertThat(mix.check(0, List.of(row(key), row(key)))).get().asString().contains("returned 2 rows");
        long other = (key + 1) % RequestMix.PRELOAD_ROWS;
        assertThat(mix.check(0, List.of(row(other)))).contains("the lookup of k = " + key + " returned k = " + other);
        assertThat(mix.check(0, List.of(List.<Object>of(key, RequestMix.group(key), "x"))))
                .get()
                .asString()
                .contains("reads (" + RequestMix.group(key) + ", x)");
    }

    @Test
    void aScanMustReturnEveryPreloadedRowOfItsGroupOnce() {
        int group = mix.scanGroup(2);
        List<List<Object>> rows = new ArrayList<>();
        for (long key = 0; key < RequestMix.PRELOAD_ROWS; key++) {
            if (RequestMix.group(key) == group) {
                rows.add(row(key));
            }
        }
        assertThat(rows).hasSize(50);
        // inserted rows of the group may be there or not
        rows.add(row(RequestMix.INSERT_BASE + group));
        assertThat(mix.check(2, rows)).isEmpty();

        List<List<Object>> twice = new ArrayList<>(rows);
        twice.add(rows.get(7));
        assertThat(mix.check(2, twice))
                .get()
                .asString()
                .endsWith("returned k = " + rows.get(7).get(0) + " twice");

        List<List<Object>> missing = new ArrayList<>(rows);
        missing.remove(3);
        assertThat(mix.check(2, missing)).get().asString().contains("missed 1 preloaded rows");

        List<List<Object>> foreign = new ArrayList<>(rows);
        foreign.add(row(group + 1L));
        assertThat(mix.check(2, foreign)).get().asString().contains("of group " + (group + 1));
    }

    @Test
    void anInsertHasNoRowsToCheck() {
        assertThat(mix.check(9, List.of())).isEmpty();
    }

    private static List<Object> row(long key) {
        return List.of(key, RequestMix.group(key), RequestMix.value(key));
    }
}
