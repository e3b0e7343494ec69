package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestHostBinding {
    @Test
    void parsesHostPortEntriesWithRequiredPorts() {
        HostBinding binding = HostBinding.parse(" redis-1:6379, Redis-2:6380 ,[::1]:7000,,");
        assertThat(binding.toString()).isEqualTo("redis-1:6379,redis-2:6380,[::1]:7000");
        assertThatThrownBy(() -> HostBinding.parse("redis-1")).hasMessageContaining("has no port");
        assertThatThrownBy(() -> HostBinding.parse(" , ")).hasMessage("it lists no host:port");
        assertThatThrownBy(() -> HostBinding.parse("u:s3cret@h:1"))
                .isInstanceOf(HostUserInfoException.class)
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void matchesHostsAsWrittenCaseInsensitivelyAndOnlyOnTheirPort() {
        HostBinding binding = HostBinding.parse("redis-1:6379,10.0.0.5:6379");
        assertThat(binding.permits("REDIS-1", 6379)).isTrue();
        assertThat(binding.permits("redis-1", 6380)).isFalse();
        assertThat(binding.permits("redis-11", 6379)).isFalse();
        assertThat(binding.permits("10.0.0.5", 6379)).isTrue();
        assertThat(binding.permits(new HostAndPort("10.0.0.6", 6379))).isFalse();
    }

    @Test
    void globsStandForCharactersWithinOneLabel() {
        HostBinding binding = HostBinding.parse("*.redis.prod.example.com:6379,10.0.1.?:7000");
        assertThat(binding.permits("r1.redis.prod.example.com", 6379)).isTrue();
        assertThat(binding.permits("a.b.redis.prod.example.com", 6379)).isFalse();
        assertThat(binding.permits("redis.prod.example.com", 6379)).isFalse();
        assertThat(binding.permits("evil.example.com", 6379)).isFalse();
        assertThat(binding.permits("r1.redis.prod.example.com.evil.org", 6379)).isFalse();
        assertThat(binding.permits("10.0.1.7", 7000)).isTrue();
        assertThat(binding.permits("10.0.1.17", 7000)).isFalse();
    }

    @Test
    void anIpAddressMatchesTheNameBoundForItButANameIsNeverResolvedForTheTable() {
        HostBinding byName = HostBinding.parse("localhost:9042");
        assertThat(byName.permits("127.0.0.1", 9042)).isTrue();
        assertThat(byName.permits("127.0.0.1", 9043)).isFalse();
        HostBinding byIp = HostBinding.parse("127.0.0.1:9042,[::1]:9042");
        // a name the table gives is matched as written: its DNS is not the administrator's to vouch for
        assertThat(byIp.permits("localhost", 9042)).isFalse();
        assertThat(byIp.permits("0:0:0:0:0:0:0:1", 9042)).isTrue();
        // a glob is never resolved
        assertThat(HostBinding.parse("localhos?:9042").permits("127.0.0.1", 9042))
                .isFalse();
    }

    @Test
    void srvNamesMatchEntriesWhateverThePort() {
        HostBinding binding = HostBinding.parse("*.ab12c.mongodb.net:27017");
        assertThat(binding.permitsName("cluster0.ab12c.mongodb.net")).isTrue();
        assertThat(binding.permitsName("cluster0.attacker.net")).isFalse();
    }
}
