package io.hivenosql.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestHiveTableNames {
    @Test
    void lowerCasesWithoutANote() {
        assertThat(HiveTableNames.assign(List.of("userEvents", "orders")))
                .containsExactly(
                        new HiveTableNames.Named("userevents", Optional.empty()),
                        new HiveTableNames.Named("orders", Optional.empty()));
    }

    @Test
    void replacesOtherCharactersAndNotesIt() {
        HiveTableNames.Named named =
                HiveTableNames.assign(List.of("user-events.v2")).get(0);
        assertThat(named.hiveName()).isEqualTo("user_events_v2");
        assertThat(named.note()).hasValue("Hive name user_events_v2: 'user-events.v2' is not a Hive name");
    }

    @Test
    void sanitisesRedisPrefixesAndEmptyNames() {
        assertThat(HiveTableNames.sanitise("user:")).isEqualTo("user");
        assertThat(HiveTableNames.sanitise("app::session--")).isEqualTo("app_session");
        assertThat(HiveTableNames.sanitise("__x__")).isEqualTo("x");
        assertThat(HiveTableNames.sanitise("::")).isEqualTo("t");
        assertThat(HiveTableNames.sanitise("Ünïcode")).isEqualTo("n_code");
    }

    @Test
    void cutsLongNamesToHivesLimit() {
        String name = "a".repeat(200);
        List<HiveTableNames.Named> names = HiveTableNames.assign(List.of(name, name.toUpperCase()));
        assertThat(names.get(0).hiveName()).hasSize(128);
        assertThat(names.get(1).hiveName()).hasSize(128).endsWith("_2");
    }

    @Test
    void plainNamesKeepTheirNameAgainstNamesThatFoldOntoIt() {
        List<HiveTableNames.Named> names = HiveTableNames.assign(List.of("Orders", "orders", "ORDERS"));
        assertThat(names.get(1)).isEqualTo(new HiveTableNames.Named("orders", Optional.empty()));
        assertThat(names.get(0).hiveName()).isEqualTo("orders_2");
        assertThat(names.get(0).note()).hasValue("Hive name orders_2: orders was taken by orders");
        assertThat(names.get(2).hiveName()).isEqualTo("orders_3");
    }

    @Test
    void reservedNamesAreTaken() {
        HiveTableNames names = new HiveTableNames(Set.of("Orders"));
        HiveTableNames.Named named = names.name("orders");
        assertThat(named.hiveName()).isEqualTo("orders_2");
        assertThat(named.note()).hasValue("Hive name orders_2: orders was taken in the database");
    }
}
