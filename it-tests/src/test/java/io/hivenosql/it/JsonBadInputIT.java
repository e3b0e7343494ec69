package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * Every bad input a JSON table can meet, through HiveServer2: values that do not fit or have the wrong JSON type, and
 * malformed lines, under each {@code nosql.bad-record.policy} (fail: the query fails naming table, file, line, column
 * and value; null: NULLs; skip: the lines dropped, with {@code JsonInputFormat} only); bad DDL (unknown {@code json.*}
 * keys, bad formats and mappings) refused at CREATE naming the table and property; and values that the table's
 * formats cannot write failing the INSERT. A misspelt property and a mapping of a missing column are refused as in
 * every format ({@link BaseBadInputIT}).
 */
class JsonBadInputIT extends BaseBadInputIT {
    private static final String DB = "it_json_bad";
    private static final String SERDE = "ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'";
    private static final String TEXTFILE = "STORED AS TEXTFILE";
    private static final String JSON_INPUT_FORMAT = "STORED AS INPUTFORMAT 'io.hivenosql.json.JsonInputFormat' "
            + "OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat'";
    private static final String COLUMNS =
            "id int, small_num tinyint, big_num bigint, whole_num int, money decimal(5,2), point struct<x:int>, "
                    + "label string";
    private static final String FIRST = "{\"id\":1,\"small_num\":1,\"big_num\":1,\"whole_num\":1,\"money\":1.5,"
            + "\"point\":{\"x\":1},\"label\":\"first\"}";
    private static final String SECOND = "{\"id\":2,\"label\":\"second\"}";
    private static final String LAST = "{\"id\":4,\"small_num\":-1,\"big_num\":-1,\"whole_num\":-1,\"money\":-1.25,"
            + "\"point\":{\"x\":-1},\"label\":\"last\"}";
    private static final String FIRST_ROW = "1|1|1|1|1.50|{\"x\":1}|first";
    private static final String SECOND_ROW = "2|NULL|NULL|NULL|NULL|NULL|second";
    private static final String LAST_ROW = "4|-1|-1|-1|-1.25|{\"x\":-1}|last";
    private static final String ALL_NULL = "NULL|NULL|NULL|NULL|NULL|NULL|NULL";

    /**
     * A bad third line: its name (also the file's and the tables'), the line, for a bad value the column and the value
     * as the message shows it (null for a malformed line), and the row the null policy reads.
     */
    private record Case(String name, String line, String column, String value, String nullRow) {}

    private static final List<Case> CASES = List.of(
            new Case("tinyint_overflow", "{\"id\":3,\"small_num\":300}", "small_num", "300", "3|NULL|" + nulls(5)),
            new Case("bigint_overflow", "{\"id\":3,\"big_num\":1e40}", "big_num", "1E+40", "3|NULL|" + nulls(5)),
            new Case("int_fraction", "{\"id\":3,\"whole_num\":42.5}", "whole_num", "42.5", "3|NULL|" + nulls(5)),
            new Case("decimal_overflow", "{\"id\":3,\"money\":123456}", "money", "123456", "3|NULL|" + nulls(5)),
            new Case("string_into_int", "{\"id\":3,\"whole_num\":\"ten\"}", "whole_num", "ten", "3|NULL|" + nulls(5)),
            new Case(
                    "object_into_int",
                    "{\"id\":3,\"whole_num\":{\"v\":1},\"label\":\"obj\"}",
                    "whole_num",
                    "{...}",
                    "3|NULL|NULL|NULL|NULL|NULL|obj"),
            new Case(
                    "array_into_struct",
                    "{\"id\":3,\"point\":[1,2],\"label\":\"arr\"}",
                    "point",
                    "[...]",
                    "3|NULL|NULL|NULL|NULL|NULL|arr"),
            new Case("not_json", "this is not json", null, null, ALL_NULL),
            new Case("truncated", "{\"id\":3,\"label\":\"cut", null, null, ALL_NULL),
            new Case("array_line", "[1,2,3]", null, null, ALL_NULL),
            new Case("scalar_line", "42", null, null, ALL_NULL),
            new Case("trailing_garbage", "{\"id\":3,\"label\":\"x\"} tail", null, null, ALL_NULL),
            new Case("empty_line", "", null, null, ALL_NULL));

