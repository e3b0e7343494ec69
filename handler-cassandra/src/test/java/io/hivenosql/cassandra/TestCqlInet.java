package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TestCqlInet {
    /** RFC 5952 section 4: lower case, no leading zeros, the longest run of two or more zero groups as ::. */
    @Test
    void readsIpv6InRfc5952Form() {
        Map<String, String> canonical = Map.of(
                "2001:db8:0:0:0:0:0:1", "2001:db8::1",
                "2001:DB8::0001", "2001:db8::1",
                "0:0:0:0:0:0:0:1", "::1",
                "::", "::",
                "2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1", // equal runs: the first
                "2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1", // one zero group stays
                "2001:0:0:1:0:0:0:1", "2001:0:0:1::1", // the longer run
                "::1.2.3.4", "::102:304"); // IPv4-compatible (deprecated): hex, as RFC 5952 writes it
        canonical.forEach((text, expected) -> {
            assertThat(CqlInet.text(CqlInet.parse(text))).as(text).isEqualTo(expected);
            assertThat(CqlInet.text(CqlInet.parse(expected))).as(expected).isEqualTo(expected);
        });
    }

    /** An IPv4-mapped address keeps its 16 bytes (Cassandra compares them otherwise than the IPv4 address's 4). */
    @Test
    void keepsIpv4MappedAddressesApartFromIpv4() {
        assertThat(CqlInet.parse("::ffff:192.0.2.1").getAddress()).hasSize(16);
        assertThat(CqlInet.text(CqlInet.parse("::FFFF:192.0.2.1"))).isEqualTo("::ffff:192.0.2.1");
        assertThat(CqlInet.text(CqlInet.parse("0:0:0:0:0:ffff:c000:201"))).isEqualTo("::ffff:192.0.2.1");
        assertThat(CqlInet.parse("192.0.2.1").getAddress()).hasSize(4);
        assertThat(CqlInet.text(CqlInet.parse("192.0.2.1"))).isEqualTo("192.0.2.1");
        assertThat(CqlInet.text(CqlInet.parse("192.000.2.01"))).isEqualTo("192.0.2.1");
    }

    @Test
    void refusesWhatIsNoAddressLiteral() {
        for (String text : new String[] {"host.example", "1.2.3", "256.1.1.1", "fe80::1%eth0", "1:2:3", ""}) {
            assertThatThrownBy(() -> CqlInet.parse(text)).as(text).isInstanceOf(IllegalArgumentException.class);
        }
    }
}
