package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import org.assertj.core.api.AbstractThrowableAssert;
import org.junit.jupiter.api.Test;

/**
 * Bad input every store table meets, on top of {@link BaseBadInputIT}: a required property missing or misspelt, a
 * mapping file that cannot be read or does not parse, stored values that do not convert under each
 * {@code nosql.bad-record.policy} (fail names the table, key, column and value; null reads NULL; skip drops the
 * record), and a server nobody listens on. A subclass plants records whose bad values it lists, and says how its
 * errors name a record.
 */
abstract class BaseStoreBadInputIT extends BaseBadInputIT {
    /** The {@code STORED BY} class. */
    abstract String handler();

    /** A required property: its key, a misspelling of it, a value, and other properties a table needs. */
    record Required(String key, String misspelt, String value, String others) {}

    abstract Required requiredProperty();

    /**
     * A planted record with a bad value: its {@code id}, how errors name its key, the column and the value as errors
     * show it, and what else an error about it names.
     */
    record BadValue(int id, String key, String column, String value, List<String> alsoNamed) {}

    /** The bad values the table of {@link #policyTable} reads, the first one in the column a scan sums. */
    abstract List<BadValue> badValues();

    /** Creates a table of {@code id int} and more columns over the planted records, under a policy; its Hive name. */
    abstract String policyTable(String policy) throws SQLException;

    /** What an error of a scan names of the record it failed on (all of its key is not known in advance). */
    abstract List<String> scanFailureNames();

    /** Where a query of all rows sorts them: an ORDER BY clause, or {@code ""} to sort the rows as text. */
    abstract String orderBy();

    abstract List<String> nullPolicyRows();

    abstract List<String> skipPolicyRows();

    /** After a scan failed under the fail policy: what still reads (and that the failure left nothing behind). */
    abstract void assertReadableAfterAFailedScan(String failTable) throws Exception;

    /** After the skip policy's rows were read, more on the same table. */
    void assertSkipped(String table) throws Exception {}

    /** Properties that name a server at {@code address} (host:port), on which nobody listens. */
    abstract String unreachableProperties(String address);

    /** The property that names the servers. */
    abstract String addressProperty();

    /** After {@link #unreachableServerNamesHostAndPort}: more about tables whose server is gone. */
    void assertUnreachable(String address) throws Exception {}

    @Override
    void create(String table, String columns, String properties) throws SQLException {
        hive.execute("DROP TABLE IF EXISTS " + qualified(table));
        hive.execute("CREATE EXTERNAL TABLE " + qualified(table) + (columns.isEmpty() ? "" : " (" + columns + ")")
                + " STORED BY '" + handler() + "' TBLPROPERTIES (" + properties + ")");
    }

    /** The rows of a query of all rows, sorted as {@link #orderBy} says. */
    List<String> allRows(String table) throws SQLException {
        String sql = "SELECT * FROM " + table;
        return orderBy().isEmpty() ? Rows.of(hive, sql).stream().sorted().toList() : Rows.of(hive, sql + orderBy());
    }

    @Test
    void missingRequiredPropertyIsNamed() {
        Required required = requiredProperty();
        String message = refusal(() -> create("no_required", "id int, name string", required.others()));
        assertThat(message)
                .contains("HNS-102 MISSING_TABLE_PROPERTY")
                .contains(qualified("no_required"))
                .contains("missing required property '" + required.key() + "'");
    }

    /** Both the unknown key and the missing one are reported together. */
    @Test
    void misspeltRequiredPropertyIsReportedWithTheMissingOne() {
        Required required = requiredProperty();
        String message = refusal(() -> create(
                "typo_required",
                "id int, name string",
                "'" + required.misspelt() + "'='" + required.value() + "', " + required.others()));
        assertThat(message)
                .contains(qualified("typo_required"))
                .contains("unknown property '" + required.misspelt() + "'; did you mean '" + required.key() + "'?")
                .contains("missing required property '" + required.key() + "'");
    }

    @Test
    void unreadableMappingFileIsNamed() throws Exception {
        Path missing = stack.scratch(database()).resolve("does-not-exist.json");
        String message =
                refusal(() -> create("no_file", "", withSource("'nosql.mapping.url'='" + missing.toUri() + "'")));
        assertThat(message).contains("HNS-112").contains("does-not-exist.json");
    }

    @Test
    void invalidMappingFileNamesFileLineAndValue() throws Exception {
        Path file = stack.scratch(database()).resolve("broken.json");
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
        String message =
                refusal(() -> create("broken_file", "", withSource("'nosql.mapping.url'='" + file.toUri() + "'")));
        assertThat(message)
                .contains("HNS-111")
                .contains("broken.json")
                .contains("line 4")
                .contains("strang");
    }

    @Test
    void failPolicyNamesTableKeyColumnAndValue() throws Exception {
        String table = policyTable("fail");
        String name = table.substring(table.indexOf('.') + 1);
        BadValue first = badValues().get(0);
        // a key lookup reads exactly one record: the error names its key, column and value
        assertThatThrownBy(() -> hive.query("SELECT * FROM " + table + " WHERE id = " + first.id()))
                .isInstanceOf(SQLException.class)
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(name)
                .hasStackTraceContaining(first.key())
                .hasStackTraceContaining("'" + first.column() + "'")
                .hasStackTraceContaining(first.value())
                .hasStackTraceContaining("nosql.bad-record.policy");
        for (BadValue bad : badValues().subList(1, badValues().size())) {
            AbstractThrowableAssert<?, ?> lookup = assertThatThrownBy(
                            () -> hive.query("SELECT " + bad.column() + " FROM " + table + " WHERE id = " + bad.id()))
                    .hasStackTraceContaining(bad.key())
                    .hasStackTraceContaining("'" + bad.column() + "'")
                    .hasStackTraceContaining(bad.value());
            bad.alsoNamed().forEach(lookup::hasStackTraceContaining);
        }
        // a whole scan in a job fails too, when it reads the bad column
        AbstractThrowableAssert<?, ?> scan = assertThatThrownBy(
                        () -> hive.query("SELECT sum(" + first.column() + ") FROM " + table))
                .isInstanceOf(SQLException.class)
                .hasStackTraceContaining("HNS-121")
                .hasStackTraceContaining(name)
                .hasStackTraceContaining("nosql.bad-record.policy");
        scanFailureNames().forEach(scan::hasStackTraceContaining);
        assertReadableAfterAFailedScan(table);
    }

    @Test
    void nullPolicyReadsBadValuesAsNull() throws Exception {
        assertThat(allRows(policyTable("null"))).containsExactlyElementsOf(nullPolicyRows());
    }

    @Test
    void skipPolicyDropsBadRecords() throws Exception {
        String table = policyTable("skip");
        assertThat(allRows(table)).containsExactlyElementsOf(skipPolicyRows());
        assertSkipped(table);
    }

    @Test
    void unreachableServerNamesHostAndPort() throws Exception {
        String address = Failures.closedAddress();
        long start = System.nanoTime();
        // refused at CREATE where the handler connects then, else at the first read
        String message = failure(() -> {
            create("nowhere", "id int, name string", unreachableProperties(address));
            hive.query("SELECT * FROM " + qualified("nowhere"));
        });
        assertThat(message)
                .contains("HNS-201 STORE_UNREACHABLE")
                .contains(address)
                .contains(qualified("nowhere"))
                .contains(addressProperty());
        assertThat((System.nanoTime() - start) / 1_000_000_000.0).as("seconds").isLessThan(20);
        assertUnreachable(address);
    }
}
