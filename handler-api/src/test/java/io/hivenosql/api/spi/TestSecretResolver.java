package io.hivenosql.api.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.config.HostAndPort;
import io.hivenosql.api.config.HostBinding;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestSecretResolver {
    private static final SecretResolver STORE = alias -> Optional.ofNullable(Map.of(
                            "bound", "redis-1:6379,*.redis.prod:6379",
                            "unbound", "")
                    .get(alias))
            .map(hosts -> new StoredSecret(
                    "pw".toCharArray(),
                    hosts.isEmpty() ? Optional.empty() : Optional.of(HostBinding.parse(hosts)),
                    "jceks://file/admin.jceks"));

    private static SecretUse use(String alias, String... hosts) {
        return new SecretUse(
                "redis.password.alias",
                alias,
                "redis.nodes",
                List.of(hosts).stream().map(h -> HostAndPort.parse(h, 6379)).toList());
    }

    private static HandlerErrorCode code(Throwable e) {
        return ((HandlerException) e).errorCode();
    }

    @Test
    void aBoundSecretIsGivenForBoundHosts() {
        BoundSecret secret = STORE.requireBound("db.t", use("bound", "redis-1:6379", "r7.redis.prod"));
        assertThat(secret.value()).containsExactly('p', 'w');
        assertThat(secret.permits("r8.redis.prod", 6379)).isTrue();
        assertThat(secret.permits("r8.redis.prod", 6380)).isFalse();
        // the IP a driver resolved a bound host to
        BoundSecret local = ((SecretResolver)
                        alias -> Optional.of(StoredSecret.bound("pw".toCharArray(), "localhost:1")))
                .requireBound("db.t", use("x", "localhost:1"));
        assertThat(local.permits("127.0.0.1", 1)).isTrue();
        secret.clear();
        assertThat(secret.value()).containsOnly('\0');
    }

    @Test
    void anUnknownAliasIsNotEchoed() {
        assertThatThrownBy(() -> STORE.requireBound("db.t", use("Typed-Pa55word", "redis-1")))
                .satisfies(e -> assertThat(code(e)).isEqualTo(HandlerErrorCode.CREDENTIAL_NOT_FOUND))
                .hasMessageContaining("table db.t")
                .hasMessageContaining("redis.password.alias")
                .hasMessageNotContaining("Typed-Pa55word");
    }

    @Test
    void aSecretWithoutBindingIsNotUsed() {
        assertThatThrownBy(() -> STORE.requireBound("db.t", use("unbound", "redis-1")))
                .satisfies(e -> assertThat(code(e)).isEqualTo(HandlerErrorCode.SECRET_NOT_BOUND))
                .hasMessageContaining("alias 'unbound' (redis.password.alias)")
                .hasMessageContaining("hadoop credential create unbound.hosts -value 'host:port[,host:port...]' "
                        + "-provider jceks://file/admin.jceks")
                .hasMessageNotContaining("pw'");
    }

    @Test
    void everyHostTheTableNamesMustBeBound() {
        assertThatThrownBy(() -> STORE.requireBound("db.t", use("bound", "redis-1:6379", "evil:6379", "redis-1:7000")))
                .satisfies(e -> assertThat(code(e)).isEqualTo(HandlerErrorCode.HOST_NOT_BOUND))
                .hasMessageContaining("redis.nodes names evil:6379, redis-1:7000, to which the secret under alias "
                        + "'bound' (redis.password.alias) is not bound")
                .hasMessageContaining("bound.hosts in jceks://file/admin.jceks (redis-1:6379,*.redis.prod:6379)");
    }

    @Test
    void anSrvNameMustMatchAnEntry() {
        SecretUse srv =
                new SecretUse("mongo.password.alias", "bound", "mongo.uri", List.of(), Optional.of("x.redis.prod"));
        assertThat(STORE.requireBound("db.t", srv).binding().permitsName("x.redis.prod"))
                .isTrue();
        SecretUse evil =
                new SecretUse("mongo.password.alias", "bound", "mongo.uri", List.of(), Optional.of("evil.org"));
        assertThatThrownBy(() -> STORE.requireBound("db.t", evil)).hasMessageContaining("mongo.uri names evil.org");
    }

    @Test
    void storeFailuresNameTheTable() {
        SecretResolver failing = alias -> {
            throw new HandlerException(HandlerErrorCode.PROVIDER_NOT_PERMITTED, "the credential provider p is not ...");
        };
        assertThatThrownBy(() -> failing.requireBound("db.t", use("a", "h")))
                .hasMessage("HNS-136 PROVIDER_NOT_PERMITTED: table db.t: the credential provider p is not ...");
    }
}
