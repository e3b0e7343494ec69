package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.tpch.TpchFiles;
import io.trino.tpch.TpchTable;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * JSON-lines tables ({@code JsonSerDe}, {@code STORED AS TEXTFILE} and with {@code JsonInputFormat}) through
 * HiveServer2: files written by the test with nested objects, arrays of structs, maps, mixed-case, reordered, unknown
 * and missing fields and every Hive primitive read exactly; {@code json.columns.mapping} with nested paths,
 * {@code json.case-insensitive=false}, a mapping file without a column list; the temporal formats and
 * {@code json.write.nulls} checked on the text Hive writes; nested rows written from ORC and read back; TPC-H
 * {@code orders} text -> ORC -> JSON -> ORC compared row by row, read as jobs on Tez and MapReduce (in many splits),
 * overwritten, joined with ORC and written gzip-compressed.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class JsonSerDeIT {
    private static final String DB = "it_json";
    private static final String SERDE = "ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'";
    private static final String TEXTFILE = "STORED AS TEXTFILE";
    private static final String JSON_INPUT_FORMAT = "STORED AS INPUTFORMAT 'io.hivenosql.json.JsonInputFormat' "
            + "OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat'";
    private static final double SCALE_FACTOR = 0.01;
    private static final String ORDERS_MAPPING =
            "{\"o_orderkey\":\"_id\",\"o_custkey\":\"customer.id\",\"o_orderdate\":\"dates.ordered\"}";
    private static final String ORDERS_CHECKSUM = "SELECT count(*), count(DISTINCT o_orderkey), sum(o_totalprice), "
            + "sum(hash(o_orderkey, o_custkey, o_orderstatus, o_totalprice, o_orderdate, o_orderpriority, o_clerk, "
            + "o_shippriority, o_comment)) FROM ";

    private static final String TYPES_COLUMNS = "id int, ti tinyint, si smallint, i int, bi bigint, f float, d double, "
            + "dc decimal(38,18), c char(5), vc varchar(10), s string, b boolean, bin binary, dt date, ts timestamp";
    /** Values as Hive returns them: decimals, dates and timestamps cast to string, binary as base64. */
    private static final String TYPES_SELECT = "SELECT id, ti, si, i, bi, f, d, cast(dc AS string), c, vc, s, b, "
            + "base64(bin), cast(dt AS string), cast(ts AS string) FROM ";

    private static final String PEOPLE_COLUMNS = "id int, name string, "
            + "address struct<city:string,zip:int,geo:struct<lat:double,lon:double>>, "
            + "phones array<struct<kind:string,number:string>>, scores map<string,int>, flags map<int,boolean>, "
            + "tags array<string>, city string, lat double";
    private static final String PEOPLE_MAPPING = "{\"city\":\"address.city\",\"lat\":\"address.geo.lat\"}";

    private enum Engine {
        TEZ("SET hive.execution.engine=tez"),
        MR("SET hive.execution.engine=mr");

        private final String setting;

        Engine(String setting) {
            this.setting = setting;
        }
    }

    private HiveInstance hive;
    private HiveStack.Resources stack;
    private Path peopleDir;
    private long orders;
    /** The rows of orders_orc, sorted. */
    private List<String> ordersRows;

    private List<String> ordersChecksum;

    private final Map<Engine, Connection> sessions = new EnumMap<>(Engine.class);

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);

        peopleDir = stack.scratch("json-people");
        writeLines(
                peopleDir.resolve("people.json"),
                "{\"id\":1,\"name\":\"Ann\",\"address\":{\"city\":\"Oslo\",\"zip\":150,\"geo\":{\"lat\":59.91,"
                        + "\"lon\":10.75}},\"phones\":[{\"kind\":\"home\",\"number\":\"+47 1\"},{\"kind\":\"work\","
                        + "\"number\":\"+47 2\"}],\"scores\":{\"math\":90,\"art\":75},\"tags\":[\"a\",\"b\"],"
                        + "\"flags\":{\"1\":true,\"2\":false}}",
                // mixed case, fields out of order, unknown fields (nested ones too), missing fields
                "{\"Tags\":[],\"ADDRESS\":{\"Geo\":{\"LON\":2.35,\"Lat\":48.85},\"ZIP\":75001,\"City\":\"Paris\"},"
                        + "\"Name\":\"Bob\",\"ID\":2,\"extra\":{\"deep\":[1,2,{\"x\":null}]},\"phones\":[]}",
                // explicit nulls, a parent without the mapped children
                "{\"id\":3,\"name\":null,\"unknown\":[[]],\"address\":{\"zip\":null}}",
                "{\"id\":4}",
                // a null parent; an array holding a null; an empty map; a struct with its fields reordered
                "{\"id\":5,\"name\":\"Eve\",\"address\":null,\"phones\":[{\"number\":\"x\",\"KIND\":\"cell\","
                        + "\"extra\":1},null],\"scores\":{},\"tags\":[null,\"z\"]}");
        createJson("people", PEOPLE_COLUMNS, mapping(PEOPLE_MAPPING), TEXTFILE, peopleDir);

        orders = loadOrders();
        ordersRows = all("orders_orc");
        ordersChecksum = Rows.of(hive, ORDERS_CHECKSUM + DB + ".orders_orc");
    }

    private static String mapping(String json) {
        return "'json.columns.mapping'='" + json + "'";
    }

    /** A JSON table; {@code properties} are SERDEPROPERTIES (empty for none), {@code storage} TEXTFILE or not. */
    private void createJson(String table, String columns, String properties, String storage, Path location)
            throws SQLException {
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + (columns.isEmpty() ? "" : " (" + columns + ")")
                + " " + SERDE + (properties.isEmpty() ? "" : " WITH SERDEPROPERTIES (" + properties + ")") + " "
                + storage + " LOCATION '" + location.toUri() + "'");
    }

    private static void writeLines(Path file, String... lines) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    /** dbgen text -> a text table -> ORC; returns the row count. */
    private long loadOrders() throws Exception {
        Path dir = stack.scratch("json-tpch-orders");
        long rows = TpchFiles.write(TpchTable.ORDERS, SCALE_FACTOR, -1, dir.resolve("orders.tbl"));
        String columns = TpchFiles.hiveColumns(TpchTable.ORDERS);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".orders_text (" + columns + ") ROW FORMAT DELIMITED "
                + "FIELDS TERMINATED BY '|' STORED AS TEXTFILE LOCATION '" + dir.toUri() + "'");
        hive.execute("CREATE TABLE " + DB + ".orders_orc (" + columns + ") STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".orders_orc SELECT * FROM " + DB + ".orders_text");
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".orders_orc"))
                .isEqualTo(rows);
        return rows;
    }

    /** The data files of a table directory (Hive's hidden and marker files left out), sorted. */
    private static List<Path> dataFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .sorted()
                    .toList();
        }
    }

    /** Every line of every data file of a directory (gzip files decompressed), sorted. */
    private static List<String> writtenLines(Path dir) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path file : dataFiles(dir)) {
            try (InputStream raw = Files.newInputStream(file);
                    InputStream in = file.toString().endsWith(".gz") ? new GZIPInputStream(raw) : raw;
                    BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
                reader.lines().forEach(lines::add);
            }
        }
        return lines.stream().sorted().toList();
    }

    /**
     * Runs settings and a query as a job (no fetch task) in the engine's session (one per engine, kept for the class:
     * each new session starts its own Tez application); the rows sorted.
     */
    private List<String> run(Engine engine, List<String> settings, String sql) throws SQLException {
        Connection connection = sessions.get(engine);
        if (connection == null) {
            connection = hive.connect();
            sessions.put(engine, connection);
            try (Statement statement = connection.createStatement()) {
                statement.execute(engine.setting);
                statement.execute("SET hive.fetch.task.conversion=none");
            }
        }
        try (Statement statement = connection.createStatement()) {
            for (String setting : settings) {
                statement.execute(setting);
            }
            try (ResultSet resultSet = statement.executeQuery(sql)) {
                return Rows.sorted(resultSet);
            }
        }
    }

    @AfterAll
    void closeSessions() throws SQLException {
        for (Connection connection : sessions.values()) {
            connection.close();
        }
    }

    private void execute(List<String> settings, String sql) throws SQLException {
        try (Connection connection = hive.connect();
                Statement statement = connection.createStatement()) {
            for (String setting : settings) {
                statement.execute(setting);
            }
            statement.execute(sql);
        }
    }

    @Test
    void everyPrimitiveReadsExactly() throws Exception {
        Path dir = stack.scratch("json-types");
        writeLines(
                dir.resolve("types.json"),
                // the largest values
                "{\"id\":1,\"ti\":127,\"si\":32767,\"i\":2147483647,\"bi\":9223372036854775807,\"f\":1.5,"
                        + "\"d\":1.7976931348623157E308,\"dc\":99999999999999999999.999999999999999999,"
                        + "\"c\":\"abcde\",\"vc\":\"hello\",\"s\":\"h\\u00e9llo \\\"q\\\"\\t\\\\\",\"b\":true,"
                        + "\"bin\":\"AQID/w==\",\"dt\":\"2024-02-29\",\"ts\":\"2024-05-01T10:15:30.123456789\"}",
                // the smallest values; a timestamp with Z
                "{\"id\":2,\"ti\":-128,\"si\":-32768,\"i\":-2147483648,\"bi\":-9223372036854775808,\"f\":-0.25,"
                        + "\"d\":4.9E-324,\"dc\":-99999999999999999999.999999999999999999,\"c\":\"ab\",\"vc\":\"\","
                        + "\"s\":\"\",\"b\":false,\"bin\":\"\",\"dt\":\"1970-01-01\","
                        + "\"ts\":\"1969-12-31T23:59:59.999Z\"}",
                // numbers in strings, whole numbers with a fraction or an exponent, NaN and infinity, truncation
                // to char and varchar, a number into string, 1 into boolean, epoch days and epoch millis
                "{\"id\":3,\"ti\":\"12\",\"si\":42.0,\"i\":\"-7\",\"bi\":1e3,\"f\":\"NaN\",\"d\":\"-Infinity\","
                        + "\"dc\":\"0.000000000000000001\",\"c\":\"abcdefgh\",\"vc\":\"0123456789ABC\",\"s\":12.50,"
                        + "\"b\":1,\"bin\":\"aGk=\",\"dt\":19844,\"ts\":1714558530123}",
                // an offset converted to UTC; a decimal with one digit too many rounds half up
                "{\"ts\":\"2024-05-01T12:15:30+02:00\",\"id\":4,\"dt\":\"2024-05-01\","
                        + "\"dc\":1.0000000000000000005,\"b\":\"false\",\"f\":3,\"d\":-0.0,\"bin\":\"/+8=\"}",
                // nulls and missing fields; a timestamp with a space and a fraction
                "{\"id\":5,\"ti\":null,\"s\":null,\"dt\":null,\"ts\":\"2024-05-01 10:15:30.5\"}");
        createJson("types", TYPES_COLUMNS, "", TEXTFILE, dir);
        List<String> expected = List.of(
                "1|127|32767|2147483647|9223372036854775807|1.5|1.7976931348623157E308|"
                        + "99999999999999999999.999999999999999999|abcde|hello|h\u00e9llo \"q\"\t\\|true|AQID/w==|"
                        + "2024-02-29|2024-05-01 10:15:30.123456789",
                "2|-128|-32768|-2147483648|-9223372036854775808|-0.25|4.9E-324|"
                        + "-99999999999999999999.999999999999999999|ab   |||false||1970-01-01|1969-12-31 23:59:59.999",
                "3|12|42|-7|1000|NaN|-Infinity|0.000000000000000001|abcde|0123456789|12.50|true|aGk=|2024-05-01|"
                        + "2024-05-01 10:15:30.123",
                "4|NULL|NULL|NULL|NULL|3.0|-0.0|1.000000000000000001|NULL|NULL|NULL|false|/+8=|2024-05-01|"
                        + "2024-05-01 10:15:30",
                "5|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL|2024-05-01 10:15:30.5");
        // a fetch task, then a job
        assertThat(Rows.of(hive, TYPES_SELECT + DB + ".types")).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(run(Engine.TEZ, List.of(), TYPES_SELECT + DB + ".types")).containsExactlyElementsOf(expected);
    }

    private static final List<String> PEOPLE = List.of(
            "1|Ann|{\"city\":\"Oslo\",\"zip\":150,\"geo\":{\"lat\":59.91,\"lon\":10.75}}|"
                    + "[{\"kind\":\"home\",\"number\":\"+47 1\"},{\"kind\":\"work\",\"number\":\"+47 2\"}]|"
                    + "{\"math\":90,\"art\":75}|{1:true,2:false}|[\"a\",\"b\"]|Oslo|59.91",
            "2|Bob|{\"city\":\"Paris\",\"zip\":75001,\"geo\":{\"lat\":48.85,\"lon\":2.35}}|[]|NULL|NULL|[]|Paris|48.85",
            "3|NULL|{\"city\":null,\"zip\":null,\"geo\":null}|NULL|NULL|NULL|NULL|NULL|NULL",
            "4|NULL|NULL|NULL|NULL|NULL|NULL|NULL|NULL",
            "5|Eve|NULL|[{\"kind\":\"cell\",\"number\":\"x\"},null]|{}|NULL|[null,\"z\"]|NULL|NULL");

    @Test
    void nestedDataReadsOnEveryEngineAndWithJsonInputFormat() throws Exception {
        // SELECT * is a fetch task
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people")).containsExactlyInAnyOrderElementsOf(PEOPLE);
        for (Engine engine : Engine.values()) {
            assertThat(run(engine, List.of(), "SELECT * FROM " + DB + ".people"))
                    .as("%s", engine)
                    .containsExactlyElementsOf(PEOPLE);
        }
        // nested values in expressions, a filter on a mapped nested path
        assertThat(Rows.of(
                        hive,
                        "SELECT id, address.geo.lon, phones[1].number, scores['art'], flags[2], size(tags) FROM " + DB
                                + ".people WHERE city = 'Oslo'"))
                .containsExactly("1|10.75|+47 2|75|false|2");
        // the full-featured reader gives the same rows
        createJson("people_jif", PEOPLE_COLUMNS, mapping(PEOPLE_MAPPING), JSON_INPUT_FORMAT, peopleDir);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_jif")).containsExactlyInAnyOrderElementsOf(PEOPLE);
        assertThat(run(Engine.TEZ, List.of(), "SELECT * FROM " + DB + ".people_jif"))
                .containsExactlyElementsOf(PEOPLE);
    }

    @Test
    void caseSensitiveMatchingReadsOnlyExactNames() throws Exception {
        createJson(
                "people_cs",
                PEOPLE_COLUMNS,
                mapping(PEOPLE_MAPPING) + ", 'json.case-insensitive'='false'",
                TEXTFILE,
                peopleDir);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_cs"))
                .containsExactlyInAnyOrder(
                        PEOPLE.get(0),
                        "NULL|NULL|NULL|[]|NULL|NULL|NULL|NULL|NULL",
                        PEOPLE.get(2),
                        PEOPLE.get(3),
                        "5|Eve|NULL|[{\"kind\":null,\"number\":\"x\"},null]|{}|NULL|[null,\"z\"]|NULL|NULL");
    }

    @Test
    void mappingFileSuppliesTheColumns() throws Exception {
        Path file = stack.scratch("json-mapping").resolve("people-mapping.json");
        Files.writeString(
                file,
                """
                {"columns": [
                  {"name": "person_id", "type": "int",           "path": "id"},
                  {"name": "who",       "type": "string",        "path": "name"},
                  {"name": "town",      "type": "string",        "path": "address.city"},
                  {"name": "latitude",  "type": "double",        "path": "address.geo.lat"},
                  {"name": "tags",      "type": "array<string>"}
                ]}
                """);
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".people_mapped " + SERDE + " " + TEXTFILE + " LOCATION '"
                + peopleDir.toUri() + "' TBLPROPERTIES ('nosql.mapping.url'='" + file.toUri() + "')");
        assertThat(Rows.describe(hive, DB + ".people_mapped"))
                .containsExactly("person_id|int", "who|string", "town|string", "latitude|double", "tags|array<string>");
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".people_mapped"))
                .containsExactlyInAnyOrder(
                        "1|Ann|Oslo|59.91|[\"a\",\"b\"]",
                        "2|Bob|Paris|48.85|[]",
                        "3|NULL|NULL|NULL|NULL",
                        "4|NULL|NULL|NULL|NULL",
                        "5|Eve|NULL|NULL|[null,\"z\"]");
    }

    @Test
    void temporalFormatsAndNullsAreWrittenAsConfigured() throws Exception {
        String columns = "id int, ts timestamp, dt date";
        hive.execute("CREATE TABLE " + DB + ".temporal_orc (" + columns + ") STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".temporal_orc VALUES (1, TIMESTAMP '2024-05-01 10:15:30.5', "
                + "DATE '2024-05-01'), (2, TIMESTAMP '1969-12-31 23:59:59', DATE '1969-12-31'), (3, NULL, NULL)");
        record Format(String table, String properties, List<String> lines) {}
        List<Format> formats = List.of(
                new Format(
                        "fmt_iso",
                        "",
                        List.of(
                                "{\"id\":1,\"ts\":\"2024-05-01T10:15:30.5\",\"dt\":\"2024-05-01\"}",
                                "{\"id\":2,\"ts\":\"1969-12-31T23:59:59\",\"dt\":\"1969-12-31\"}",
                                "{\"id\":3}")),
                new Format(
                        "fmt_iso_utc",
                        "'json.timestamp.format'='iso-utc'",
                        List.of(
                                "{\"id\":1,\"ts\":\"2024-05-01T10:15:30.5Z\",\"dt\":\"2024-05-01\"}",
                                "{\"id\":2,\"ts\":\"1969-12-31T23:59:59Z\",\"dt\":\"1969-12-31\"}",
                                "{\"id\":3}")),
                new Format(
                        "fmt_millis",
                        "'json.timestamp.format'='epoch-millis', 'json.date.format'='epoch-days'",
                        List.of(
                                "{\"id\":1,\"ts\":1714558530500,\"dt\":19844}",
                                "{\"id\":2,\"ts\":-1000,\"dt\":-1}",
                                "{\"id\":3}")),
                new Format(
                        "fmt_seconds",
                        "'json.timestamp.format'='epoch-seconds'",
                        List.of(
                                "{\"id\":1,\"ts\":1714558530.5,\"dt\":\"2024-05-01\"}",
                                "{\"id\":2,\"ts\":-1,\"dt\":\"1969-12-31\"}",
                                "{\"id\":3}")),
                new Format(
                        "fmt_pattern",
                        "'json.timestamp.format'='yyyy/MM/dd HH:mm:ss.SSS', 'json.date.format'='dd.MM.yyyy'",
                        List.of(
                                "{\"id\":1,\"ts\":\"2024/05/01 10:15:30.500\",\"dt\":\"01.05.2024\"}",
                                "{\"id\":2,\"ts\":\"1969/12/31 23:59:59.000\",\"dt\":\"31.12.1969\"}",
                                "{\"id\":3}")),
                new Format(
                        "fmt_nulls",
                        "'json.write.nulls'='true'",
                        List.of(
                                "{\"id\":1,\"ts\":\"2024-05-01T10:15:30.5\",\"dt\":\"2024-05-01\"}",
                                "{\"id\":2,\"ts\":\"1969-12-31T23:59:59\",\"dt\":\"1969-12-31\"}",
                                "{\"id\":3,\"ts\":null,\"dt\":null}")));
        StringBuilder insert = new StringBuilder("FROM " + DB + ".temporal_orc s");
        for (Format format : formats) {
            createJson(format.table(), columns, format.properties(), TEXTFILE, stack.scratch("json-" + format.table()));
            insert.append(" INSERT INTO TABLE ").append(DB).append('.').append(format.table());
            insert.append(" SELECT s.id, s.ts, s.dt");
        }
        // one job writes every table
        hive.execute(insert.toString());
        String read = "SELECT id, cast(ts AS string), cast(dt AS string) FROM ";
        List<String> source = Rows.of(hive, read + DB + ".temporal_orc");
        assertThat(source)
                .containsExactlyInAnyOrder(
                        "1|2024-05-01 10:15:30.5|2024-05-01", "2|1969-12-31 23:59:59|1969-12-31", "3|NULL|NULL");
        for (Format format : formats) {
            assertThat(writtenLines(stack.scratch("json-" + format.table())))
                    .as("the JSON lines of %s", format.table())
                    .containsExactlyElementsOf(format.lines());
            assertThat(Rows.of(hive, read + DB + "." + format.table()))
                    .as("%s read back", format.table())
                    .containsExactlyInAnyOrderElementsOf(source);
        }
    }

    @Test
    void nestedRowsGoFromOrcToJsonAndBack() throws Exception {
        hive.execute("CREATE TABLE " + DB + ".people_orc STORED AS ORC AS SELECT id, city, address.zip AS zip, lat, "
                + "phones, scores, flags, tags FROM " + DB + ".people");
        String columns =
                "id bigint, city string, zip int, lat double, phones array<struct<kind:string,number:string>>, "
                        + "scores map<string,int>, flags map<int,boolean>, tags array<string>";
        Path out = stack.scratch("json-people-out");
        createJson(
                "people_out",
                columns,
                mapping("{\"id\":\"_id\",\"city\":\"address.city\",\"zip\":\"address.zip\","
                        + "\"lat\":\"address.geo.lat\"}"),
                TEXTFILE,
                out);
        hive.execute("INSERT OVERWRITE TABLE " + DB + ".people_out SELECT * FROM " + DB + ".people_orc");
        assertThat(writtenLines(out))
                .containsExactly(
                        "{\"_id\":1,\"address\":{\"city\":\"Oslo\",\"zip\":150,\"geo\":{\"lat\":59.91}},"
                                + "\"phones\":[{\"kind\":\"home\",\"number\":\"+47 1\"},{\"kind\":\"work\","
                                + "\"number\":\"+47 2\"}],\"scores\":{\"math\":90,\"art\":75},"
                                + "\"flags\":{\"1\":true,\"2\":false},\"tags\":[\"a\",\"b\"]}",
                        "{\"_id\":2,\"address\":{\"city\":\"Paris\",\"zip\":75001,\"geo\":{\"lat\":48.85}},"
                                + "\"phones\":[],\"tags\":[]}",
                        "{\"_id\":3}",
                        "{\"_id\":4}",
                        "{\"_id\":5,\"phones\":[{\"kind\":\"cell\",\"number\":\"x\"},null],\"scores\":{},"
                                + "\"tags\":[null,\"z\"]}");
        // back into ORC: the same rows
        hive.execute("CREATE TABLE " + DB + ".people_orc2 STORED AS ORC AS SELECT * FROM " + DB + ".people_out");
        List<String> expected = all("people_orc");
        assertThat(expected).hasSize(5);
        assertThat(all("people_out")).containsExactlyElementsOf(expected);
        assertThat(all("people_orc2")).containsExactlyElementsOf(expected);
    }

    /** Every row of a table, read by a fetch task (no job), sorted. */
    private List<String> all(String table) throws SQLException {
        return Rows.of(hive, "SELECT * FROM " + DB + "." + table).stream()
                .sorted()
                .toList();
    }

    @Test
    void tpchOrdersRoundTripOrcJsonOrcRowByRow() throws Exception {
        Path dir = stack.scratch("json-orders");
        String columns = TpchFiles.hiveColumns(TpchTable.ORDERS);
        createJson("orders_json", columns, mapping(ORDERS_MAPPING), TEXTFILE, dir);
        hive.execute("INSERT INTO " + DB + ".orders_json SELECT * FROM " + DB + ".orders_orc");
        hive.execute("CREATE TABLE " + DB + ".orders_orc2 (" + columns + ") STORED AS ORC");
        hive.execute("INSERT INTO " + DB + ".orders_orc2 SELECT * FROM " + DB + ".orders_json");

        assertThat(ordersRows).hasSize((int) orders);
        assertThat(all("orders_json")).containsExactlyElementsOf(ordersRows);
        assertThat(all("orders_orc2")).containsExactlyElementsOf(ordersRows);

        // the files hold one object per row, mapped paths as nested objects
        List<String> lines = writtenLines(dir);
        assertThat(lines).hasSize((int) orders);
        List<Object> first = hive.query("SELECT * FROM " + DB + ".orders_orc WHERE o_orderkey = 1")
                .get(0);
        assertThat(lines)
                .contains(("{\"_id\":1,\"customer\":{\"id\":%s},\"o_orderstatus\":\"%s\",\"o_totalprice\":%s,"
                                + "\"dates\":{\"ordered\":\"%s\"},\"o_orderpriority\":\"%s\",\"o_clerk\":\"%s\","
                                + "\"o_shippriority\":%s,\"o_comment\":\"%s\"}")
                        .formatted(first.subList(1, 9).toArray()));

        // both input formats as jobs on Tez; on MapReduce also cut into about 30 splits of 128 KB (Hive's
        // CombineHiveInputFormat cuts files at the maximum split size there; Tez asks the mapred input format for a
        // number of splits, which ignores it, for Hive's text input format as for JsonInputFormat): every line is read
        // exactly once
        createJson("orders_jif", columns, mapping(ORDERS_MAPPING), JSON_INPUT_FORMAT, dir);
        assertThat(all("orders_jif")).containsExactlyElementsOf(ordersRows);
        for (String table : List.of("orders_json", "orders_jif")) {
            assertThat(run(Engine.TEZ, List.of(), ORDERS_CHECKSUM + DB + "." + table))
                    .as("Tez %s", table)
                    .containsExactlyElementsOf(ordersChecksum);
        }
        List<String> small = List.of("SET mapreduce.input.fileinputformat.split.maxsize=131072");
        assertThat(Files.size(dataFiles(dir).get(0)))
                .as("the file spans many splits")
                .isGreaterThan(20 * 131_072L);
        for (String table : List.of("orders_json", "orders_jif")) {
            assertThat(run(Engine.MR, small, ORDERS_CHECKSUM + DB + "." + table))
                    .as("MapReduce %s", table)
                    .containsExactlyElementsOf(ordersChecksum);
        }
    }

    @Test
    void insertOverwriteReplacesAndJoinsWithOrc() throws Exception {
        Path dir = stack.scratch("json-orders-urgent");
        String columns = TpchFiles.hiveColumns(TpchTable.ORDERS);
        createJson("orders_urgent", columns, mapping(ORDERS_MAPPING), TEXTFILE, dir);
        hive.execute(
                "INSERT INTO " + DB + ".orders_urgent SELECT * FROM " + DB + ".orders_orc WHERE o_orderkey < 3000");
        assertThat(writtenLines(dir)).isNotEmpty();
        String onlyUrgent = " WHERE o_orderpriority = '1-URGENT'";
        hive.execute(
                "INSERT OVERWRITE TABLE " + DB + ".orders_urgent SELECT * FROM " + DB + ".orders_orc" + onlyUrgent);
        List<String> expected = Rows.of(hive, "SELECT * FROM " + DB + ".orders_orc" + onlyUrgent).stream()
                .sorted()
                .toList();
        assertThat(expected).hasSizeBetween(1000, (int) orders / 2);
        assertThat(all("orders_urgent")).containsExactlyElementsOf(expected);
        assertThat(writtenLines(dir)).as("only the new rows' lines remain").hasSize(expected.size());

        String join = "SELECT o.o_orderstatus, count(*), sum(u.o_totalprice), max(u.o_orderdate) FROM %s u JOIN " + DB
                + ".orders_orc o ON u.o_orderkey = o.o_orderkey GROUP BY o.o_orderstatus";
        List<String> orcJoin =
                run(Engine.TEZ, List.of(), join.formatted("(SELECT * FROM " + DB + ".orders_orc" + onlyUrgent + ")"));
        assertThat(orcJoin).hasSize(3);
        assertThat(run(Engine.TEZ, List.of(), join.formatted(DB + ".orders_urgent")))
                .containsExactlyElementsOf(orcJoin);
    }

    @Test
    void gzipOutputReadsBack() throws Exception {
        Path dir = stack.scratch("json-orders-gz");
        String columns = TpchFiles.hiveColumns(TpchTable.ORDERS);
        createJson("orders_gz", columns, mapping(ORDERS_MAPPING), TEXTFILE, dir);
        execute(
                List.of(
                        "SET hive.exec.compress.output=true",
                        "SET mapreduce.output.fileoutputformat.compress.codec="
                                + "org.apache.hadoop.io.compress.GzipCodec"),
                "INSERT OVERWRITE TABLE " + DB + ".orders_gz SELECT * FROM " + DB + ".orders_orc");
        assertThat(dataFiles(dir)).isNotEmpty().allMatch(p -> p.toString().endsWith(".gz"));
        List<String> lines = writtenLines(dir);
        assertThat(lines).hasSize((int) orders).allMatch(line -> line.startsWith("{\"_id\":"));
        createJson("orders_gz_jif", columns, mapping(ORDERS_MAPPING), JSON_INPUT_FORMAT, dir);
        assertThat(all("orders_gz")).containsExactlyElementsOf(ordersRows);
        assertThat(all("orders_gz_jif")).containsExactlyElementsOf(ordersRows);
    }
}
