package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.hive.HiveStatementException;
import java.sql.SQLException;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Bad input every table format meets, store or file: a misspelt property and a mapping naming a column the table
 * does not have are refused at CREATE with their HNS code and a message naming the table, the property and what to
 * write instead, and no table is created. A subclass plants its data and says how its tables are declared; its own
 * bad input stays with it.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class BaseBadInputIT {
    HiveInstance hive;
    HiveStack.Resources stack;

    /** The Hive database of the class's tables (dropped and created new). */
    abstract String database();

    /** Plants the class's data (in the store, or files), once the Hive database exists. */
    abstract void plant() throws Exception;

    /**
     * Creates a table of the format ({@code columns} may be empty where a mapping file declares them) with the given
     * properties of the table, replacing one of the same name.
     */
    abstract void create(String table, String columns, String properties) throws SQLException;

    /** The properties of a table over the planted data that CREATE accepts ({@code ""} where none are needed). */
    abstract String sourceProperties();

    /** An optional property of the format, misspelt: how it is written wrong, right, and a value it accepts. */
    record Misspelt(String wrong, String right, String value) {}

    abstract Misspelt misspeltProperty();

    /** The format's inline mapping property. */
    abstract String mappingProperty();

    /** The value of {@link #mappingProperty} that maps a Hive column {@code nmae} to the field {@code name}. */
    abstract String mappingOfNmaeToName();

    @BeforeAll
    void setUp(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + database() + " CASCADE");
        hive.execute("CREATE DATABASE " + database());
        plant();
    }

    String qualified(String table) {
        return database() + "." + table;
    }

    /** {@link #sourceProperties} followed by more properties. */
    String withSource(String properties) {
        String source = sourceProperties();
        return source.isEmpty() ? properties : source + ", " + properties;
    }

    /**
     * What Hive reports when a statement fails: the message and stack trace of the failure, without the statement text
     * that {@link HiveInstance} adds (which holds table names and values).
     */
    static String failure(ThrowingCallable statement) {
        Throwable thrown = catchThrowable(statement);
        assertThat(thrown).as("the statement fails").isInstanceOf(SQLException.class);
        return Failures.stackTrace(thrown instanceof HiveStatementException ? thrown.getCause() : thrown);
    }

    /** The message of Hive's error for a statement it refuses, without the statement text. */
    static String refusal(ThrowingCallable statement) {
        Throwable thrown = catchThrowable(statement);
        assertThat(thrown).as("the statement is refused").isInstanceOf(HiveStatementException.class);
        return thrown.getCause().getMessage();
    }

    void assertNoTable(String table) throws SQLException {
        assertThat(hive.query("SHOW TABLES IN " + database() + " LIKE '" + table + "'"))
                .as("no table %s created", table)
                .isEmpty();
    }

    @Test
    void misspeltPropertySuggestsTheRightOne() throws Exception {
        Misspelt typo = misspeltProperty();
        String message = refusal(() ->
                create("typo", "id int, name string", withSource("'" + typo.wrong() + "'='" + typo.value() + "'")));
        assertThat(message)
                .contains("HNS-103")
                .contains(qualified("typo"))
                .contains("'" + typo.wrong() + "'")
                .contains("did you mean '" + typo.right() + "'");
        assertNoTable("typo");
    }

    @Test
    void mappingNamingAMissingColumnIsRejected() throws Exception {
        String message = refusal(() -> create(
                "missing_column",
                "id int, name string",
                withSource("'" + mappingProperty() + "'='" + mappingOfNmaeToName() + "'")));
        assertThat(message)
                .contains("HNS-113")
                .contains(qualified("missing_column"))
                .contains(mappingProperty())
                .contains("nmae")
                .contains("did you mean 'name'");
        assertNoTable("missing_column");
    }
}
