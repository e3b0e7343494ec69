package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.it.PushdownSuperset.Outcome;
import io.hivenosql.it.PushdownSuperset.Policy;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
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

/**
 * Every pushed operator on every CQL type selects what Hive selects on the values as the columns read them
 * ({@link PushdownSuperset}), with {@code 'cassandra.allow-filtering'='true'} so that regular columns are pushed too:
 * partition key and clustering restrictions, ALLOW FILTERING comparisons, empty values ({@code blobAsInt(0x)}, read
 * as NULL, which Cassandra sorts before every value), varints beyond the Hive column's range (bad records), counters,
 * and uuid, timeuuid and inet literals in other spellings than the one the column reads (upper case, braces, the long
 * IPv6 form, an IPv4-mapped address). And the {@code loads} sample of the CQL documentation, loaded with CQL: its
 * partition key holds an inet column, which reads in RFC 5952's form and is read by partition.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraPushdownSupersetIT {
    private static final String DB = "it_cass_superset";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final String U1 = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";
    private static final String U2 = "123e4567-e89b-12d3-a456-426614174000";
    private static final String T1 = "50554d6e-29bb-11e5-b345-feff819cdc9f";
    private static final String T2 = "d2177dd0-eaa2-11de-a572-001b779c76e3";
    private static final String MACHINE_1 = "2001:db8::1";
    private static final String MACHINE_2 = "192.168.0.1";

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private PushdownSuperset superset;
    private Connection pushing;
    private Connection unpushed;

    /** Per CQL column: its type and the CQL literals its rows take in turn (null: no cell). */
    private static Map<String, String[]> columns() {
        Map<String, String[]> columns = new LinkedHashMap<>();
        columns.put("t text", new String[] {"'abc'", "''", "'b'", "'B'", "'é'", null, "'abd'"});
        columns.put("a ascii", new String[] {"'A'", "'b'", "''", null});
        columns.put("bo boolean", new String[] {"true", "false", null, "blobAsBoolean(0x)"});
        columns.put("i int", new String[] {"7", "-3", "0", null, "blobAsInt(0x)", "2147483647", "-2147483648"});
        columns.put("bi bigint", new String[] {"3", "1099511627776", "-1", null, "blobAsBigint(0x)"});
        columns.put("vi varint", new String[] {"5", "1099511627776", "1180591620717411303424", "-1", null});
        columns.put("de decimal", new String[] {"1.01", "1.005", "12345.678", null});
        columns.put("bl blob", new String[] {"0xcafe", "0x", "0x00", null});
        columns.put("u uuid", new String[] {U1, U2, null});
        columns.put("tu timeuuid", new String[] {T1, T2, null});
        columns.put("ip inet", new String[] {
            "'" + MACHINE_1 + "'",
            "'" + MACHINE_2 + "'",
            "blobAsInet(0x00000000000000000000ffffc0a80001)", // ::ffff:192.168.0.1, 16 bytes
            "'::1'",
            null
        });
        columns.put("da date", new String[] {"'2024-01-01'", "'2024-06-30'", "'1969-12-31'", null});
        columns.put("tm time", new String[] {"'12:00:00'", "'12:00:00.5'", "'00:00:00'", null});
        columns.put("ts timestamp", new String[] {"'2024-01-01 00:00:00+0000'", "'2024-06-30 12:00:00.5+0000'", null});
        return columns;
    }

    /** The Hive type each CQL column is read as. */
    private static final String HIVE_COLUMNS = "pk int, ck int, t string, a string, bo boolean, i int, bi bigint, "
            + "vi bigint, de decimal(5,2), bl binary, u string, tu string, ip string, da date, tm string, "
            + "ts timestamp";

    private static final List<String> COLUMN_NAMES =
            List.of("pk", "ck", "t", "a", "bo", "i", "bi", "vi", "de", "bl", "u", "tu", "ip", "da", "tm", "ts");

    /**
     * The literals each column's predicates compare with (the first two in order, for BETWEEN). Not the decimal and
     * binary columns, for which nothing is pushed (Hive applies every predicate on them).
     */
    private static Map<String, String[]> literals() {
        Map<String, String[]> literals = new LinkedHashMap<>();
        literals.put("pk", new String[] {"1", "3"});
        literals.put("ck", new String[] {"2", "5"});
        literals.put("t", new String[] {"''", "'abc'", "'b'"});
        literals.put("a", new String[] {"'A'", "'b'"});
        literals.put("bo", new String[] {"false", "true"});
        literals.put("i", new String[] {"-3", "7", "0"});
        literals.put("bi", new String[] {"3", "1099511627776"});
        literals.put("vi", new String[] {"5", "1099511627776"});
        literals.put("u", new String[] {
            "'" + U2 + "'", "'" + U1 + "'", "'" + U1.toUpperCase(Locale.ROOT) + "'", "'{" + U1 + "}'"
        });
        literals.put("tu", new String[] {"'" + T1 + "'", "'" + T2 + "'", "'" + T1.toUpperCase(Locale.ROOT) + "'"});
        literals.put("ip", new String[] {
            "'" + MACHINE_2 + "'",
            "'" + MACHINE_1 + "'",
            "'2001:DB8::1'",
            "'2001:db8:0:0:0:0:0:1'",
            "'::ffff:192.168.0.1'",
            "'::1'"
        });
        literals.put("da", new String[] {"DATE '2024-01-01'", "DATE '2024-06-30'"});
        literals.put("tm", new String[] {"'00:00:00'", "'12:00:00'", "'12:00'", "'12:00:00.500000000'"});
        literals.put("ts", new String[] {"TIMESTAMP '2024-01-01 00:00:00'", "TIMESTAMP '2024-06-30 12:00:00.5'"});
        return literals;
    }

    @BeforeAll
    void load(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        cql = stack.cql();
        TestingCassandraServer cassandra = stack.cassandra();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        Map<String, String[]> columns = columns();
        cql.execute("CREATE TABLE " + DB + ".mixed (pk int, ck int, " + String.join(", ", columns.keySet())
                + ", PRIMARY KEY ((pk), ck))");
        List<String> names = columns.keySet().stream().map(c -> c.split(" ")[0]).toList();
        int row = 0;
        for (int pk = 1; pk <= 4; pk++) {
            StringBuilder batch = new StringBuilder("BEGIN UNLOGGED BATCH ");
            for (int ck = 1; ck <= 7; ck++, row++) {
                List<String> inserted = new ArrayList<>(List.of("pk", "ck"));
                List<String> values = new ArrayList<>(List.of(Integer.toString(pk), Integer.toString(ck)));
                int shift = 0;
                for (String[] column : columns.values()) {
                    String value = column[(row + shift) % column.length];
                    if (value != null) {
                        inserted.add(names.get(shift));
                        values.add(value);
                    }
                    shift++;
                }
                batch.append("INSERT INTO ")
                        .append(DB)
                        .append(".mixed (")
                        .append(String.join(", ", inserted))
                        .append(") VALUES (")
                        .append(String.join(", ", values))
                        .append("); ");
            }
            cql.execute(batch.append("APPLY BATCH").toString());
        }
        cql.execute("CREATE TABLE " + DB + ".hits (pk int PRIMARY KEY, c counter)");
        for (int pk = 1; pk <= 6; pk++) {
            cql.execute("UPDATE " + DB + ".hits SET c = c + " + (pk * 3 - 9) + " WHERE pk = " + pk);
        }
        // the CQL documentation's sample table
        cql.execute("CREATE TABLE " + DB + ".loads (machine inet, cpu int, mtime timeuuid, load float, "
                + "PRIMARY KEY ((machine, cpu), mtime)) WITH CLUSTERING ORDER BY (mtime DESC)");
        for (String machine : List.of(MACHINE_1, MACHINE_2, "::ffff:192.168.0.1")) {
            for (int cpu = 1; cpu <= 4; cpu++) {
                for (int n = 0; n < 3; n++) {
                    cql.execute("INSERT INTO " + DB + ".loads (machine, cpu, mtime, load) VALUES ("
                            + (machine.startsWith("::ffff:")
                                    ? "blobAsInet(0x00000000000000000000ffffc0a80001)"
                                    : "'" + machine + "'")
                            + ", " + cpu + ", now(), " + (cpu + n / 10.0) + ")");
                }
            }
        }

        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String connection = "'cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                + cassandra.localDatacenter() + "', 'cassandra.allow-filtering'='true'";
        for (Policy policy : Policy.values()) {
            hive.execute("CREATE EXTERNAL TABLE " + table("mixed", policy) + " (" + HIVE_COLUMNS + ") " + HANDLER
                    + " TBLPROPERTIES (" + connection + ", 'cassandra.table'='mixed', " + policy.property() + ")");
        }
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".hits (pk int, c bigint) " + HANDLER + " TBLPROPERTIES ("
                + connection + ")");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".loads (machine string, cpu int, mtime string, load float) "
                + HANDLER + " TBLPROPERTIES (" + connection.replace(", 'cassandra.allow-filtering'='true'", "")
                + ")");
        superset = new PushdownSuperset(hive, "concat(pk, ':', ck)");
        pushing = superset.session(true);
        unpushed = superset.session(false);
    }

    @AfterAll
    void close() throws Exception {
        if (pushing != null) {
            pushing.close();
        }
        if (unpushed != null) {
            unpushed.close();
        }
        if (cql != null) {
            cql.close();
        }
    }

    private static String table(String name, Policy policy) {
        return DB + "." + name + "_" + policy.name().toLowerCase(Locale.ROOT);
    }

    /**
     * Every column with the fail policy; null and skip only for the varint column, the one whose values can be bad
     * records (beyond the bigint it is read as): other values read alike under every policy.
     */
    static Stream<Arguments> cases() {
        return Stream.concat(
                literals().keySet().stream().map(column -> Arguments.of(Policy.FAIL, column)),
                Stream.of(Arguments.of(Policy.NULL, "vi"), Arguments.of(Policy.SKIP, "vi")));
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("cases")
    void pushedRowsAreTheRowsHiveSelects(Policy policy, String column) {
        String[] literals = literals().get(column);
        PushdownSuperset.assertNoMismatch(check(
                policy,
                policy == Policy.FAIL
                        ? SupersetPredicates.of(column, literals)
                        : SupersetPredicates.core(column, literals)));
    }

    /** Partition and clustering restrictions together: partition reads with slices and IN lists. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("policies")
    void partitionAndClusteringRestrictions(Policy policy) {
        PushdownSuperset.assertNoMismatch(check(
                policy,
                List.of(
                        "pk = 1 AND ck > 3",
                        "pk IN (1, 2) AND ck IN (2, 3, 7)",
                        "pk = 2 AND ck <= 4 AND i < 7",
                        "pk = 3 AND ck BETWEEN 2 AND 5 AND t > 'a'",
                        "pk IN (1, 4) AND ck = 2 AND u = '" + U1 + "'",
                        "pk = 4 AND ip = '" + MACHINE_1 + "'",
                        "pk = 1 AND i < 0",
                        "pk = 2 AND bi <= 3",
                        "pk = 1 AND u = '" + U1.toUpperCase(Locale.ROOT) + "'")));
    }

    static Stream<Policy> policies() {
        return Stream.of(Policy.values());
    }

    private List<String> check(Policy policy, List<String> predicates) {
        Map<String, Outcome> references =
                superset.reference(unpushed, table("mixed", policy), predicates, COLUMN_NAMES);
        Map<String, Outcome> readable = policy == Policy.FAIL
                ? superset.reference(unpushed, table("mixed", Policy.SKIP), predicates, COLUMN_NAMES)
                : Map.of();
        Map<String, Outcome> pushed = new LinkedHashMap<>();
        for (String predicate : predicates) {
            pushed.put(predicate, superset.select(pushing, table("mixed", policy), predicate));
        }
        return PushdownSuperset.mismatches(policy, references, pushed, readable);
    }

    /** Counters are never pushed, but still read and compared as Hive does. */
    @Test
    void counters() throws SQLException {
        PushdownSuperset counters = new PushdownSuperset(hive, "pk");
        List<String> predicates = SupersetPredicates.of("c", "0", "6");
        Map<String, Outcome> references = counters.reference(unpushed, DB + ".hits", predicates, List.of("pk", "c"));
        Map<String, Outcome> pushed = new LinkedHashMap<>();
        for (String predicate : predicates) {
            pushed.put(predicate, counters.select(pushing, DB + ".hits", predicate));
        }
        PushdownSuperset.assertNoMismatch(PushdownSuperset.mismatches(Policy.NULL, references, pushed, Map.of()));
        assertThat(references.get("c > 0").keys()).containsExactly("4", "5", "6");
    }

    /** Most predicates are handed to Cassandra, so that the comparisons above test the store's filters. */
    @Test
    void mostPredicatesArePushed() throws SQLException {
        int all = 0;
        List<String> notPushed = new ArrayList<>();
        for (Map.Entry<String, String[]> column : literals().entrySet()) {
            List<String> sample = SupersetPredicates.core(column.getKey(), column.getValue());
            for (String predicate : sample.subList(0, 6)) {
                all++;
                if (!superset.pushed(pushing, table("mixed", Policy.FAIL), predicate)) {
                    notPushed.add(predicate);
                }
            }
        }
        assertThat(all - notPushed.size())
                .as("pushed of %d predicates; not pushed: %s", all, notPushed)
                .isGreaterThan(all / 2);
    }

    /**
     * The CQL documentation's {@code loads} table: the inet partition key column reads as cqlsh shows it, and a filter
     * on the whole partition key reads that partition (no token scan) and finds its rows.
     */
    @Test
    void anInetPartitionKeyReadsInItsCanonicalFormAndIsLookedUp() throws SQLException {
        assertThat(Rows.of(hive, "SELECT DISTINCT machine FROM " + DB + ".loads ORDER BY machine"))
                .containsExactly("192.168.0.1", "2001:db8::1", "::ffff:192.168.0.1");
        String where = "machine = '" + MACHINE_1 + "' AND cpu = 3";
        PushdownSuperset loads = new PushdownSuperset(hive, "concat(machine, '/', cpu, '/', load)");
        assertThat(loads.pushed(pushing, DB + ".loads", where)).isTrue();
        assertThat(loads.select(pushing, DB + ".loads", where).keys())
                .containsExactly("2001:db8::1/3/3.0", "2001:db8::1/3/3.1", "2001:db8::1/3/3.2");
        assertThat(loads.select(pushing, DB + ".loads", "machine = '::ffff:192.168.0.1' AND cpu = 1")
                        .keys())
                .hasSize(3)
                .allMatch(row -> row.startsWith("::ffff:192.168.0.1/1/"));
        assertThat(loads.select(pushing, DB + ".loads", "machine IN ('192.168.0.1', '::1') AND cpu IN (1, 2)")
                        .keys())
                .hasSize(6)
                .allMatch(row -> row.startsWith("192.168.0.1/"));
        // Hive compares the text the column reads: other spellings of the address select nothing, pushed or not
        for (String other : List.of("2001:DB8::1", "2001:db8:0:0:0:0:0:1", "2001:db8::0:1")) {
            String predicate = "machine = '" + other + "' AND cpu = 3";
            assertThat(loads.select(pushing, DB + ".loads", predicate).keys())
                    .as(other)
                    .isEmpty();
            assertThat(loads.select(unpushed, DB + ".loads", predicate).keys())
                    .as(other)
                    .isEmpty();
        }
    }
}
