package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestPropertyType {
    @Test
    void strings() {
        assertThat(PropertyType.string().parse("  x ")).isEqualTo("x");
        assertThat(PropertyType.string().parse("")).isEmpty();
        assertThat(PropertyType.nonEmptyString().parse("a")).isEqualTo("a");
        assertThatThrownBy(() -> PropertyType.nonEmptyString().parse("  "))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("expected a non-empty string");
        assertThatThrownBy(() -> PropertyType.string().parse(null)).isInstanceOf(NullPointerException.class);
    }

    @Test
    void integers() {
        PropertyType<Integer> type = PropertyType.integer(-5, 5);
        assertThat(type.description()).isEqualTo("integer in [-5, 5]");
        assertThat(type.parse(" -5 ")).isEqualTo(-5);
        assertThat(type.parse("5")).isEqualTo(5);
        assertThatThrownBy(() -> type.parse("6")).hasMessage("expected an integer in [-5, 5], got 6");
        assertThatThrownBy(() -> type.parse("1.5")).hasMessage("expected an integer in [-5, 5], got '1.5'");
        assertThatThrownBy(() -> type.parse("99999999999")).hasMessageContaining("got '99999999999'");
    }

    @Test
    void booleans() {
        assertThat(PropertyType.bool().parse("True")).isTrue();
        assertThat(PropertyType.bool().parse("FALSE")).isFalse();
        assertThatThrownBy(() -> PropertyType.bool().parse("1")).hasMessage("expected true or false, got '1'");
    }

    @Test
    void enums() {
        PropertyType<BadRecordPolicy> type = PropertyType.enumOf(BadRecordPolicy.class);
        assertThat(type.description()).isEqualTo("one of fail, null, skip");
        assertThat(type.parse("NULL")).isEqualTo(BadRecordPolicy.NULL);
        assertThatThrownBy(() -> type.parse("drop")).hasMessage("expected one of fail, null, skip, got 'drop'");
        PropertyType<Mode> modes = PropertyType.enumOf(Mode.class);
        assertThat(modes.description()).isEqualTo("one of read-only, read-write");
        assertThat(modes.parse("read-only")).isEqualTo(Mode.READ_ONLY);
        assertThat(modes.parse("READ_WRITE")).isEqualTo(Mode.READ_WRITE);
        assertThat(PropertyType.enumName(Mode.READ_WRITE)).isEqualTo("read-write");
    }

    @Test
    void hostLists() {
        PropertyType<List<HostAndPort>> type = PropertyType.hostList(27017);
        assertThat(type.parse("a, b:1 ,,[fe80::1]:2"))
                .containsExactly(new HostAndPort("a", 27017), new HostAndPort("b", 1), new HostAndPort("fe80::1", 2));
        assertThatThrownBy(() -> type.parse(" , ")).hasMessage("expected at least one host:port");
        assertThatThrownBy(() -> PropertyType.hostList(0).parse("a:1,b"))
                .hasMessage("'b' has no port; write host:port");
    }

    enum Mode {
        READ_ONLY,
        READ_WRITE
    }
}
