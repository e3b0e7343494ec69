package io.hivenosql.compat.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestStatements {
    @Test
    void splitsAtSemicolonsOutsideQuotesAndComments() {
        String script = "-- a comment; with a semicolon\n"
                + "USE examples;\n"
                + "SELECT 'a;b', \"c;d\", `e;f` FROM t; -- trailing; comment\n"
                + "SELECT 'it\\'s; fine'\n"
                + ";;\n";
        assertThat(Statements.split(script))
                .containsExactly("USE examples", "SELECT 'a;b', \"c;d\", `e;f` FROM t", "SELECT 'it\\'s; fine'");
    }

    @Test
    void keepsDashesInsideQuotesAndTheLastStatementWithoutSemicolon() {
        assertThat(Statements.split("SELECT '--x' FROM t;\nSELECT 1"))
                .containsExactly("SELECT '--x' FROM t", "SELECT 1");
    }
}
