package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTableContext.CONNECTOR;
import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * DELETE, UPDATE and MERGE's side of the connector against a real Cassandra 5: which tables are refused and why, keys
 * deleted by their whole primary key with bound values, rows upserted to hold exactly their values.
 */
class TestCassandraRowChanges {
    private static String keyspace;

    @BeforeAll
    static void createTables() {
        keyspace = TestingCassandraTables.keyspace("row_changes");
        session()
                .execute("CREATE TABLE " + keyspace + ".people (p int, c text, v text, extra text, "
                        + "PRIMARY KEY (p, c))");
        session().execute("CREATE TABLE " + keyspace + ".counts (k int PRIMARY KEY, n counter)");
        session()
                .execute("CREATE TABLE " + keyspace + ".with_static (p int, c int, s text STATIC, v text, "
                        + "PRIMARY KEY (p, c))");
    }

    @AfterAll
    static void closeSessions() {
        CassandraClients.closeIdle();
    }

    private static TestingCassandraTableContext people() {
        return TestingCassandraTables.table(keyspace, "people")
                .column("p", "int")
                .column("c", "string")
                .column("v", "string")
                .property("cassandra.primary-key", "((p), c)");
    }

    @Test
    void aTableWhoseKeyColumnsAreItsPrimaryKeyIsAccepted() {
        assertThat(CONNECTOR.rowChangesRefused(people().build())).isEmpty();
    }

    @Test
    void aTableWithoutItsWholePrimaryKeyAsKeyColumnsIsRefusedWithTheKeyToSet() {
        TestingCassandraTableContext undeclared = people().property("cassandra.primary-key", null);
        assertThat(CONNECTOR.rowChangesRefused(undeclared.build())).hasValueSatisfying(reason -> assertThat(reason)
                .contains("does not declare its primary key (cassandra.primary-key)")
                .contains("a row of Cassandra table " + keyspace + ".people is identified by its primary key")
                .endsWith("set it with ALTER TABLE default.people SET TBLPROPERTIES "
                        + "('cassandra.primary-key'='((p), c)')"));

        TestingCassandraTableContext partitionOnly = people().property("cassandra.primary-key", "p");
        assertThat(CONNECTOR.rowChangesRefused(partitionOnly.build())).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("its cassandra.primary-key is ((p)), but a row of Cassandra table")
                .contains("('cassandra.primary-key'='((p), c)')"));

