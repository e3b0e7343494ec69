package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** {@code nosql.read.runtime-keys.max}: a fixed number of keys, or auto weighing the keys against the table's rows. */
class TestRuntimeKeysMax {
    @Test
    void parsesAutoAndNumbers() {
        assertThat(RuntimeKeysMax.parse("auto")).isEqualTo(RuntimeKeysMax.AUTO);
        assertThat(RuntimeKeysMax.parse(" AUTO ")).isEqualTo(RuntimeKeysMax.AUTO);
        assertThat(RuntimeKeysMax.parse("0").off()).isTrue();
        assertThat(RuntimeKeysMax.parse("2500")).isEqualTo(RuntimeKeysMax.of(2500));
        assertThat(RuntimeKeysMax.parse("1000000")).isEqualTo(RuntimeKeysMax.of(RuntimeKeysMax.CEILING));
    }

    @Test
    void refusesWhatIsNeitherAutoNorAKeyCount() {
        assertThatThrownBy(() -> RuntimeKeysMax.parse("many"))
                .hasMessageContaining("auto or an integer in [0, 1000000]")
                .hasMessageContaining("'many'");
        assertThatThrownBy(() -> RuntimeKeysMax.parse("-1")).hasMessageContaining("got -1");
        assertThatThrownBy(() -> RuntimeKeysMax.parse("1000001")).hasMessageContaining("got 1000001");
    }

    @Test
    void aFixedNumberIsTheLimitWhateverTheTableSize() {
        assertThat(RuntimeKeysMax.of(10).limit(OptionalLong.of(500_000))).isEqualTo(10);
        assertThat(RuntimeKeysMax.of(10).limit(OptionalLong.empty())).isEqualTo(10);
    }

    @Test
    void autoTakesTheStoresLimitWithinTheCeiling() {
        assertThat(RuntimeKeysMax.AUTO.limit(OptionalLong.of(30_000))).isEqualTo(30_000);
        assertThat(RuntimeKeysMax.AUTO.limit(OptionalLong.of(0))).isZero();
        assertThat(RuntimeKeysMax.AUTO.limit(OptionalLong.of(25_000_000))).isEqualTo(RuntimeKeysMax.CEILING);
        assertThat(RuntimeKeysMax.AUTO.limit(OptionalLong.empty())).isEqualTo(RuntimeKeysMax.UNKNOWN_SIZE_LIMIT);
    }

    @Test
    void theTablePropertyDefaultsToAuto() {
        assertThat(NoSqlTableProperties.runtimeKeysMax(config(Map.of()))).isEqualTo(RuntimeKeysMax.AUTO);
        assertThat(NoSqlTableProperties.runtimeKeysMax(config(Map.of("nosql.read.runtime-keys.max", "0"))))
                .matches(RuntimeKeysMax::off);
        assertThatThrownBy(() -> config(Map.of("nosql.read.runtime-keys.max", "lots")))
                .hasMessageContaining("nosql.read.runtime-keys.max")
                .hasMessageContaining("auto or an integer");
    }

    private static TableConfig config(Map<String, String> properties) {
        return TableConfig.validate("default.t", properties, List.of(NoSqlTableProperties.values()), Set.of("nosql."));
    }
}
