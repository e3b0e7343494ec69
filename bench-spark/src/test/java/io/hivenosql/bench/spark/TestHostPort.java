package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TestHostPort {
    @Test
    void parsesHostAndPort() {
        assertEquals(new HostPort("127.0.0.1", 9042), HostPort.parse("127.0.0.1:9042"));
    }

    @Test
    void refusesAnAddressWithoutAPort() {
        assertThrows(IllegalArgumentException.class, () -> HostPort.parse("127.0.0.1"));
        assertThrows(IllegalArgumentException.class, () -> HostPort.parse("h:x"));
    }
}