        TableContext unmapped = TestingCassandraTables.table(keyspace, "people")
                .column("p", "int")
                .column("v", "string")
                .property("cassandra.primary-key", "p")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(unmapped)).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("primary key column(s) c of Cassandra table " + keyspace + ".people are mapped "
                        + "by no Hive column"));
    }

    @Test
    void counterTablesAndTablesWithStaticColumnsAreRefused() {
        TableContext counts = TestingCassandraTables.table(keyspace, "counts")
                .column("k", "int")
                .column("n", "bigint")
                .property("cassandra.primary-key", "k")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(counts)).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("Cassandra table " + keyspace + ".counts is a counter table (column n is a counter)"));
        // also when only the key is mapped: a counter table cannot take an INSERT
        TableContext countKeys = TestingCassandraTables.table(keyspace, "counts")
                .column("k", "int")
                .property("cassandra.primary-key", "k")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(countKeys)).isPresent();
        assertThatThrownBy(() -> CONNECTOR.openDeleter(countKeys))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                .hasMessageContaining("DELETE, UPDATE and MERGE cannot change table default.counts");

        TableContext withStatic = TestingCassandraTables.table(keyspace, "with_static")
                .column("p", "int")
                .column("c", "int")
                .column("s", "string")
                .property("cassandra.primary-key", "((p), c)")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(withStatic)).hasValueSatisfying(reason -> assertThat(reason)
                .startsWith("Cassandra table " + keyspace + ".with_static has static column(s) s, whose value "
                        + "belongs to a whole partition"));
        // also when the Hive table leaves the static column out (see below)
        TableContext withoutStatic = TestingCassandraTables.table(keyspace, "with_static")
                .column("p", "int")
                .column("c", "int")
                .column("v", "string")
                .property("cassandra.primary-key", "((p), c)")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(withoutStatic)).isPresent();
    }

    @Test
    void theDeleterDeletesExactlyItsKeysByBoundValues() throws IOException {
        session()
                .execute("CREATE TABLE " + keyspace + ".doomed_keys (p int, c text, v text, extra text, "
                        + "PRIMARY KEY (p, c))");
        List<String> keys = List.of("a", "x' OR '1'='1", "*", "a'b", "b");
        for (int p = 1; p <= 2; p++) {
            for (String c : keys) {
                session()
                        .execute(SimpleStatement.newInstance(
                                "INSERT INTO " + keyspace + ".doomed_keys (p, c, v, extra) VALUES (?, ?, ?, ?)",
                                p,
                                c,
                                "v" + p + c,
                                "kept"));
            }
        }
        TableContext table = TestingCassandraTables.table(keyspace, "doomed_keys")
                .column("p", "int")
                .column("c", "string")
                .column("v", "string")
                .property("cassandra.primary-key", "((p), c)")
                .build();

        try (RecordSink deleter = CONNECTOR.openDeleter(table)) {
            deleter.write(new Object[] {1, "x' OR '1'='1"});
            deleter.write(new Object[] {1, "*"});
            deleter.write(new Object[] {2, "a'b"});
            // a missing row is no error
            deleter.write(new Object[] {3, "a"});
            deleter.flush();
            assertThat(deleter.written()).isEqualTo(4);
        }

        List<String> rows = new ArrayList<>();
        for (Row row : session().execute("SELECT p, c, v, extra FROM " + keyspace + ".doomed_keys")) {
            rows.add(row.getInt("p") + "|" + row.getString("c") + "|" + row.getString("v") + "|"
                    + row.getString("extra"));
        }
        assertThat(rows)
                .containsExactlyInAnyOrder(
                        "1|a|v1a|kept",
                        "1|a'b|v1a'b|kept",
                        "1|b|v1b|kept",
                        "2|a|v2a|kept",
                        "2|x' OR '1'='1|v2x' OR '1'='1|kept",
                        "2|*|v2*|kept",
                        "2|b|v2b|kept");
    }

    @Test
    void theUpserterMakesRowsHoldExactlyTheirValues() throws IOException {
        session()
                .execute("CREATE TABLE " + keyspace + ".upserted (k int, c int, v text, n int, l list<int>, "
                        + "s set<text>, m map<text, int>, fl frozen<list<int>>, extra text, PRIMARY KEY (k, c))");
        session()
                .execute("INSERT INTO " + keyspace + ".upserted (k, c, v, n, l, s, m, fl, extra) VALUES "
                        + "(1, 1, 'old', 5, [1, 2], {'a', 'b'}, {'x': 1, 'y': 2}, [7], 'kept')");
        TableContext table = TestingCassandraTables.table(keyspace, "upserted")
                .column("k", "int")
                .column("c", "int")
                .column("v", "string")
                .column("n", "int")
                .column("l", "array<int>")
                .column("s", "array<string>")
                .column("m", "map<string,int>")
                .column("fl", "array<int>")
                // whatever the INSERT path is set to do with NULLs
                .property("cassandra.write.nulls", "false")
                .property("cassandra.primary-key", "((k), c)")
                .build();

        try (RecordSink upserter = CONNECTOR.openUpserter(table)) {
            upserter.write(new Object[] {1, 1, null, 6, List.of(3), null, Map.of("z", 3), null});
            upserter.write(new Object[] {2, 1, "new", null, null, List.of("c"), null, List.of(8, 9)});
            upserter.write(new Object[] {3, 1, null, null, null, null, null, null});
        }

        List<String> rows = new ArrayList<>();
        for (Row row : session().execute("SELECT k, c, v, n, l, s, m, fl, extra FROM " + keyspace + ".upserted")) {
            List<Object> values = new ArrayList<>();
            for (int i = 0; i < 9; i++) {
                // the driver reads a missing collection as an empty one
                values.add(row.isNull(i) ? null : row.getObject(i));
            }
            rows.add(Arrays.toString(values.toArray()));
        }
        // a collection is replaced as a whole; NULL deletes the cell; the unmapped column stays; a new row exists
        // even with every non-key column NULL
        assertThat(rows)
                .containsExactlyInAnyOrder(
                        "[1, 1, null, 6, [3], null, {z=3}, null, kept]",
                        "[2, 1, new, null, null, [c], null, [8, 9], null]",
                        "[3, 1, null, null, null, null, null, null, null]");
        assertThat(session()
                        .execute("SELECT s FROM " + keyspace + ".upserted WHERE k = 2 AND c = 1")
                        .one()
                        .getSet(0, String.class))
                .isEqualTo(Set.of("c"));
    }

    /** Why a table with a static column is refused even when the Hive table leaves it out. */
    @Test
    void theRowsOfAPartitionWithAStaticCellReadAsOneRowOnceTheyAreDeleted() throws IOException {
        session()
                .execute("CREATE TABLE " + keyspace + ".static_left_out (p int, c int, s text STATIC, v text, "
                        + "PRIMARY KEY (p, c))");
        session().execute("INSERT INTO " + keyspace + ".static_left_out (p, c, s, v) VALUES (1, 1, 'shared', 'a')");
        session().execute("INSERT INTO " + keyspace + ".static_left_out (p, c, v) VALUES (1, 2, 'b')");
        TableContext table = TestingCassandraTables.table(keyspace, "static_left_out")
                .column("p", "int")
                .column("c", "int")
                .column("v", "string")
                .property("cassandra.primary-key", "((p), c)")
                .build();
        assertThat(CONNECTOR.rowChangesRefused(table)).isPresent();

        session().execute("DELETE FROM " + keyspace + ".static_left_out WHERE p = 1 AND c IN (1, 2)");

        // a partition with only its static cell left reads as a row whose clustering column is NULL, even through a
        // table that does not map the static column
        assertThat(TestingCassandraTables.readAll(table)).containsExactly(Arrays.asList(1, null, null));
    }

    @Test
    void aFailedDeleteFailsNamingTableKeyAndHosts() throws IOException {
        session().execute("CREATE TABLE " + keyspace + ".doomed (k int PRIMARY KEY, v text)");
        TableContext doomed = TestingCassandraTables.table(keyspace, "doomed")
                .column("k", "int")
                .column("v", "string")
                .property("cassandra.primary-key", "k")
                .build();
        RecordSink deleter = CONNECTOR.openDeleter(doomed);
        deleter.write(new Object[] {42});
        session().execute("DROP TABLE " + keyspace + ".doomed");

        assertThatThrownBy(deleter::close)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-203 WRITE_FAILED")
                .hasMessageContaining("deleting the row with key (k=42) of table default.doomed from Cassandra table "
                        + keyspace + ".doomed at "
                        + TestingCassandraTables.server().contactPoint() + " failed")
                .hasMessageContaining("the statement fails");
    }
}
