package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
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
 * Every CQL type read into its Hive type through HiveServer2, exactly (NULLs and missing cells included), from a table
 * that CQL created; the wider Hive types a CQL type may also be read as; counters; columns declared by a mapping file
 * and renamed by {@code cassandra.columns.mapping}; and Hive rows written into uuid, inet, duration, time and
 * collection columns, read back through CQL.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraTypesIT {
    private static final String DB = "it_cass_types";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";

    /** The CQL columns after {@code id}, in table order. */
    private static final String CQL_COLUMNS = "c_ascii ascii, c_text text, c_varchar varchar, c_boolean boolean, "
            + "c_tinyint tinyint, c_smallint smallint, c_int int, c_bigint bigint, c_varint varint, c_float float, "
            + "c_double double, c_decimal decimal, c_blob blob, c_uuid uuid, c_timeuuid timeuuid, c_inet inet, "
            + "c_date date, c_time time, c_timestamp timestamp, c_duration duration, c_list list<int>, "
            + "c_set set<text>, c_map map<text, int>, c_tuple tuple<int, text, double>, c_udt frozen<address>, "
            + "c_udt_live address, c_nested map<text, frozen<list<frozen<set<int>>>>>, c_vector vector<float, 3>";

    /** The matching Hive columns (the canonical type of each CQL type, or a narrower one where CQL allows). */
    private static final String HIVE_COLUMNS = "id int, c_ascii string, c_text string, c_varchar varchar(20), "
            + "c_boolean boolean, c_tinyint tinyint, c_smallint smallint, c_int int, c_bigint bigint, "
            + "c_varint decimal(38,0), c_float float, c_double double, c_decimal decimal(12,4), c_blob binary, "
            + "c_uuid string, c_timeuuid string, c_inet string, c_date date, c_time string, c_timestamp timestamp, "
            + "c_duration string, c_list array<int>, c_set array<string>, c_map map<string,int>, "
            + "c_tuple struct<n:int,s:string,d:double>, c_udt struct<street:string,zip:int,tags:array<string>>, "
            + "c_udt_live struct<street:string,zip:int,tags:array<string>>, c_nested map<string,array<array<int>>>, "
            + "c_vector array<float>";

    private HiveInstance hive;
    private HiveStack.Resources stack;
    private HandlerJarCqlSession cql;
    private TestingCassandraServer cassandra;

    @BeforeAll
    void createTables(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        this.hive = stack.hive();
        this.cassandra = stack.cassandra();
        cql = stack.cql();
        cql.execute("DROP KEYSPACE IF EXISTS " + DB);
        cql.execute(
                "CREATE KEYSPACE " + DB + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
        cql.execute("CREATE TYPE " + DB + ".address (street text, zip int, tags frozen<set<text>>)");
        cql.execute("CREATE TABLE " + DB + ".all_types (id int PRIMARY KEY, " + CQL_COLUMNS + ")");
        // the same columns, for the rows Hive writes (the tests that read all_types see only CQL's rows)
        cql.execute("CREATE TABLE " + DB + ".written (id int PRIMARY KEY, " + CQL_COLUMNS + ")");
        cql.execute("INSERT INTO " + DB + ".all_types (id, " + columnNames() + ") VALUES (1, 'plain ascii', "
                + "'text ü €', 'varchar', true, -128, 32767, -2147483648, 9223372036854775807, "
                + "123456789012345678901234567890, 1.5, -2.25, 12345.6789, 0xCAFEBABE, "
                + "123E4567-E89B-12D3-A456-426614174000, 50554d6e-29bb-11e5-b345-feff819cdc9f, '192.168.0.1', "
                + "'2024-02-29', '12:34:56.789', '2024-02-29 23:59:59.999+0000', 1h30m, [3, 1, 3], "
                + "{'b', 'a'}, {'y': 2, 'x': 1}, (7, 'seven', 0.5), "
                + "{street: 'Main St', zip: 12345, tags: {'home', 'billing'}}, "
                + "{street: 'Side St', zip: null, tags: null}, {'k': [{2, 1}, {}], 'e': []}, [1.5, -2.5, 0.0])");
        // no cell but the key: every column reads as NULL
        cql.execute("INSERT INTO " + DB + ".all_types (id) VALUES (2)");
        cql.execute("INSERT INTO " + DB + ".all_types (id, c_text, c_varint, c_decimal, c_inet, c_date, c_time, "
                + "c_timestamp, c_duration, c_list, c_set, c_map, c_tuple) VALUES (3, '', -99, -0.5, "
                + "'2001:db8::1', '1969-07-20', '00:00:00', '1969-07-20 20:17:40+0000', 1y2mo3w4d5h6m7s8ms9us10ns, "
                + "[], {}, {}, (null, null, null))");

        cql.execute("CREATE TABLE " + DB + ".page_hits (page text PRIMARY KEY, hits counter, misses counter)");
        cql.execute("UPDATE " + DB + ".page_hits SET hits = hits + 5, misses = misses - 2 WHERE page = 'home'");
        cql.execute("UPDATE " + DB + ".page_hits SET hits = hits + 9223372036854775806 WHERE page = 'big'");
        cql.execute("UPDATE " + DB + ".page_hits SET hits = hits + 1 WHERE page = 'big'");
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".all_types (" + HIVE_COLUMNS + ") " + HANDLER + " TBLPROPERTIES ("
                + connection() + ")");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".written (" + HIVE_COLUMNS + ") " + HANDLER + " TBLPROPERTIES ("
                + connection() + ")");
    }

    @AfterAll
    void closeCql() throws Exception {
        if (cql != null) {
            cql.close();
        }
    }

    private String connection() {
        return "'cassandra.hosts'='" + cassandra.contactPoint() + "', 'cassandra.local-dc'='"
                + cassandra.localDatacenter() + "'";
    }

    /** The rows of a query, sorted as text: simple SELECTs run as fetch tasks (no job), ORDER BY would start one. */
    private List<String> sortedRows(String sql) throws SQLException {
        return Rows.of(hive, sql).stream().sorted().toList();
    }

    private static String columnNames() {
        StringBuilder names = new StringBuilder();
        for (String column : CQL_COLUMNS.split(", (?=c_)")) {
            names.append(names.isEmpty() ? "" : ", ").append(column, 0, column.indexOf(' '));
        }
        return names.toString();
    }

    @Test
    void everyCqlTypeReadsAsItsHiveTypeExactly() throws Exception {
        List<String> rows = sortedRows(
                "SELECT id, c_ascii, c_text, c_varchar, c_boolean, c_tinyint, c_smallint, c_int, c_bigint, c_varint, "
                        + "c_float, c_double, c_decimal, hex(c_blob), c_uuid, c_timeuuid, c_inet, c_date, c_time, "
                        + "c_timestamp, c_duration FROM " + DB + ".all_types");
        assertThat(rows)
                .containsExactly(
                        "1|plain ascii|text ü €|varchar|true|-128|32767|-2147483648|9223372036854775807|"
                                + "123456789012345678901234567890|1.5|-2.25|12345.6789|CAFEBABE|"
                                + "123e4567-e89b-12d3-a456-426614174000|50554d6e-29bb-11e5-b345-feff819cdc9f|"
                                + "192.168.0.1|2024-02-29|12:34:56.789000000|2024-02-29 23:59:59.999|1h30m",
                        "2|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|"
                                + "NULL|NULL",
                        "3|NULL||NULL|NULL|NULL|NULL|NULL|NULL|-99|NULL|NULL|-0.5000|NULL|NULL|NULL|"
                                + "2001:db8::1|1969-07-20|00:00:00|1969-07-20 20:17:40.0|"
                                + "1y2mo25d5h6m7s8ms9us10ns");
    }

    @Test
    void collectionsTuplesAndUdtsReadAsArraysMapsAndStructs() throws Exception {
        List<String> rows = Rows.of(
                hive,
                "SELECT id, c_list, c_set, c_map, c_tuple, c_udt, c_udt_live, c_nested, c_vector FROM " + DB
                        + ".all_types ORDER BY id");
        assertThat(rows)
                .containsExactly(
                        "1|[3,1,3]|[\"a\",\"b\"]|{\"x\":1,\"y\":2}|{\"n\":7,\"s\":\"seven\",\"d\":0.5}|"
                                + "{\"street\":\"Main St\",\"zip\":12345,\"tags\":[\"billing\",\"home\"]}|"
                                + "{\"street\":\"Side St\",\"zip\":null,\"tags\":null}|"
                                + "{\"e\":[],\"k\":[[1,2],[]]}|[1.5,-2.5,0.0]",
                        "2|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
                        // empty non-frozen collections are no cell at all in Cassandra: NULL
                        "3|NULL|NULL|NULL|{\"n\":null,\"s\":null,\"d\":null}|NULL|NULL|NULL|NULL");
        // element access works on the Hive types
        assertThat(Rows.of(
                        hive,
                        "SELECT c_list[1], c_map['y'], c_tuple.s, c_udt.zip, c_udt.tags[1], c_nested['k'][0][1], "
                                + "c_vector[2], size(c_set) FROM " + DB + ".all_types WHERE id = 1"))
                .containsExactly("1|2|seven|12345|home|2|0.0|2");
    }

    @Test
    void describeShowsTheDeclaredHiveTypes() throws Exception {
        List<String> expected = List.of(HIVE_COLUMNS.split(", (?=[a-z_]+ )")).stream()
                .map(column -> column.replaceFirst(" ", "|"))
                .toList();
        assertThat(Rows.describe(hive, DB + ".all_types")).containsExactlyElementsOf(expected);
    }

    @Test
    void widerAndAlternativeHiveTypesReadTheSameCells() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".all_types_wide (id bigint, c_tinyint int, c_smallint bigint, "
                + "c_int bigint, c_float double, c_varint string, c_decimal decimal(20,2), c_time bigint, "
                + "c_text varchar(4), c_bigint decimal(19,0), c_udt struct<ZIP:int>) " + HANDLER
                + " TBLPROPERTIES (" + connection() + ", 'cassandra.table'='all_types')");
        assertThat(sortedRows("SELECT * FROM " + DB + ".all_types_wide"))
                .containsExactly(
                        "1|-128|32767|-2147483648|1.5|123456789012345678901234567890|12345.68|45296789000000|text|"
                                + "9223372036854775807|{\"zip\":12345}",
                        "2|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
                        "3|NULL|NULL|NULL|NULL|-99|-0.50|0||NULL|NULL");
    }

    @Test
    void countersReadAsBigint() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".page_hits (page string, hits bigint, misses bigint) " + HANDLER
                + " TBLPROPERTIES (" + connection() + ")");
        assertThat(sortedRows("SELECT * FROM " + DB + ".page_hits"))
                .containsExactly("big|9223372036854775807|NULL", "home|5|-2");
    }

    @Test
    void mappingFileDeclaresTheColumnsAndTheirCqlNames() throws Exception {
        Path file = stack.scratch("cassandra-types").resolve("all_types_mapping.json");
        Files.writeString(
                file,
                """
                {
                  "columns": [
                    {"name": "ident", "type": "int", "path": "id"},
                    {"name": "label", "type": "string", "path": "c_text"},
                    {"name": "address", "type": "struct<street:string,zip:int>", "path": "c_udt"},
                    {"name": "c_inet", "type": "string"}
                  ]
                }
                """);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".mapped_from_file " + HANDLER + " TBLPROPERTIES (" + connection()
                + ", 'cassandra.table'='all_types', 'nosql.mapping.url'='" + file.toUri() + "')");
        assertThat(Rows.describe(hive, DB + ".mapped_from_file"))
                .containsExactly("ident|int", "label|string", "address|struct<street:string,zip:int>", "c_inet|string");
        assertThat(sortedRows("SELECT * FROM " + DB + ".mapped_from_file WHERE ident IN (1, 3)"))
                .containsExactly(
                        "1|text ü €|{\"street\":\"Main St\",\"zip\":12345}|192.168.0.1", "3||NULL|2001:db8::1");
    }

    @Test
    void inlineColumnMappingRenamesColumns() throws Exception {
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".renamed (ident int, label string, ip string) " + HANDLER
                + " TBLPROPERTIES (" + connection() + ", 'cassandra.table'='all_types', "
                + "'cassandra.columns.mapping'='ident:id, label:c_ascii, ip:c_inet')");
        assertThat(sortedRows("SELECT * FROM " + DB + ".renamed"))
                .containsExactly("1|plain ascii|192.168.0.1", "2|NULL|NULL", "3|NULL|2001:db8::1");
    }

    @Test
    void hiveRowsWrittenIntoEveryTypeReadBackThroughCql() throws Exception {
        hive.execute(
                "INSERT INTO " + DB + ".written SELECT 10, 'ascii', 'Grüße', 'vc', false, "
                        + "cast(-1 as tinyint), cast(-2 as smallint), 3, 4, "
                        + "cast('-98765432109876543210987654321' as decimal(38,0)), cast(0.25 as float), 1e100, "
                        + "cast(-0.0001 as decimal(12,4)), unhex('00FF10'), '00000000-0000-0000-0000-0000000000AB', "
                        + "'d2177dd0-eaa2-11de-a572-001b779c76e3', '::ffff:10.1.2.3', DATE '2000-01-01', '23:59:59.123456789', "
                        + "cast('2024-05-06 07:08:09.012' as timestamp), '2h45m', array(5, 4, 5), array('z', 'y', 'z'), "
                        + "map('one', 1, 'two', 2), named_struct('n', 1, 's', 'one', 'd', cast(1 as double)), "
                        + "named_struct('street', 'High St', 'zip', 99, 'tags', array('a', 'b', 'a')), "
                        + "named_struct('street', 'Low St', 'zip', 1, 'tags', array()), "
                        + "map('m', array(array(3, 3), array(4))), array(cast(1 as float), cast(2 as float), cast(3 as float))");
        // a row with only the key: NULLs are left unset (no cells), so the row is just its key
        HiveStack.Resources.insertLeavingComplexNulls(hive, "INSERT INTO " + DB + ".written (id) VALUES (11)");
        String json = (String) cql.rows("SELECT JSON * FROM " + DB + ".written WHERE id = 10")
                .get(0)
                .get(0);
        assertThat(json)
                .contains("\"c_ascii\": \"ascii\"")
                .contains("\"c_text\": \"Grüße\"")
                .contains("\"c_boolean\": false")
                .contains("\"c_tinyint\": -1")
                .contains("\"c_smallint\": -2")
                .contains("\"c_varint\": -98765432109876543210987654321")
                .contains("\"c_float\": 0.25")
                .contains("\"c_double\": 1.0E100")
                .contains("\"c_decimal\": -0.0001")
                .contains("\"c_blob\": \"0x00ff10\"")
                .contains("\"c_uuid\": \"00000000-0000-0000-0000-0000000000ab\"")
                .contains("\"c_timeuuid\": \"d2177dd0-eaa2-11de-a572-001b779c76e3\"")
                .contains("\"c_inet\": \"10.1.2.3\"")
                .contains("\"c_date\": \"2000-01-01\"")
                .contains("\"c_time\": \"23:59:59.123456789\"")
                .contains("\"c_timestamp\": \"2024-05-06 07:08:09.012Z\"")
                .contains("\"c_duration\": \"2h45m\"")
                .contains("\"c_list\": [5, 4, 5]")
                .contains("\"c_set\": [\"y\", \"z\"]")
                .contains("\"c_map\": {\"one\": 1, \"two\": 2}")
                .contains("\"c_tuple\": [1, \"one\", 1.0]")
                .contains("\"c_udt\": {\"street\": \"High St\", \"zip\": 99, \"tags\": [\"a\", \"b\"]}")
                .contains("\"c_udt_live\": {\"street\": \"Low St\", \"zip\": 1, \"tags\": []}")
                .contains("\"c_nested\": {\"m\": [[3], [4]]}")
                .contains("\"c_vector\": [1.0, 2.0, 3.0]");
        assertThat(cql.rows("SELECT JSON * FROM " + DB + ".written WHERE id = 11")
                        .get(0)
                        .get(0))
                .asString()
                .contains("\"c_text\": null")
                .contains("\"c_list\": null");
        assertThat(cql.rows("SELECT writetime(c_text) FROM " + DB + ".written WHERE id = 11")
                        .get(0)
                        .get(0))
                .as("no tombstone written for a NULL")
                .isNull();
        // and back through Hive, in the canonical text forms; an IPv4-mapped IPv6 address keeps its 16 bytes
        // (Cassandra's
        // JSON shows them as the IPv4 address, cqlsh as ::ffff:10.1.2.3)
        Object stored = cql.rows("SELECT inetAsBlob(c_inet) FROM " + DB + ".written WHERE id = 10")
                .get(0)
                .get(0);
        assertThat(((java.nio.ByteBuffer) stored).remaining()).isEqualTo(16);
        assertThat(Rows.of(
                        hive,
                        "SELECT c_uuid, c_inet, c_time, c_duration, c_timestamp, c_set FROM " + DB
                                + ".written WHERE id = 10"))
                .containsExactly("00000000-0000-0000-0000-0000000000ab|::ffff:10.1.2.3|23:59:59.123456789|2h45m|"
                        + "2024-05-06 07:08:09.012|[\"y\",\"z\"]");
    }

    /**
     * A set is sorted in Cassandra whoever wrote it. Top-level sets and map values are re-sorted by Cassandra, but a UDT
     * is bound as one serialized value that Cassandra stores as the client sent it, so the handler must send the
     * elements of a set inside it in CQL order: a frozen value is compared byte by byte (in a key, an index, or
     * {@code WHERE udt = ...}).
     */
    @Test
    void setsInsideUdtsAreWrittenInCqlOrder() throws Exception {
        HiveStack.Resources.insertLeavingComplexNulls(
                hive,
                "INSERT INTO " + DB + ".written (id, c_set, c_udt, c_nested) SELECT 12, array('b', 'a'), "
                        + "named_struct('street', 'S', 'zip', 1, 'tags', array('b', 'a')), "
                        + "map('m', array(array(5, 3, 5), array(2, 1)))");
        assertThat(cql.rows("SELECT JSON c_set, c_udt, c_nested FROM " + DB + ".written WHERE id = 12")
                        .get(0)
                        .get(0))
                .isEqualTo("{\"c_set\": [\"a\", \"b\"], \"c_udt\": {\"street\": \"S\", \"zip\": 1, "
                        + "\"tags\": [\"a\", \"b\"]}, \"c_nested\": {\"m\": [[3, 5], [1, 2]]}}");
        // the same value written by CQL is the same value
        assertThat(cql.rows("SELECT id FROM " + DB + ".written WHERE c_udt = {street: 'S', zip: 1, "
                        + "tags: {'a', 'b'}} ALLOW FILTERING"))
                .extracting(row -> row.get(0))
                .containsExactly(12);
    }
}
