package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.it.PushdownSuperset.Outcome;
import io.hivenosql.it.PushdownSuperset.Policy;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import redis.clients.jedis.Jedis;

/**
 * Key lookups select exactly what a scan does ({@link PushdownSuperset}) with keys written by another client in odd
 * spellings: {@code 007}, {@code +7}, {@code 7.0}, {@code -0}, {@code  7}, {@code 1e1} for an int key, and needless or
 * missing escapes, extra or missing parts for a composite key. A lookup finds a row only under its canonical key, so a
 * scan must not read another spelling as the same value: those keys are bad records. Each hash holds its own key in
 * the field {@code tag}, the rows' identity in the comparison.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RedisPushdownSupersetIT {
    private static final String DB = "it_redis_superset";
    private static final String INT_PREFIX = "it:sup:int:";
    private static final String COMPOSITE_PREFIX = "it:sup:comp:";
    private static final List<String> INT_KEYS = List.of(
            "7", "007", "+7", "7.0", "-0", "0", "-7", "10", "1e1", " 7", "12", "abc", "9223372036854775808", "");
    private static final List<String> COMPOSITE_KEYS =
            List.of("x:1", "x:01", "x\\:y:1", "x\\y:1", "x:1:2", "x", "x\\\\:3", ":1", "x:+1", "y:1", "x\\:y:2", "x\\");

    private HiveInstance hive;
    private PushdownSuperset superset;
    private Connection pushing;
    private Connection unpushed;

    @BeforeAll
    void load(HiveInstance hive, TestingRedisServer redis) throws Exception {
        this.hive = hive;
        try (Jedis jedis = new Jedis(redis.host(), redis.port())) {
            for (String key : jedis.keys("it:sup:*")) {
                jedis.del(key);
            }
            for (String key : INT_KEYS) {
                jedis.hset(INT_PREFIX + key, Map.of("tag", key.isEmpty() ? "(empty)" : key));
            }
            for (String key : COMPOSITE_KEYS) {
                jedis.hset(COMPOSITE_PREFIX + key, Map.of("tag", key));
            }
        }
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        for (Policy policy : Policy.values()) {
            hive.execute("CREATE EXTERNAL TABLE " + table("ints", policy) + " (k int, tag string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + redis.address() + "', 'redis.key.prefix'='" + INT_PREFIX + "', " + policy.property() + ")");
            hive.execute("CREATE EXTERNAL TABLE " + table("pairs", policy) + " (a string, b int, tag string) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + redis.address() + "', 'redis.key.prefix'='" + COMPOSITE_PREFIX + "', "
                    + "'redis.key.column'='a,b', " + policy.property() + ")");
        }
        superset = new PushdownSuperset(hive, "tag");
        pushing = superset.session(true);
        unpushed = superset.session(false);
    }

    @AfterAll
    void close() throws SQLException {
        if (pushing != null) {
            pushing.close();
        }
        if (unpushed != null) {
            unpushed.close();
        }
    }

    private static String table(String name, Policy policy) {
        return DB + "." + name + "_" + policy.name().toLowerCase(Locale.ROOT);
    }

    private static Map<String, List<String>> predicates() {
        Map<String, List<String>> predicates = new LinkedHashMap<>();
        predicates.put("ints", SupersetPredicates.equalities("k", "7", "0", "-7", "10", "12"));
        predicates.put(
                "pairs",
                List.of(
                        "a = 'x' AND b = 1",
                        "a = 'x:y' AND b = 1",
                        "a IN ('x', 'x:y', 'xy', 'y') AND b IN (1, 2, 3)",
                        "(a = 'x' AND b = 1) OR (a = 'x:y' AND b = 2)",
                        "a = 'x\\\\' AND b = 3",
                        "a = '' AND b = 1",
                        "a = 'x'",
                        "b = 1",
                        "a = 'x' AND b <> 1",
                        "a IS NULL OR b IS NULL"));
        return predicates;
    }

    static Stream<Arguments> cases() {
        return Stream.of(Policy.values())
                .flatMap(policy -> predicates().keySet().stream().map(table -> Arguments.of(policy, table)));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void lookupsReturnTheRowsAScanSelects(Policy policy, String name) {
        List<String> predicates = predicates().get(name);
        List<String> columns = name.equals("ints") ? List.of("k", "tag") : List.of("a", "b", "tag");
        Map<String, Outcome> references = superset.reference(unpushed, table(name, policy), predicates, columns);
        Map<String, Outcome> readable = policy == Policy.FAIL
                ? superset.reference(unpushed, table(name, Policy.SKIP), predicates, columns)
                : Map.of();
        Map<String, Outcome> pushed = new LinkedHashMap<>();
        for (String predicate : predicates) {
            pushed.put(predicate, superset.select(pushing, table(name, policy), predicate));
        }
        PushdownSuperset.assertNoMismatch(PushdownSuperset.mismatches(policy, references, pushed, readable));
    }

    /** The lookups are really lookups: the comparisons above test them, not a scan. */
    @Test
    void keyEqualitiesArePushed() throws SQLException {
        for (String predicate : List.of("k = 7", "k IN (7, 0, -7, 10, 12)", "(k = 7 OR k = 0)")) {
            assertThat(superset.pushed(pushing, table("ints", Policy.FAIL), predicate))
                    .as(predicate)
                    .isTrue();
        }
        for (String predicate : List.of("a = 'x' AND b = 1", "a IN ('x', 'x:y', 'xy', 'y') AND b IN (1, 2, 3)")) {
            assertThat(superset.pushed(pushing, table("pairs", Policy.FAIL), predicate))
                    .as(predicate)
                    .isTrue();
        }
        // a scan reads the other spellings as bad records; the null policy reads their key columns as NULL
        assertThat(superset.select(unpushed, table("ints", Policy.NULL), "k IS NULL")
                        .keys())
                .containsExactlyInAnyOrder(
                        "(empty)", " 7", "+7", "-0", "007", "1e1", "7.0", "9223372036854775808", "abc");
        assertThat(superset.select(unpushed, table("pairs", Policy.NULL), "a IS NULL")
                        .keys())
                .containsExactlyInAnyOrder("x", "x:1:2", "x\\", "x\\y:1");
        assertThat(superset.select(unpushed, table("pairs", Policy.NULL), "b IS NULL")
                        .keys())
                .containsExactlyInAnyOrder("x", "x:01", "x:1:2", "x:+1", "x\\", "x\\y:1");
    }
}
