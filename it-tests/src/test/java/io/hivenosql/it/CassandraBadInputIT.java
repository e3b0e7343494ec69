package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Every bad input a user can give a Cassandra table, each reported with its HNS code and a message naming the table,
 * property, column and value: bad properties, bad mappings, a mapping that disagrees with the live schema, missing
 * keyspaces and tables, stored values that do not convert (under each bad-record policy), rows that cannot be written,
 * and a host nobody listens on.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraBadInputIT {
    private static final String DB = "it_cass_bad";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";

    private HiveInstance hive;
    private HandlerJarCqlSession cql;
    private TestingCassandraServer cassandra;
    private Path scratch;

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        cassandra = stack.cassandra();
        scratch = stack.scratch("cassandra-bad");
        cql = stack.cql();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TABLE " + DB + ".people (id int PRIMARY KEY, name text, age int, tags set<text>)");
        cql.execute("CREATE TABLE " + DB + ".measures (id int PRIMARY KEY, big varint, price decimal, label text)");
        cql.execute("INSERT INTO " + DB + ".measures (id, big, price, label) VALUES (1, 5, 1.25, 'ok')");
        cql.execute("INSERT INTO " + DB + ".measures (id, big, price, label) "
                + "VALUES (2, 1180591620717411303424, 2.5, 'too big')");
        cql.execute("INSERT INTO " + DB + ".measures (id, big, price, label) VALUES (3, 7, 123456.7, 'too wide')");
        cql.execute("INSERT INTO " + DB + ".measures (id, big, price, label) VALUES (4, 8, 3.14159, 'rounded')");
        cql.execute("CREATE TABLE " + DB + ".ids (id int PRIMARY KEY, ref uuid, addr inet, at timestamp, "
                + "took duration)");
        cql.execute("CREATE TABLE " + DB + ".hits (page text PRIMARY KEY, n counter)");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
    }

    @AfterAll
    void closeCql() throws Exception {
        if (cql != null) {
            cql.close();
        }
    }

    private String hosts() {
        return "'cassandra.hosts'='" + cassandra.contactPoint() + "'";
    }

    private void create(String table, String columns, String properties) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + DB + "." + table);
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + (columns.isEmpty() ? "" : " (" + columns + ")") + " "
                + HANDLER + " TBLPROPERTIES (" + properties + ")");
    }

    @Test
    void misspeltPropertySuggestsTheRightOne() {
        assertThatThrownBy(() -> create(
                        "typo",
                        "id int, name string",
                        hosts() + ", 'cassandra.table'='people', 'cassandra.pagesize'='9'"))
                .hasMessageContaining("HNS-103")
                .hasMessageContaining("cassandra.pagesize")
                .hasMessageContaining("did you mean 'cassandra.page.size'");
        // the contact points themselves misspelt: both the unknown key and the missing one are reported
        assertThatThrownBy(() ->
                        create("typo", "id int, name string", "'cassandra.hots'='" + cassandra.contactPoint() + "'"))
                .hasMessageContaining("it_cass_bad.typo")
                .hasMessageContaining("unknown property 'cassandra.hots'; did you mean 'cassandra.hosts'?")
                .hasMessageContaining("missing required property 'cassandra.hosts'");
    }

    @Test
    void missingHostsIsNamed() {
        assertThatThrownBy(() -> create("no_hosts", "id int, name string", "'cassandra.table'='people'"))
                .hasMessageContaining("HNS-102 MISSING_TABLE_PROPERTY")
                .hasMessageContaining("it_cass_bad.no_hosts")
                .hasMessageContaining("missing required property 'cassandra.hosts'");
    }

    @Test
    void invalidValuesAreReportedTogetherWithPropertyAndValue() {
        assertThatThrownBy(() -> create(
                        "bad_values",
                        "id int, name string",
                        hosts() + ", 'cassandra.table'='people', 'cassandra.consistency.read'='sometimes', "
                                + "'cassandra.page.size'='0', 'cassandra.hosts.extra'='x'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_cass_bad.bad_values")
                .hasMessageContaining("cassandra.consistency.read")
                .hasMessageContaining("sometimes")
                .hasMessageContaining("cassandra.page.size")
                .hasMessageContaining("cassandra.hosts.extra");
        assertThatThrownBy(() -> create(
                        "bad_host",
                        "id int, name string",
                        "'cassandra.hosts'='127.0.0.1:notaport', 'cassandra.table'='people'"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("cassandra.hosts")
                .hasMessageContaining("notaport");
    }

    @Test
    void invalidPrimaryKeyTextIsRejected() {
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".bad_key (a int, b int, c string) " + HANDLER
                        + " TBLPROPERTIES (" + hosts() + ", 'cassandra.primary-key'='((a, b)')"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_cass_bad.bad_key")
                .hasMessageContaining("cassandra.primary-key");
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".bad_key (a int, b int, c string) " + HANDLER
                        + " TBLPROPERTIES (" + hosts() + ", 'cassandra.primary-key'='((a), d)')"))
                .hasMessageContaining("HNS-113")
                .hasMessageContaining("cassandra.primary-key")
                .hasMessageContaining("no column 'd'");
        assertThat(cql.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + DB
                        + "' AND table_name = 'bad_key'"))
                .as("nothing created")
                .isEmpty();
    }

    @Test
    void replicationFragmentCannotSmuggleAStatement() {
        assertThatThrownBy(() -> hive.execute("CREATE TABLE " + DB + ".smuggled (a int, b string) " + HANDLER
                        + " TBLPROPERTIES (" + hosts() + ", 'cassandra.keyspace'='it_cass_bad_smuggled', "
                        + "'cassandra.replication'='{''class'': ''SimpleStrategy'', ''replication_factor'': 1}; "
                        + "DROP KEYSPACE it_cass_bad')"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("it_cass_bad.smuggled")
                .hasMessageContaining("cassandra.replication")
                .hasMessageContaining(";");
        assertThat(cql.rows("SELECT keyspace_name FROM system_schema.keyspaces WHERE keyspace_name IN ("
                        + "'it_cass_bad', 'it_cass_bad_smuggled')"))
                .extracting(row -> row.get(0))
                .containsExactly("it_cass_bad");
    }

    @Test
    void plainTextPasswordIsRejectedWithoutEchoingIt() {
        assertThatThrownBy(() -> create(
                        "secret",
                        "id int, name string",
                        hosts() + ", 'cassandra.table'='people', 'cassandra.user'='hive', "
                                + "'cassandra.password'='hunter2-cass-secret'"))
                .hasMessageContaining("HNS-131")
                .hasMessageContaining("'cassandra.password'")
                .hasMessageContaining("cassandra.password.alias")
                .hasMessageContaining("credential provider")
                // what Hive reports (the harness's own exception adds the statement text, which holds the secret)
                .satisfies(e -> assertThat(stackTrace(e.getCause())).doesNotContain("hunter2-cass-secret"));
    }

    @Test
    void unreadableMappingFileIsNamed() {
        Path missing = scratch.resolve("does-not-exist.json");
        assertThatThrownBy(() -> create(
                        "no_file",
                        "",
                        hosts() + ", 'cassandra.table'='people', 'nosql.mapping.url'='" + missing.toUri() + "'"))
                .hasMessageContaining("HNS-112")
                .hasMessageContaining("does-not-exist.json");
    }

    @Test
    void invalidMappingFileNamesFileLineAndValue() throws Exception {
        Path file = scratch.resolve("broken.json");
        Files.writeString(
                file,
                """
                {
                  "columns": [
                    {"name": "id", "type": "int"},
                    {"name": "name", "type": "strang"}
                  ]
                }
                """);
        assertThatThrownBy(() -> create(
                        "broken_file",
                        "",
                        hosts() + ", 'cassandra.table'='people', 'nosql.mapping.url'='" + file.toUri() + "'"))
                .hasMessageContaining("HNS-111")
                .hasMessageContaining("broken.json")
                .hasMessageContaining("line 4")
                .hasMessageContaining("strang");
    }

    @Test
    void mappingFileNamingAMissingCqlColumnIsASchemaMismatch() throws Exception {
        Path file = scratch.resolve("missing-column.json");
        Files.writeString(
                file,
                """
                {"columns": [
                  {"name": "id", "type": "int"},
                  {"name": "full_name", "type": "string", "path": "fullname"}
                ]}
                """);
        assertThatThrownBy(() -> create(
                        "file_missing_column",
                        "",
                        hosts() + ", 'cassandra.table'='people', 'nosql.mapping.url'='" + file.toUri() + "'"))
                .hasMessageContaining("HNS-115")
                .hasMessageContaining("full_name")
                .hasMessageContaining("fullname")
                .hasMessageContaining("it_cass_bad.people");
    }

    @Test
    void inlineMappingNamingAMissingHiveColumnIsRejected() {
        assertThatThrownBy(() -> create(
                        "inline_typo",
                        "id int, name string",
                        hosts() + ", 'cassandra.table'='people', 'cassandra.columns.mapping'='nmae:name'"))
                .hasMessageContaining("HNS-113")
                .hasMessageContaining("nmae")
                .hasMessageContaining("cassandra.columns.mapping");
    }

    @Test
    void mappingThatDisagreesWithTheLiveSchemaListsEveryProblemInOneError() {
        assertThatThrownBy(() -> create(
                        "drifted",
                        "id int, nmae string, age string, tags map<string,int>",
                        hosts() + ", 'cassandra.table'='people'"))
                .hasMessageContaining("HNS-115 SCHEMA_MISMATCH")
                .hasMessageContaining("it_cass_bad.drifted")
                .hasMessageContaining("it_cass_bad.people")
                .hasMessageContaining("3 problems")
                .hasMessageContaining("'nmae'")
                .hasMessageContaining("did you mean name?")
                .hasMessageContaining("Hive column 'age' string (CQL column age)")
                .hasMessageContaining("CQL type int does not read as Hive string")
                .hasMessageContaining("Hive column 'tags' map<string,int>");
    }

    @Test
    void missingKeyspaceOrTableIsNamed() {
        assertThatThrownBy(() -> create(
                        "no_keyspace",
                        "id int",
                        hosts() + ", 'cassandra.keyspace'='it_cass_bda', 'cassandra.table'='people'"))
                .hasMessageContaining("HNS-116 STORE_TABLE_NOT_FOUND")
                .hasMessageContaining("it_cass_bad.no_keyspace")
                .hasMessageContaining("no keyspace it_cass_bda (did you mean it_cass_bad?)")
                .hasMessageContaining("cassandra.keyspace");
        assertThatThrownBy(() -> create("peeple", "id int", hosts()))
                .hasMessageContaining("HNS-116 STORE_TABLE_NOT_FOUND")
                .hasMessageContaining("keyspace it_cass_bad")
                .hasMessageContaining("no table peeple (did you mean people?)")
                .hasMessageContaining("cassandra.table");
    }

    /** The rows of a query, sorted as text: simple SELECTs run as fetch tasks (no job), ORDER BY would start one. */
    private List<String> sortedRows(String sql) throws SQLException {
        return Rows.of(hive, sql).stream().sorted().toList();
    }

    private String measures(String policy) throws SQLException {
        String table = "measures_" + policy;
        create(
                table,
                "id int, big bigint, price decimal(5,2), label string",
                hosts() + ", 'cassandra.table'='measures', 'nosql.bad-record.policy'='" + policy + "'");
        return DB + "." + table;
    }

    @Test
    void failPolicyNamesTableKeyColumnAndValue() throws Exception {
        String table = measures("fail");
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table + " WHERE id = 2"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("measures_fail")
                .hasStackTraceContaining("id=2")
                .hasStackTraceContaining("'big'")
                .hasStackTraceContaining("1180591620717411303424")
                .hasStackTraceContaining("nosql.bad-record.policy");
        assertThatThrownBy(() -> hive.query("SELECT id, price FROM " + table + " WHERE id = 3"))
                .hasStackTraceContaining("id=3")
                .hasStackTraceContaining("'price'")
                .hasStackTraceContaining("123456.7")
                .hasStackTraceContaining("decimal(5,2)");
        // a whole scan in a Tez job fails too, when it reads the bad column
        assertThatThrownBy(() -> hive.query("SELECT sum(big) FROM " + table))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("measures_fail")
                .hasStackTraceContaining("'big'");
        // but only then: the columns a query does not read are not converted
        assertThat(sortedRows("SELECT id, label FROM " + table))
                .containsExactly("1|ok", "2|too big", "3|too wide", "4|rounded");
    }

    @Test
    void nullPolicyReadsBadValuesAsNull() throws Exception {
        assertThat(sortedRows("SELECT * FROM " + measures("null")))
                .containsExactly("1|5|1.25|ok", "2|NULL|2.50|too big", "3|7|NULL|too wide", "4|8|3.14|rounded");
    }

    @Test
    void skipPolicyDropsBadRecords() throws Exception {
        assertThat(sortedRows("SELECT * FROM " + measures("skip"))).containsExactly("1|5|1.25|ok", "4|8|3.14|rounded");
    }

    @Test
    void nullPrimaryKeyOnInsertIsNamed() throws Exception {
        create(
                "people_w",
                "id int, name string, age int, tags array<string>",
                hosts() + ", 'cassandra.table'='people'");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".people_w SELECT 1, 'one', 1, array('a') "
                        + "UNION ALL SELECT cast(NULL AS int), 'nobody', 2, array('b')"))
                .hasStackTraceContaining("HNS-122")
                .hasStackTraceContaining("people_w")
                .hasStackTraceContaining("'id'")
                .hasStackTraceContaining("IS NOT NULL");
    }

    @Test
    void unparsableUuidOrSubMillisecondTimestampFailsTheWriteNamingColumnAndValue() throws Exception {
        create(
                "ids_w",
                "id int, ref string, addr string, at timestamp, took string",
                hosts() + ", 'cassandra.table'='ids'");
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".ids_w SELECT 1, 'not-a-uuid', '10.0.0.1', "
                        + "cast(NULL AS timestamp), '1h'"))
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining("ids_w")
                .hasStackTraceContaining("id=1")
                .hasStackTraceContaining("'ref'")
                .hasStackTraceContaining("not-a-uuid");
        // CQL timestamps hold milliseconds: a finer Hive value is refused rather than silently truncated
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".ids_w SELECT 4, cast(NULL AS string), "
                        + "cast(NULL AS string), cast('2024-01-01 00:00:00.1234' AS timestamp), cast(NULL AS string)"))
                .hasStackTraceContaining("'at'")
                .hasStackTraceContaining("2024-01-01");
        assertThat(cql.rows("SELECT id FROM " + DB + ".ids"))
                .as("no row written")
                .isEmpty();
    }

    @Test
    void countersCannotBeInserted() throws Exception {
        create("hits", "page string, n bigint", hosts());
        assertThatThrownBy(() -> hive.execute("INSERT INTO " + DB + ".hits SELECT 'home', 1"))
                .hasStackTraceContaining("HNS-141")
                .hasStackTraceContaining("counter");
    }

    @Test
    void unreachableHostNamesHostAndPort() throws Exception {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        String contactPoint = "127.0.0.1:" + closedPort;
        assertThatThrownBy(() -> create(
                        "nowhere",
                        "id int, name string",
                        "'cassandra.hosts'='" + contactPoint + "', 'cassandra.table'='people', "
                                + "'cassandra.timeout.ms'='3000'"))
                .hasMessageContaining("HNS-201 STORE_UNREACHABLE")
                .hasMessageContaining(contactPoint)
                .hasMessageContaining("it_cass_bad.nowhere")
                .hasMessageContaining("cassandra.hosts");
    }

    private static String stackTrace(Throwable e) {
        StringWriter writer = new StringWriter();
        e.printStackTrace(new PrintWriter(writer));
        return writer.toString();
    }
}
