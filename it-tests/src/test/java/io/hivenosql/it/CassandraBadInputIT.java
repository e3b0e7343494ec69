package io.hivenosql.it;

import static io.hivenosql.it.Failures.stackTrace;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every bad input a user can give a Cassandra table, each reported with its HNS code and a message naming the table,
 * property, column and value: bad properties, bad mappings, a mapping that disagrees with the live schema, missing
 * keyspaces and tables, stored values that do not convert (under each bad-record policy), rows that cannot be written,
 * and a host nobody listens on. What every store shares is in {@link BaseStoreBadInputIT}; this class plants the CQL
 * tables and keeps what only Cassandra has (primary keys, replication, counters, CQL types, the live schema).
 */
class CassandraBadInputIT extends BaseStoreBadInputIT {
    private static final String DB = "it_cass_bad";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";

    private HandlerJarCqlSession cql;
    private TestingCassandraServer cassandra;

    @Override
    String database() {
        return DB;
    }

    @Override
    void plant() throws Exception {
        cassandra = stack.cassandra();
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

    @Override
    String handler() {
        return "io.hivenosql.cassandra.CassandraStorageHandler";
    }

    @Override
    String sourceProperties() {
        return hosts() + ", 'cassandra.table'='people'";
    }

    @Override
    Misspelt misspeltProperty() {
        return new Misspelt("cassandra.pagesize", "cassandra.page.size", "9");
    }

    @Override
    String mappingProperty() {
        return "cassandra.columns.mapping";
    }

    @Override
    String mappingOfNmaeToName() {
        return "nmae:name";
    }

    @Override
    Required requiredProperty() {
        return new Required(
                "cassandra.hosts", "cassandra.hots", cassandra.contactPoint(), "'cassandra.table'='people'");
    }

    @Override
    String policyTable(String policy) throws SQLException {
        String table = "measures_" + policy;
        create(
                table,
                "id int, big bigint, price decimal(5,2), label string",
                hosts() + ", 'cassandra.table'='measures', 'nosql.bad-record.policy'='" + policy + "'");
        return DB + "." + table;
    }

    @Override
    List<BadValue> badValues() {
        return List.of(
                new BadValue(2, "id=2", "big", "1180591620717411303424", List.of()),
                new BadValue(3, "id=3", "price", "123456.7", List.of("decimal(5,2)")));
    }

    @Override
    List<String> scanFailureNames() {
        return List.of("'big'");
    }

    /** Simple SELECTs run as fetch tasks (no job), ORDER BY would start one: the rows are sorted as text. */
    @Override
    String orderBy() {
        return "";
    }

    @Override
    List<String> nullPolicyRows() {
        return List.of("1|5|1.25|ok", "2|NULL|2.50|too big", "3|7|NULL|too wide", "4|8|3.14|rounded");
    }

    @Override
    List<String> skipPolicyRows() {
        return List.of("1|5|1.25|ok", "4|8|3.14|rounded");
    }

    /** Only when it reads the bad column: the columns a query does not read are not converted. */
    @Override
    void assertReadableAfterAFailedScan(String failTable) throws Exception {
        assertThat(Rows.of(hive, "SELECT id, label FROM " + failTable).stream().sorted())
                .containsExactly("1|ok", "2|too big", "3|too wide", "4|rounded");
    }

    @Override
    String unreachableProperties(String address) {
        return "'cassandra.hosts'='" + address + "', 'cassandra.table'='people', 'cassandra.timeout.ms'='3000'";
    }

    @Override
    String addressProperty() {
        return "cassandra.hosts";
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
    void mappingFileNamingAMissingCqlColumnIsASchemaMismatch() throws Exception {
        Path file = stack.scratch(DB).resolve("missing-column.json");
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
}