    private Path allBad;
    private final Map<String, Connection> sessions = new HashMap<>();

    private static String nulls(int count) {
        return String.join("|", Collections.nCopies(count, "NULL"));
    }

    @Override
    String database() {
        return DB;
    }

    @Override
    void plant() throws Exception {
        for (Case c : CASES) {
            Path dir = stack.scratch("json-bad-" + c.name());
            writeLines(dir.resolve(c.name() + ".json"), FIRST, SECOND, c.line(), LAST);
            create(c.name() + "_jif", COLUMNS, "", JSON_INPUT_FORMAT, dir);
            create(c.name() + "_text", COLUMNS, "", TEXTFILE, dir);
        }
        // every bad line in one file, after a good one and before another
        allBad = stack.scratch("json-bad-all");
        List<String> lines = new ArrayList<>();
        lines.add(FIRST);
        CASES.forEach(c -> lines.add(c.line()));
        lines.add(LAST);
        writeLines(allBad.resolve("all.json"), lines.toArray(String[]::new));
    }

    /** A text table over the file of every bad line, with the properties as SERDEPROPERTIES. */
    @Override
    void create(String table, String columns, String properties) throws SQLException {
        create(table, columns, properties, TEXTFILE, allBad);
    }

    @Override
    String sourceProperties() {
        return "";
    }

    @Override
    Misspelt misspeltProperty() {
        return new Misspelt("json.timestamp.fromat", "json.timestamp.format", "iso");
    }

    @Override
    String mappingProperty() {
        return "json.columns.mapping";
    }

    @Override
    String mappingOfNmaeToName() {
        return "{\"id\":\"_id\",\"nmae\":\"name\"}";
    }

