package io.hivenosql.redis;

import static io.hivenosql.redis.TestingRedisTable.CONNECTOR;
import static io.hivenosql.redis.TestingRedisTable.allColumns;
import static io.hivenosql.redis.TestingRedisTable.normalizedRow;
import static io.hivenosql.redis.TestingRedisTable.readAll;
import static io.hivenosql.redis.TestingRedisTable.request;
import static io.hivenosql.redis.TestingRedisTable.table;
import static io.hivenosql.redis.TestingRedisTable.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.StoredSecret;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.io.IOException;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestRedisConnectionErrors {
    private static final String PASSWORD = "s3cret-Pa55";

    @Test
    void unreachableServerNamesHostPortTableAndFix() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        TableContext table = table("unreachable", "127.0.0.1:" + port)
                .property("redis.timeout.ms", "2000")
                .column("id", "int")
                .build();
        assertThatThrownBy(() -> CONNECTOR.planSplits(request(table, List.of(0), Optional.empty()), 0))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.STORE_UNREACHABLE))
                .hasMessageContaining("127.0.0.1:" + port)
                .hasMessageContaining("default.unreachable")
                .hasMessageContaining("check redis.nodes");
        assertThatThrownBy(() -> CONNECTOR.openWriter(table)).hasMessageContaining("127.0.0.1:" + port);
    }

    @Test
    void passwordComesFromTheSecretResolverAndFailuresNameUserAndAliasOnly() throws Exception {
        try (TestingRedisServer server = TestingRedisServer.builder()
                .password("default-" + PASSWORD)
                .aclUser("hive", PASSWORD)
                .build()) {
            SecretResolver secrets = alias -> Optional.ofNullable(Map.of("redis.hive", PASSWORD, "redis.wrong", "nope")
                            .get(alias))
                    .map(password -> StoredSecret.bound(password.toCharArray(), server.address()));
            TableContext good = table("secured", server.address())
                    .property("redis.user", "hive")
                    .property("redis.password.alias", "redis.hive")
                    .secrets(secrets)
                    .column("id", "int")
                    .column("v", "string")
                    .build();
            write(good, List.<Object[]>of(new Object[] {1, "one"}));
            assertThat(readAll(good)).containsExactly(normalizedRow(1, "one"));

            TableContext wrong = table("secured", server.address())
                    .property("redis.user", "hive")
                    .property("redis.password.alias", "redis.wrong")
                    .secrets(secrets)
                    .column("id", "int")
                    .build();
            assertThatThrownBy(() -> CONNECTOR.planSplits(request(wrong, List.of(0), Optional.empty()), 0))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageContaining("user 'hive'")
                    .hasMessageContaining("alias 'redis.wrong'")
                    .hasMessageContaining("WRONGPASS")
                    .hasMessageContaining(server.address())
                    .hasMessageNotContaining("nope")
                    .hasMessageNotContaining(PASSWORD);

            TableContext missing = table("secured", server.address())
                    .property("redis.password.alias", "redis.absent")
                    .secrets(secrets)
                    .column("id", "int")
                    .build();
            assertThatThrownBy(() -> CONNECTOR.openWriter(missing))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.CREDENTIAL_NOT_FOUND))
                    .hasMessageContaining("redis.password.alias")
                    // an alias no provider holds may be a password typed into the property: never echoed
                    .hasMessageNotContaining("redis.absent");

            TableContext anonymous =
                    table("secured", server.address()).column("id", "int").build();
            assertThatThrownBy(() -> CONNECTOR.openWriter(anonymous))
                    .hasMessageContaining("requires authentication")
                    .hasMessageContaining("set redis.password.alias");
        }
    }

    @Test
    void aUserWhoseAclRefusesACommandIsToldWhatToGrant() throws Exception {
        try (TestingRedisServer server = TestingRedisServer.builder()
                .aclUser("hive", PASSWORD)
                .aclUser("bare", PASSWORD, "~acl:* +@read")
                .aclUser("reader", PASSWORD, "~acl:* " + RedisErrors.READ_RULES)
                .build()) {
            write(as("hive", server), List.<Object[]>of(new Object[] {1, "one"}));

            // signed in, but refused the PING that checks a new connection: not a credential failure
            assertThatThrownBy(() -> CONNECTOR.planSplits(request(as("bare", server), List.of(0), Optional.empty()), 0))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.PERMISSION_DENIED))
                    .hasMessageContaining("does not allow user 'bare' (redis.user)")
                    .hasMessageContaining("NOPERM")
                    .hasMessageContaining("'ping'")
                    .hasMessageContaining("ACL SETUSER bare ~acl:* +@read +info +ping +client|setname +select")
                    .hasMessageContaining(server.address())
                    .hasMessageNotContaining(PASSWORD);

            // the rules the message gives are enough to read; a write fails saying what the user lacks
            TableContext reader = as("reader", server);
            assertThat(readAll(reader)).containsExactly(normalizedRow(1, "one"));
            assertThatThrownBy(() -> write(reader, List.<Object[]>of(new Object[] {2, "two"})))
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("writing key 'acl:2'")
                    .hasMessageContaining("NOPERM")
                    .hasMessageContaining("user 'reader' of redis.user may not write the table's keys")
                    .hasMessageContaining("+@write on ~acl:*")
                    .hasMessageNotContaining(PASSWORD);
            assertThat(readAll(reader)).containsExactly(normalizedRow(1, "one"));
        }
    }

    /** Table {@code acl} (keys {@code acl:<id>}) signed in as the user, whose password the resolver holds. */
    private static TableContext as(String user, TestingRedisServer server) {
        return table("acl", server.address())
                .property("redis.key.prefix", "acl:")
                .property("redis.user", user)
                .property("redis.password.alias", "redis." + user)
                .secrets(alias -> Optional.of(StoredSecret.bound(PASSWORD.toCharArray(), server.address())))
                .column("id", "int")
                .column("v", "string")
                .build();
    }

    @Test
    void serverKilledMidScanFailsWithIoExceptionNamingTheNode() throws Exception {
        try (TestingRedisServer server = TestingRedisServer.start()) {
            TableContext table = table("killed", server.address())
                    .property("redis.scan.count", "10")
                    .property("redis.timeout.ms", "2000")
                    .column("id", "int")
                    .column("v", "string")
                    .build();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                rows.add(new Object[] {i, "v" + i});
            }
            write(table, rows);
            ReadRequest request = request(table, allColumns(table), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            try (RecordSource source = CONNECTOR.openReader(request, splits.get(0))) {
                assertThat(source.next()).isTrue();
                server.kill();
                assertThatThrownBy(() -> {
                            while (source.next()) {
                                source.get(1);
                            }
                        })
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining(server.address())
                        .hasMessageContaining("default.killed")
                        .hasMessageContaining("lost the connection");
            }
        }
    }

    @Test
    void aServerThatStopsAnsweringTimesOutNamingThePropertyNotAConnectFailure() throws Exception {
        try (TestingRedisServer server = TestingRedisServer.start()) {
            TableContext table = table("paused", server.address())
                    .property("redis.scan.count", "10")
                    .property("redis.timeout.ms", "200")
                    .column("id", "int")
                    .column("v", "string")
                    .build();
            List<Object[]> rows = new ArrayList<>();
            for (int i = 0; i < 100; i++) {
                rows.add(new Object[] {i, "v" + i});
            }
            write(table, rows);
            ReadRequest request = request(table, allColumns(table), Optional.empty());
            List<SplitSpec> splits = CONNECTOR.planSplits(request, 0);
            try {
                try (RecordSource source = CONNECTOR.openReader(request, splits.get(0))) {
                    assertThat(source.next()).isTrue();
                    try (var jedis = server.connect()) {
                        jedis.clientPause(60_000); // every client waits; the server is killed long before
                    }
                    // mid-scan: the next batch gets no answer
                    assertThatThrownBy(() -> {
                                while (source.next()) {
                                    source.get(1);
                                }
                            })
                            .isInstanceOf(IOException.class)
                            .hasMessageContaining(
                                    "timed out reading from Redis at " + server.address() + " after 200 ms")
                            .hasMessageContaining("default.paused")
                            .hasMessageContaining("raise 'redis.timeout.ms'");
                }
                // planning: the connection is made, its first command gets no answer
                assertThatThrownBy(() -> CONNECTOR.planSplits(request, 0))
                        .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                                .isEqualTo(HandlerErrorCode.STORE_UNREACHABLE))
                        .hasMessageContaining("timed out reading from Redis at " + server.address() + " after 200 ms")
                        .hasMessageContaining("raise 'redis.timeout.ms'")
                        .satisfies(e -> assertThat(e.getMessage()).doesNotContain("cannot connect"));
            } finally {
                server.kill();
            }
        }
    }

    @Test
    void serverKilledDuringWritesFailsTheSink() throws Exception {
        try (TestingRedisServer server = TestingRedisServer.start()) {
            TableContext table = table("killed_writer", server.address())
                    .property("redis.batch.size", "10")
                    .property("redis.timeout.ms", "2000")
                    .column("id", "int")
                    .build();
            RecordSink sink = CONNECTOR.openWriter(table);
            sink.write(new Object[] {1});
            sink.flush();
            assertThat(sink.written()).isEqualTo(1);
            server.kill();
            assertThatThrownBy(() -> {
                        for (int i = 0; i < 20; i++) {
                            sink.write(new Object[] {i});
                        }
                    })
                    .isInstanceOf(IOException.class)
                    .hasMessageContaining("WRITE_FAILED")
                    .hasMessageContaining(server.address())
                    .hasMessageContaining("default.killed_writer");
            assertThatThrownBy(sink::close).isInstanceOf(IOException.class);
        }
    }
}
