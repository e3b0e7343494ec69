package io.hivenosql.sandbox.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisAccessControlException;
import redis.clients.jedis.exceptions.JedisConnectionException;
import redis.clients.jedis.exceptions.JedisDataException;

class TestTestingRedisServer {
    @Test
    void startsOnFreePortAndStopsItsOwnProcess() throws Exception {
        Path workDir;
        long pid;
        try (TestingRedisServer server = TestingRedisServer.start()) {
            assertThat(server.host()).isEqualTo("127.0.0.1");
            assertThat(server.address()).isEqualTo("127.0.0.1:" + server.port());
            pid = server.pid();
            workDir = server.workDir();
            assertThat(ProcessHandle.of(pid)).map(ProcessHandle::isAlive).contains(true);
            try (Jedis jedis = new Jedis(server.host(), server.port())) {
                assertThat(jedis.ping()).isEqualTo("PONG");
                jedis.set("k", "v");
                assertThat(jedis.get("k")).isEqualTo("v");
                assertThat(jedis.configGet("save")).containsEntry("save", "");
                assertThat(jedis.configGet("appendonly")).containsEntry("appendonly", "no");
            }
            assertThat(Files.readString(server.logFile())).contains("Ready to accept connections");
        }
        Optional<ProcessHandle> handle = ProcessHandle.of(pid);
        assertThat(handle.map(ProcessHandle::isAlive).orElse(false)).isFalse();
        assertThat(workDir).doesNotExist();
    }

    @Test
    void requiresPasswordAndKnowsAclUser() {
        try (TestingRedisServer server = TestingRedisServer.builder()
                .password("default-secret")
                .aclUser("hive", "hive-secret")
                .build()) {
            try (Jedis anonymous = new Jedis(server.host(), server.port())) {
                assertThatThrownBy(anonymous::ping)
                        .isInstanceOf(JedisDataException.class)
                        .hasMessageContaining("NOAUTH");
            }
            HostAndPort address = new HostAndPort(server.host(), server.port());
            try (Jedis user = new Jedis(
                    address,
                    DefaultJedisClientConfig.builder()
                            .user("hive")
                            .password("hive-secret")
                            .build())) {
                assertThat(user.ping()).isEqualTo("PONG");
                assertThat(user.aclWhoAmI()).isEqualTo("hive");
            }
            assertThatThrownBy(() -> {
                        try (Jedis wrong = new Jedis(
                                address,
                                DefaultJedisClientConfig.builder()
                                        .user("hive")
                                        .password("nope")
                                        .build())) {
                            wrong.ping();
                        }
                    })
                    .isInstanceOf(JedisAccessControlException.class)
                    .hasMessageContaining("WRONGPASS");
            try (Jedis admin = server.connect()) {
                assertThat(admin.ping()).isEqualTo("PONG");
            }
        }
    }

    @Test
    void killStopsTheProcessAtOnce() {
        try (TestingRedisServer server = TestingRedisServer.start()) {
            server.kill();
            assertThat(server.isAlive()).isFalse();
        }
    }

    /** A paused server keeps its socket but answers nothing until resumed; closing a paused server still stops it. */
    @Test
    void pauseFreezesTheProcessUntilResumeAndClosingAPausedServerStopsIt() {
        long pid;
        try (TestingRedisServer server = TestingRedisServer.start()) {
            pid = server.pid();
            server.pause();
            assertThatThrownBy(() -> {
                        try (Jedis jedis = new Jedis(
                                new HostAndPort(server.host(), server.port()),
                                DefaultJedisClientConfig.builder()
                                        .timeoutMillis(300)
                                        .build())) {
                            jedis.ping();
                        }
                    })
                    .isInstanceOf(JedisConnectionException.class);
            server.resume();
            try (Jedis jedis = server.connect()) {
                assertThat(jedis.ping()).isEqualTo("PONG");
            }
            server.pause();
        }
        assertThat(ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false))
                .isFalse();
    }

    @Test
    void sharedIsOnePerJvmAndIgnoresClose() {
        TestingRedisServer shared = TestingRedisServer.shared();
        shared.close();
        assertThat(TestingRedisServer.shared()).isSameAs(shared);
        assertThat(shared.isAlive()).isTrue();
        try (Jedis jedis = shared.connect()) {
            assertThat(jedis.ping()).isEqualTo("PONG");
        }
    }

    @Test
    void findsTheExecutable() {
        assertThat(TestingRedisServer.findExecutable()).isExecutable();
        assertThat(TestingRedisServer.NOT_INSTALLED).contains("apt-get install -y redis-server");
    }
}