    private static void writeLines(Path file, String... lines) throws IOException {
        Files.writeString(file, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
    }

    private void create(String table, String columns, String properties, String storage, Path location)
            throws SQLException {
        hive.execute("CREATE EXTERNAL TABLE " + DB + "." + table + (columns.isEmpty() ? "" : " (" + columns + ")")
                + " " + SERDE + (properties.isEmpty() ? "" : " WITH SERDEPROPERTIES (" + properties + ")") + " "
                + storage + " LOCATION '" + location.toUri() + "'");
    }

    /** Runs a query as a job on an engine ({@code tez} or {@code mr}), in a session kept for the class. */
    private List<String> run(String engine, String sql) throws SQLException {
        Connection connection = sessions.get(engine);
        if (connection == null) {
            connection = hive.connect();
            sessions.put(engine, connection);
            try (Statement statement = connection.createStatement()) {
                statement.execute("SET hive.execution.engine=" + engine);
                statement.execute("SET hive.fetch.task.conversion=none");
                // a failing task fails its query at once (Tez tries a task 4 times by default)
                statement.execute("SET tez.am.task.max.failed.attempts=1");
            }
        }
        try (Statement statement = connection.createStatement();
                ResultSet resultSet = statement.executeQuery(sql)) {
            return Rows.sorted(resultSet);
        }
    }

    @AfterAll
    void closeSessions() throws SQLException {
        for (Connection connection : sessions.values()) {
            connection.close();
        }
    }

    @Test
    void failPolicyWithJsonInputFormatNamesTableFileLineColumnAndValue() {
        for (Case c : CASES) {
            String message = failure(() -> hive.query("SELECT * FROM " + DB + "." + c.name() + "_jif"));
            assertThat(message)
                    .as(c.name())
                    .contains("HNS-121")
                    .contains(DB + "." + c.name() + "_jif")
                    .contains(c.name() + ".json, line 3")
                    .contains("nosql.bad-record.policy");
            assertWhat(c, message);
        }
    }

    /** The column and value of a bad value, the line of a malformed one. */
    private static void assertWhat(Case c, String message) {
        if (c.column() != null) {
            assertThat(message).as(c.name()).contains("column '" + c.column() + "': cannot read '" + c.value() + "'");
        } else {
            assertThat(message).as(c.name()).contains("malformed JSON");
        }
        assertThat(message).as(c.name()).contains("the line: '" + c.line() + "'");
    }

    @Test
    void failPolicyWithTextFileNamesTableColumnAndValue() {
        for (Case c : CASES) {
            String message = failure(() -> hive.query("SELECT * FROM " + DB + "." + c.name() + "_text"));
            assertThat(message)
                    .as(c.name())
                    .contains("HNS-121")
                    .contains(DB + "." + c.name() + "_text")
                    .contains("nosql.bad-record.policy");
            assertWhat(c, message);
        }
    }

    @Test
    void failPolicyInATaskNamesTheFile() throws Exception {
        // Tez reports the task's error, in which even Hive's text input format names the file the task read
        for (Case c : List.of(CASES.get(0), CASES.get(7))) {
            String message = failure(() -> run("tez", "SELECT * FROM " + DB + "." + c.name() + "_text"));
            assertThat(message)
                    .as(c.name())
                    .contains("HNS-121")
                    .contains(DB + "." + c.name() + "_text")
                    .contains(dir(c).resolve(c.name() + ".json").toUri().getPath());
            assertWhat(c, message);
        }
        String message = failure(
                () -> run("tez", "SELECT * FROM " + DB + "." + CASES.get(0).name() + "_jif"));
        assertThat(message).contains("HNS-121").contains(CASES.get(0).name() + ".json, line 3");
        // MapReduce reports only that the task failed (its log holds the message)
        message = failure(
                () -> run("mr", "SELECT * FROM " + DB + "." + CASES.get(0).name() + "_jif"));
        assertThat(message).contains("MapRedTask");
    }

    @Test
    void nullPolicyReadsNullsAndKeepsTheRestOfTheRow() throws Exception {
        List<String> expected = new ArrayList<>();
        expected.add(FIRST_ROW);
        CASES.forEach(c -> expected.add(c.nullRow()));
        expected.add(LAST_ROW);
        for (String storage : List.of(TEXTFILE, JSON_INPUT_FORMAT)) {
            String table = storage.equals(TEXTFILE) ? "all_null_text" : "all_null_jif";
            create(table, COLUMNS, "'nosql.bad-record.policy'='null'", storage, allBad);
            assertThat(Rows.of(hive, "SELECT * FROM " + DB + "." + table))
                    .as("%s, fetch task", table)
                    .containsExactlyInAnyOrderElementsOf(expected);
            assertThat(run("tez", "SELECT * FROM " + DB + "." + table))
                    .as("%s, Tez", table)
                    .containsExactlyInAnyOrderElementsOf(expected);
        }
        // the per-case files read the same way: only the third line's bad column is NULL
        for (Case c : List.of(CASES.get(0), CASES.get(7))) {
            create(c.name() + "_null", COLUMNS, "'nosql.bad-record.policy'='null'", TEXTFILE, dir(c));
            assertThat(Rows.of(hive, "SELECT * FROM " + DB + "." + c.name() + "_null"))
                    .as(c.name())
                    .containsExactlyInAnyOrder(FIRST_ROW, SECOND_ROW, c.nullRow(), LAST_ROW);
        }
    }

    private Path dir(Case c) throws IOException {
        return stack.scratch("json-bad-" + c.name());
    }

    @Test
    void skipPolicyDropsBadLinesWithJsonInputFormat() throws Exception {
        create("all_skip", COLUMNS, "'nosql.bad-record.policy'='skip'", JSON_INPUT_FORMAT, allBad);
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".all_skip")).containsExactlyInAnyOrder(FIRST_ROW, LAST_ROW);
        // count(*) counts the rows SELECT * returns
        assertThat(Rows.single(hive, "SELECT count(*) FROM " + DB + ".all_skip"))
                .isEqualTo(2L);
        assertThat(run("tez", "SELECT * FROM " + DB + ".all_skip")).containsExactly(FIRST_ROW, LAST_ROW);
        // a count that reads every column counts only the good lines
        assertThat(run(
                        "tez",
                        "SELECT count(*) FROM " + DB + ".all_skip WHERE hash(id, small_num, big_num, whole_num, "
                                + "money, point, label) IS NOT NULL"))
                .containsExactly("2");
        // one line holding a bad value is dropped, the lines around it stay
        create("one_skip", COLUMNS, "'nosql.bad-record.policy'='skip'", JSON_INPUT_FORMAT, dir(CASES.get(0)));
        assertThat(Rows.of(hive, "SELECT * FROM " + DB + ".one_skip"))
                .containsExactlyInAnyOrder(FIRST_ROW, SECOND_ROW, LAST_ROW);
        assertThat(Rows.single(
                        hive,
                        "SELECT count(*) FROM " + DB + ".one_skip WHERE small_num IS NULL OR "
                                + "small_num IS NOT NULL"))
                .isEqualTo(3L);
    }

    @Test
    void skipPolicyWithTextFileIsRefusedAtCreate() throws Exception {
        String message =
                failure(() -> create("text_skip", COLUMNS, "'nosql.bad-record.policy'='skip'", TEXTFILE, allBad));
        assertThat(message)
                .contains(DB + ".text_skip")
                .contains("nosql.bad-record.policy")
                .contains("io.hivenosql.json.JsonInputFormat");
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'text_skip'"))
                .as("no table created")
                .isEmpty();
    }

    @Test
    void badTimestampPatternIsRefused() {
        String message = failure(() -> create(
                "bad_pattern", "id int, ts timestamp", "'json.timestamp.format'='yyyy-MM-dd {HH'", TEXTFILE, allBad));
        assertThat(message)
                .contains("HNS-101")
                .contains(DB + ".bad_pattern")
                .contains("json.timestamp.format")
                .contains("yyyy-MM-dd {HH");
        message = failure(
                () -> create("bad_date", "id int, dt date", "'json.date.format'='epoch-millis'", TEXTFILE, allBad));
        assertThat(message)
                .contains("HNS-101")
                .contains(DB + ".bad_date")
                .contains("json.date.format")
                .contains("epoch-millis");
    }

    @Test
    void badMappingsAreRefused() {
        String message = failure(() -> create(
                "bad_mapping_json",
                "id int, name string",
                "'json.columns.mapping'='{\"id\": \"_id\",'",
                TEXTFILE,
                allBad));
        assertThat(message)
                .contains("HNS-111")
                .contains(DB + ".bad_mapping_json")
                .contains("json.columns.mapping")
                .contains("not a valid JSON object");

        message = failure(() -> create(
                "same_path",
                "a string, b string",
                "'json.columns.mapping'='{\"a\":\"x.y\",\"b\":\"x.y\"}'",
                TEXTFILE,
                allBad));
        assertThat(message)
                .contains("HNS-111")
                .contains(DB + ".same_path")
                .contains("json.columns.mapping")
                .contains("x.y")
                .contains("'a'")
                .contains("'b'");
    }

    @Test
    void valuesTheFormatCannotHoldFailTheInsert() throws Exception {
        Path dir = stack.scratch("json-bad-write");
        create("no_fraction", "id int, ts timestamp", "'json.timestamp.format'='yyyy-MM-dd HH:mm:ss'", TEXTFILE, dir);
        String message = failure(() -> hive.execute(
                "INSERT INTO " + DB + ".no_fraction SELECT 1, " + "TIMESTAMP '2024-05-01 10:15:30.123456789'"));
        assertThat(message)
                .contains(DB + ".no_fraction")
                .contains("yyyy-MM-dd HH:mm:ss")
                .contains("2024-05-01");
        assertThat(dataFiles(dir)).as("nothing written").isEmpty();
        // a value without a fraction is written, and reads back
        hive.execute("INSERT INTO " + DB + ".no_fraction SELECT 1, TIMESTAMP '2024-05-01 10:15:30'");
        assertThat(Files.readString(dataFiles(dir).get(0))).isEqualTo("{\"id\":1,\"ts\":\"2024-05-01 10:15:30\"}\n");
    }

    private static List<Path> dataFiles(Path dir) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.filter(Files::isRegularFile)
                    .filter(p -> !p.getFileName().toString().startsWith(".")
                            && !p.getFileName().toString().startsWith("_"))
                    .toList();
        }
    }
}
