package io.hivenosql.sandbox.demo;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

class TestDemoData {
    @Test
    void usersAreDeterministicAndMatchTheDocumentation() {
        List<DemoUser> users = DemoData.users();

        assertThat(users).hasSize(20).isEqualTo(DemoData.users());
        assertThat(users.get(0))
                .isEqualTo(new DemoUser(
                        1, "ada", 25, "Oslo", LocalDate.of(2024, 1, 1), new BigDecimal("37.13"), List.of("odd")));
        assertThat(users.get(1).signup()).isEqualTo(LocalDate.of(2024, 1, 18));
        assertThat(users.get(2).score()).isEqualTo(new BigDecimal("11.39"));
        assertThat(users.get(19).tags()).containsExactly("even", "vip", "new");
        assertThat(users).filteredOn(user -> user.city().equals("Oslo")).hasSize(4);
        assertThat(users)
                .filteredOn(user -> user.tags().contains("vip"))
                .extracting(DemoUser::id)
                .containsExactly(5, 10, 15, 20);
        assertThat(users).allSatisfy(user -> assertThat(user.score().scale()).isEqualTo(2));
    }

    @Test
    void hashHoldsEveryFieldAsText() {
        assertThat(DemoData.users().get(4).hash())
                .containsExactly(
                        Map.entry("name", "eve"),
                        Map.entry("age", "53"),
                        Map.entry("city", "Graz"),
                        Map.entry("signup", "2024-03-09"),
                        Map.entry("score", "85.65"),
                        Map.entry("tags", "[\"odd\",\"vip\"]"));
    }

    @Test
    void loadsEveryUserIntoRedis() {
        TestingRedisServer redis = TestingRedisServer.shared();
        try (Jedis jedis = redis.connect()) {
            jedis.hset("demo:user:3", "stale", "field");

            assertThat(DemoData.load(jedis)).isEqualTo(20);

            assertThat(jedis.keys("demo:user:*")).hasSize(20);
            assertThat(jedis.hgetAll("demo:user:3"))
                    .isEqualTo(DemoData.users().get(2).hash());
            assertThat(jedis.hget("demo:user:20", "name")).isEqualTo("tao");
        }
    }
}
