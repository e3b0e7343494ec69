package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestLiteralAddressResolver {
    @Test
    void anAddressKeepsItsTextAsItsNameWithoutAReverseLookup() throws UnknownHostException {
        List<InetAddress> v4 = LiteralAddressResolver.INSTANCE.lookupByName("127.0.0.1");
        List<InetAddress> v6 = LiteralAddressResolver.INSTANCE.lookupByName("::1");

        assertThat(v4).hasSize(1);
        // the JDK's own InetAddress for it answers getHostName() with the reverse-DNS name (localhost here)
        assertThat(v4.get(0).getHostName()).isEqualTo("127.0.0.1");
        assertThat(v4.get(0).getHostAddress()).isEqualTo("127.0.0.1");
        assertThat(v6.get(0).getHostName()).isEqualTo("::1");
        assertThat(v6.get(0).isLoopbackAddress()).isTrue();
    }

    @Test
    void aNameResolvesAsTheJdkResolvesIt() throws UnknownHostException {
        assertThat(LiteralAddressResolver.INSTANCE.lookupByName("localhost"))
                .containsExactly(InetAddress.getAllByName("localhost"));
        assertThat(LiteralAddressResolver.INSTANCE
                        .lookupByName("localhost")
                        .get(0)
                        .getHostName())
                .isEqualTo("localhost");
    }

    @Test
    void onlyAddressesAreLiterals() {
        assertThat(LiteralAddressResolver.isLiteral("10.0.0.5")).isTrue();
        assertThat(LiteralAddressResolver.isLiteral("fe80::1%eth0")).isTrue();
        assertThat(LiteralAddressResolver.isLiteral("mongo-1.example.com")).isFalse();
        assertThat(LiteralAddressResolver.isLiteral("10.0.0.5.nip.io")).isFalse();
        assertThat(LiteralAddressResolver.isLiteral("db-10")).isFalse();
    }
}
