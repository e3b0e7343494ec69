package io.hivenosql.api.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class TestHostAndPort {
    @Test
    void parses() {
        assertThat(HostAndPort.parse("redis.local:6380", 6379)).isEqualTo(new HostAndPort("redis.local", 6380));
        assertThat(HostAndPort.parse("redis.local", 6379)).isEqualTo(new HostAndPort("redis.local", 6379));
        assertThat(HostAndPort.parse("10.0.0.1:1", 0)).isEqualTo(new HostAndPort("10.0.0.1", 1));
        assertThat(HostAndPort.parse("[::1]:7000", 0)).isEqualTo(new HostAndPort("::1", 7000));
        assertThat(HostAndPort.parse("[::1]", 6379)).isEqualTo(new HostAndPort("::1", 6379));
        assertThat(HostAndPort.parse("::1", 6379)).isEqualTo(new HostAndPort("::1", 6379));
        assertThat(HostAndPort.parse("fe80::a:b", 9042)).isEqualTo(new HostAndPort("fe80::a:b", 9042));
    }

    @Test
    void formatsBackToParseableText() {
        assertThat(new HostAndPort("::1", 7000).toString()).isEqualTo("[::1]:7000");
        assertThat(new HostAndPort("h", 1).toString()).isEqualTo("h:1");
        HostAndPort v6 = new HostAndPort("fe80::1", 9042);
        assertThat(HostAndPort.parse(v6.toString(), 0)).isEqualTo(v6);
    }

    @Test
    void rejectsWithTheText() {
        assertThatThrownBy(() -> HostAndPort.parse("h:x", 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("'x' in 'h:x' is not a port number");
        assertThatThrownBy(() -> HostAndPort.parse("h:+80", 1)).hasMessage("'+80' in 'h:+80' is not a port number");
        assertThatThrownBy(() -> HostAndPort.parse("h:", 1)).hasMessage("'' in 'h:' is not a port number");
        assertThatThrownBy(() -> HostAndPort.parse("h:0", 1)).hasMessage("port 0 in 'h:0' is not in [1, 65535]");
        assertThatThrownBy(() -> HostAndPort.parse("h:65536", 1)).hasMessageContaining("not in [1, 65535]");
        assertThatThrownBy(() -> HostAndPort.parse(":80", 1)).hasMessage("':80' has no host; write host:port");
        assertThatThrownBy(() -> HostAndPort.parse("", 1)).hasMessage("'' has no host; write host:port");
        assertThatThrownBy(() -> HostAndPort.parse("[::1", 1)).hasMessage("'[::1' has an unclosed '['");
        assertThatThrownBy(() -> HostAndPort.parse("[::1]x", 1)).hasMessage("expected host:port, got '[::1]x'");
        assertThatThrownBy(() -> HostAndPort.parse("h", 0)).hasMessage("'h' has no port; write host:port");
        assertThatThrownBy(() -> HostAndPort.parse("::1", 0))
                .hasMessageContaining("with an IPv6 host in brackets, e.g. [::1]:6379");
        assertThatThrownBy(() -> new HostAndPort("h", 70000)).hasMessage("port 70000 is not in [1, 65535]");
        assertThatThrownBy(() -> new HostAndPort("", 1)).hasMessage("host is empty");
    }

    @Test
    void refusesUserInformationWithoutEchoingIt() {
        for (String text : new String[] {"hive:s3cret@h:6379", "s3cret@h", "redis://hive:s3cret@h:6379", "a@b@h:1"}) {
            assertThatThrownBy(() -> HostAndPort.parse(text, 6379))
                    .isInstanceOf(HostUserInfoException.class)
                    .hasMessageContaining("user information")
                    .hasMessageNotContaining("s3cret")
                    .hasMessageNotContaining("hive");
        }
        assertThatThrownBy(() -> PropertyType.hostList(6379).parse("h:1, hive:s3cret@h:2"))
                .isInstanceOf(HostUserInfoException.class)
                .hasMessageNotContaining("s3cret");
    }

    @Test
    void refusesUrls() {
        assertThatThrownBy(() -> HostAndPort.parse("redis://h:6379", 6379))
                .hasMessage("'redis://h:6379' is a URL; write host:port without a scheme");
    }

    @Test
    void tellsIpLiteralsFromNames() {
        assertThat(HostAndPort.isIpLiteral("10.0.0.1")).isTrue();
        assertThat(HostAndPort.isIpLiteral("::1")).isTrue();
        assertThat(HostAndPort.isIpLiteral("fe80::1%eth0")).isTrue();
        assertThat(HostAndPort.isIpLiteral("10.0.0.256")).isFalse();
        assertThat(HostAndPort.isIpLiteral("10.0.0")).isFalse();
        assertThat(HostAndPort.isIpLiteral("redis-1")).isFalse();
        assertThat(HostAndPort.isIpLiteral("1.redis.example.com")).isFalse();
    }
}
