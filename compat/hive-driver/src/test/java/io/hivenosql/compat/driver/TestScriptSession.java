package io.hivenosql.compat.driver;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestScriptSession {
    @Test
    void rowsPrintAsBeelinePrintsThem() {
        assertThat(ScriptSession.format("a\tb")).isEqualTo("a\tb");
        assertThat(ScriptSession.format(new Object[] {"Dan", 2001, null})).isEqualTo("Dan\t2001\tNULL");
        assertThat(ScriptSession.format(new Object[] {"Dan"})).isEqualTo("Dan");
    }
}
