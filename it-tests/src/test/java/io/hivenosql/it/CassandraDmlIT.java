package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * DELETE, UPDATE and MERGE on Cassandra tables through HiveServer2: rows seeded with CQL (camelCase key columns, a
 * column the Hive table does not map), changed through Hive, and checked both through Hive and with CQL: exactly the
 * rows the statement names change, by their whole primary key and bound values, and the unmapped column stays.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraDmlIT {
    private static final String DB = "it_cass_dml";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";
    private static final String PEOPLE = DB + ".people";
    private static final String INJECTION = "x' OR '1'='1";

    /** The seeded rows as Hive reads them: team_id|member_name|age|nick. */
    private static final List<String> SEEDED = List.of(
            "1|*|60|star",
            "1|ann|30|annie",
            "1|bob|40|bobby",
            "1|" + INJECTION + "|50|sneaky",
            "2|cy|7|cyd",
            "2|dee|8|NULL",
            "3|a'b|10|quote",
            "3|eve|9|evie");

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private String connection;

    @BeforeAll
    void createTables(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        cql = stack.cql();
        TestingCassandraServer cassandra = stack.cassandra();
        connection = "'cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                + cassandra.localDatacenter() + "'";
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + PEOPLE + " (\"teamId\" int, \"memberName\" text, age int, nick text, note text, "
                + "PRIMARY KEY ((\"teamId\"), \"memberName\"))");
        cql.execute("CREATE TYPE " + DB + ".address (street text, zip int)");
        cql.execute("CREATE TABLE " + DB + ".kits (id int PRIMARY KEY, tags list<text>, prefs map<text, int>, "
                + "badges set<text>, home address, spot frozen<address>, note text)");
        cql.execute("CREATE TABLE " + DB + ".hits (page text PRIMARY KEY, n counter)");
        cql.execute("UPDATE " + DB + ".hits SET n = n + 3 WHERE page = 'home'");

        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        String peopleColumns = "(team_id int, member_name string, age int, nick string) " + HANDLER
                + " TBLPROPERTIES (" + connection + ", 'cassandra.table'='people', "
                + "'cassandra.columns.mapping'='team_id:\"teamId\",member_name:\"memberName\"'";
        hive.execute("CREATE EXTERNAL TABLE " + PEOPLE + " " + peopleColumns
                + ", 'cassandra.primary-key'='((team_id), member_name)')");
        // the same CQL table without its primary key declared: refused until ALTER TABLE declares it
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people_undeclared " + peopleColumns + ")");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".kits (id int, tags array<string>, prefs map<string,int>, "
                + "badges array<string>, home struct<street:string,zip:int>, spot struct<street:string,zip:int>) "
                + HANDLER + " TBLPROPERTIES (" + connection + ", 'cassandra.primary-key'='id')");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".hits (page string, n bigint) " + HANDLER + " TBLPROPERTIES ("
                + connection + ", 'cassandra.primary-key'='page')");
    }

    @AfterAll
    void closeCql() throws Exception {
        if (cql != null) {
            cql.close();
        }
    }

    /** Empties the people table and writes the seeded rows with CQL, each with its unmapped note {@code n-<name>}. */
    private void seedPeople() {
        cql.execute("TRUNCATE " + PEOPLE);
        for (String row : SEEDED) {
            String[] values = row.split("\\|");
            cql.execute("INSERT INTO " + PEOPLE + " (\"teamId\", \"memberName\", age, nick, note) VALUES ("
                    + values[0] + ", " + cqlLiteral(values[1]) + ", " + values[2] + ", "
                    + ("NULL".equals(values[3]) ? "null" : cqlLiteral(values[3])) + ", "
                    + cqlLiteral("n-" + values[1])
                    + ")");
        }
    }

    /** A CQL string literal: a quote doubled. */
    private static String cqlLiteral(String text) {
        return "'" + text.replace("'", "''") + "'";
    }

    /** A HiveQL string literal: a quote and a backslash escaped with a backslash. */
    private static String literal(String text) {
        return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'";
    }

    private List<String> people() throws SQLException {
        return Rows.of(hive, "SELECT * FROM " + PEOPLE).stream().sorted().toList();
    }

    /** Every row of the CQL table as team|name|note, the note being the column Hive does not map. */
    private List<String> notes() {
        List<String> rows = new ArrayList<>();
        for (List<Object> row : cql.rows("SELECT \"teamId\", \"memberName\", note FROM " + PEOPLE)) {
            rows.add(Rows.row(row));
        }
        return rows.stream().sorted().toList();
    }

    @Test
    void deleteRemovesExactlyTheRowsItSelects() throws Exception {
        seedPeople();
        // by the whole key, whose value looks like CQL: only its own row goes
        hive.execute("DELETE FROM " + PEOPLE + " WHERE team_id = 1 AND member_name = " + literal(INJECTION));
        assertThat(people()).containsExactlyElementsOf(without(SEEDED, "1|" + INJECTION + "|"));
        // by the partition key: every row of the partition
        hive.execute("DELETE FROM " + PEOPLE + " WHERE team_id = 2");
        // by a column that is no key, and by a clustering value with a quote
        hive.execute("DELETE FROM " + PEOPLE + " WHERE age > 55 OR member_name = " + literal("a'b"));
        assertThat(people()).containsExactly("1|ann|30|annie", "1|bob|40|bobby", "3|eve|9|evie");
        assertThat(notes()).containsExactly("1|ann|n-ann", "1|bob|n-bob", "3|eve|n-eve");
        // no row matches: nothing changes
        hive.execute("DELETE FROM " + PEOPLE + " WHERE member_name = '*'");
        assertThat(notes()).containsExactly("1|ann|n-ann", "1|bob|n-bob", "3|eve|n-eve");
    }

    @Test
    void updateChangesTheMappedColumnsOfExactlyTheRowsItSelects() throws Exception {
        seedPeople();
        hive.execute("UPDATE " + PEOPLE + " SET age = age + 1 WHERE team_id = 1");
        // on a clustering column, to NULL: the cell is deleted, whatever cassandra.write.nulls says
        hive.execute("UPDATE " + PEOPLE + " SET nick = NULL, age = age * 2 WHERE member_name = 'ann'");
        assertThat(people())
                .containsExactly(
                        "1|*|61|star",
                        "1|ann|62|NULL",
                        "1|bob|41|bobby",
                        "1|" + INJECTION + "|51|sneaky",
                        "2|cy|7|cyd",
                        "2|dee|8|NULL",
                        "3|a'b|10|quote",
                        "3|eve|9|evie");
        assertThat(cql.rows("SELECT nick, note FROM " + PEOPLE + " WHERE \"teamId\" = 1 AND \"memberName\" = 'ann'"))
                .containsExactly(Arrays.asList(null, "n-ann"));
        // every row kept its unmapped note
        assertThat(notes())
                .containsExactlyElementsOf(
                        SEEDED.stream().map(CassandraDmlIT::note).sorted().toList());
    }

    @Test
    void updateOfAKeyColumnMovesTheRow() throws Exception {
        seedPeople();
        // a clustering column and a partition key column: the old key is deleted, the new one written
        hive.execute("UPDATE " + PEOPLE + " SET member_name = 'zed', nick = upper(nick) WHERE member_name = 'eve'");
        hive.execute("UPDATE " + PEOPLE + " SET team_id = 4 WHERE team_id = 2 AND member_name = 'cy'");
        assertThat(people())
                .containsExactly(
                        "1|*|60|star",
                        "1|ann|30|annie",
                        "1|bob|40|bobby",
                        "1|" + INJECTION + "|50|sneaky",
                        "2|dee|8|NULL",
                        "3|a'b|10|quote",
                        "3|zed|9|EVIE",
                        "4|cy|7|cyd");
        // a moved row is a new CQL row: the column Hive does not map stayed with the old one, which is gone
        assertThat(notes())
                .containsExactly(
                        "1|*|n-*",
                        "1|ann|n-ann",
                        "1|bob|n-bob",
                        "1|" + INJECTION + "|n-" + INJECTION,
                        "2|dee|n-dee",
                        "3|a'b|n-a'b",
                        "3|zed|NULL",
                        "4|cy|NULL");
    }

    @Test
    void mergeDeletesUpdatesAndInsertsAsItSays() throws Exception {
        seedPeople();
        hive.execute("MERGE INTO " + PEOPLE + " t USING ("
                + "SELECT 1 AS team_id, 'ann' AS member_name, 0 AS age "
                + "UNION ALL SELECT 1, 'bob', 99 "
                + "UNION ALL SELECT 1, " + literal(INJECTION) + ", 0 "
                + "UNION ALL SELECT 2, 'new', 5 "
                + "UNION ALL SELECT 5, 'ann', 6) s "
                + "ON t.team_id = s.team_id AND t.member_name = s.member_name "
                + "WHEN MATCHED AND s.age = 0 THEN DELETE "
                + "WHEN MATCHED THEN UPDATE SET age = s.age, nick = concat(t.nick, '!') "
                + "WHEN NOT MATCHED THEN INSERT VALUES (s.team_id, s.member_name, s.age, 'fresh')");
        List<String> merged = List.of(
                "1|*|60|star",
                "1|bob|99|bobby!",
                "2|cy|7|cyd",
                "2|dee|8|NULL",
                "2|new|5|fresh",
                "3|a'b|10|quote",
                "3|eve|9|evie",
                "5|ann|6|fresh");
        assertThat(people()).containsExactlyElementsOf(merged);
        assertThat(notes())
                .containsExactly(
                        "1|*|n-*",
                        "1|bob|n-bob",
                        "2|cy|n-cy",
                        "2|dee|n-dee",
                        "2|new|NULL",
                        "3|a'b|n-a'b",
                        "3|eve|n-eve",
                        "5|ann|NULL");

        // two source rows for one target row: Hive's cardinality check fails the statement, which changes nothing
        assertThatThrownBy(() -> hive.execute("MERGE INTO " + PEOPLE + " t USING ("
                        + "SELECT 1 AS team_id, 'bob' AS member_name, 1 AS age "
                        + "UNION ALL SELECT 1, 'bob', 2 "
                        + "UNION ALL SELECT 7, 'other', 3) s "
                        + "ON t.team_id = s.team_id AND t.member_name = s.member_name "
                        + "WHEN MATCHED THEN UPDATE SET age = s.age "
                        + "WHEN NOT MATCHED THEN INSERT VALUES (s.team_id, s.member_name, s.age, 'x')"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Cardinality Violation in Merge statement: 1,bob");
        assertThat(people()).containsExactlyElementsOf(merged);
    }

    @Test
    void collectionsAndUserTypesAreReplacedAsAWhole() throws Exception {
        cql.execute("TRUNCATE " + DB + ".kits");
        cql.execute("INSERT INTO " + DB + ".kits (id, tags, prefs, badges, home, spot, note) VALUES (1, ['a', 'b'], "
                + "{'x': 1, 'y': 2}, {'s1', 's2'}, {street: 'Main', zip: 1}, {street: 'Old', zip: 2}, 'n1')");
        cql.execute("INSERT INTO " + DB + ".kits (id, tags, note) VALUES (2, ['c'], 'n2')");
        // (Hive does not convert a bare NULL to a struct: a CASE without ELSE is a NULL of the column's type)
        hive.execute(
                "UPDATE " + DB + ".kits SET tags = array('z'), prefs = map('q', 9), badges = array('s3', 's0'), "
                        + "home = named_struct('street', 'Side', 'zip', CAST(NULL AS INT)), spot = CASE WHEN id < 0 THEN spot END WHERE id = 1");
        hive.execute("UPDATE " + DB + ".kits SET badges = array('b') WHERE id = 2");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".kits ORDER BY id"))
                .containsExactly(
                        "1|[\"z\"]|{\"q\":9}|[\"s0\",\"s3\"]|{\"street\":\"Side\",\"zip\":null}|NULL",
                        "2|[\"c\"]|NULL|[\"b\"]|NULL|NULL");
        assertThat(cql.rows("SELECT id, home.street, home.zip, note FROM " + DB + ".kits"))
                .containsExactlyInAnyOrder(Arrays.asList(1, "Side", null, "n1"), Arrays.asList(2, null, null, "n2"));
    }

    @Test
    void refusedTablesFailAtCompileTimeNamingTableAndFix() throws Exception {
        assertThatThrownBy(() -> hive.execute("DELETE FROM " + DB + ".hits WHERE page = 'home'"))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("compiling")
                .hasMessageContaining("DELETE, UPDATE and MERGE cannot change table " + DB + ".hits")
                .hasMessageContaining("counter table");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".hits")).containsExactly("home|3");

        seedPeople();
        String update = "UPDATE " + DB + ".people_undeclared SET age = 0 WHERE member_name = 'bob'";
        assertThatThrownBy(() -> hive.execute(update))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("DELETE, UPDATE and MERGE cannot change table " + DB + ".people_undeclared")
                .hasMessageContaining("ALTER TABLE " + DB + ".people_undeclared SET TBLPROPERTIES "
                        + "('cassandra.primary-key'='((team_id), member_name)')");
        assertThat(people()).containsExactlyElementsOf(SEEDED);
        // the fix the message gives works
        hive.execute("ALTER TABLE " + DB + ".people_undeclared SET TBLPROPERTIES "
                + "('cassandra.primary-key'='((team_id), member_name)')");
        hive.execute(update);
        assertThat(people())
                .containsExactlyElementsOf(SEEDED.stream()
                        .map(row -> row.equals("1|bob|40|bobby") ? "1|bob|0|bobby" : row)
                        .toList());
    }

    private static List<String> without(List<String> rows, String prefix) {
        return rows.stream().filter(row -> !row.startsWith(prefix)).toList();
    }

    /** The team|name|note row that seedPeople writes for a seeded row. */
    private static String note(String seeded) {
        String[] values = seeded.split("\\|");
        return values[0] + "|" + values[1] + "|n-" + values[1];
    }
}
