package io.hivenosql.api.auth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestStoreUri {
    @Test
    void hostsAreLowerCasedSortedAndListedOnce() {
        assertThat(StoreUri.of(
                                "redis",
                                List.of(
                                        new HostAndPort("Redis-2.example.com", 6379),
                                        new HostAndPort("redis-1.example.com", 6380),
                                        new HostAndPort("redis-2.example.com", 6379)),
                                List.of("0", "app:"))
                        .toString())
                .isEqualTo("redis://redis-1.example.com:6380,redis-2.example.com:6379/0/app:");
    }

    @Test
    void segmentsArePercentEncodedAsPathSegments() {
        assertThat(StoreUri.encodeSegment("orders:v1-_.~!$&'()*+,;=@")).isEqualTo("orders:v1-_.~!$&'()*+,;=@");
        assertThat(StoreUri.encodeSegment("a b/c%d?e#f")).isEqualTo("a%20b%2Fc%25d%3Fe%23f");
        assertThat(StoreUri.encodeSegment("größe")).isEqualTo("gr%C3%B6%C3%9Fe");
        assertThat(StoreUri.encodeSegment("")).isEmpty();
        assertThat(StoreUri.of("cassandra", List.of(new HostAndPort("::1", 9042)), List.of("ks", "My Table"))
                        .toString())
                .isEqualTo("cassandra://[::1]:9042/ks/My%20Table");
    }

    @Test
    void theUriParsesBackToItsParts() {
        var uri = StoreUri.of("mongodb", List.of(new HostAndPort("db-1", 27017)), List.of("sales", "a/b"));
        assertThat(uri.getScheme()).isEqualTo("mongodb");
        assertThat(uri.getRawAuthority()).isEqualTo("db-1:27017");
        assertThat(uri.getRawPath()).isEqualTo("/sales/a%2Fb");
        assertThat(uri.getUserInfo()).isNull();
        assertThat(uri.getQuery()).isNull();
    }

    @Test
    void anObjectIsReachedThroughSomeHost() {
        assertThatThrownBy(() -> StoreUri.of("redis", List.of(), List.of("0")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least one host");
    }
}
