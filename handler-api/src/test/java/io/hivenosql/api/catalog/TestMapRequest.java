package io.hivenosql.api.catalog;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestMapRequest {
    @Test
    void cassandraKeyspaceIsOneScope() {
        MapRequest request = MapRequest.parse(List.of(
                "cassandra",
                "--hosts",
                "h1:9042,h2",
                "--local-dc=dc1",
                "--keyspace",
                "shop",
                "--out",
                "/tmp/out",
                "--database",
                "Shop",
                "--sample-size",
                "50",
                "--property",
                "cassandra.user=reader",
                "--property",
                "nosql.credentials.provider=jceks://hdfs/a=b.jceks"));
        assertThat(request.store()).isEqualTo(MapStore.CASSANDRA);
        assertThat(request.scopes())
                .containsExactly(Map.of(
                        "cassandra.hosts", "h1:9042,h2",
                        "cassandra.local-dc", "dc1",
                        "cassandra.keyspace", "shop",
                        "cassandra.user", "reader",
                        "nosql.credentials.provider", "jceks://hdfs/a=b.jceks"));
        assertThat(request.sampling()).containsExactly(Map.entry("nosql.schema.sample-size", "50"));
        assertThat(request.hiveDatabase()).isEqualTo("shop");
        assertThat(request.mappingUrlBase()).isEqualTo("file:///tmp/out/");
        assertThat(request.apply()).isFalse();
        assertThat(MapStore.CASSANDRA.scopeName(request.scopes().get(0))).isEqualTo("keyspace shop");
    }

    @Test
    void eachRedisPrefixIsAScopeWithItsOwnKeyOptions() {
        MapRequest request = MapRequest.parse(List.of(
                "redis",
                "--nodes",
                "r:6379",
                "--value-type",
                "hash",
                "--prefix",
                "user:",
                "--key-columns",
                "id",
                "--prefix",
                "session:",
                "--value-type",
                "string",
                "--out",
                "out"));
        assertThat(request.scopes())
                .containsExactly(
                        Map.of(
                                "redis.nodes", "r:6379",
                                "redis.value.type", "hash",
                                "redis.key.prefix", "user:",
                                "redis.key.column", "id"),
                        Map.of("redis.nodes", "r:6379", "redis.value.type", "string", "redis.key.prefix", "session:"));
        assertThat(request.mappingUrlBase())
                .isEqualTo(Path.of("out").toAbsolutePath().toUri().toString().replaceAll("/?$", "/"));
    }

    @Test
    void mongoTakesTheDatabaseFromTheUri() {
        MapRequest request = MapRequest.parse(List.of(
                "mongodb",
                "--uri",
                "mongodb://m:27017/shop",
                "--out",
                "o",
                "--mapping-url-base",
                "hdfs:///user/hive/mappings",
                "--apply",
                "--jdbc-url",
                "jdbc:hive2://h:10000/",
                "--user",
                "ana"));
        assertThat(request.store()).isEqualTo(MapStore.MONGO);
        assertThat(request.scopes()).containsExactly(Map.of("mongo.uri", "mongodb://m:27017/shop"));
        assertThat(request.mappingUrlBase()).isEqualTo("hdfs:///user/hive/mappings/");
        assertThat(request.apply()).isTrue();
        assertThat(request.jdbcUrl()).hasValue("jdbc:hive2://h:10000/");
        assertThat(request.user()).isEqualTo("ana");
    }

    @Test
    void refusesWhatItCannotUse() {
        assertThatThrownBy(() -> MapRequest.parse(List.of())).hasMessageContaining("cassandra, mongo or redis");
        assertThatThrownBy(() -> MapRequest.parse(List.of("hbase", "--out", "o")))
                .hasMessageContaining("unknown store 'hbase'");
        assertThatThrownBy(() -> MapRequest.parse(List.of("cassandra", "--hosts", "h", "--out", "o")))
                .hasMessageContaining("--keyspace is required for cassandra");
        assertThatThrownBy(() -> MapRequest.parse(List.of("cassandra", "--hosts", "h", "--keyspace", "k")))
                .hasMessageContaining("--out DIR is required");
        assertThatThrownBy(() -> MapRequest.parse(List.of("redis", "--nodes", "r", "--out", "o")))
                .hasMessageContaining("--prefix is required for redis");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "--uri", "u", "--out", "o", "--keyspace", "k")))
                .hasMessageContaining("unknown option --keyspace for mongo (known: --uri)");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "--uri", "u", "--out", "o", "--apply")))
                .hasMessageContaining("--apply needs --jdbc-url");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "--uri", "u", "--out", "o", "--database", "a-b")))
                .hasMessageContaining("'a-b' is not a Hive database name");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "--uri", "u", "--out", "o", "--property", "x")))
                .hasMessageContaining("--property takes KEY=VALUE");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "--uri")))
                .hasMessageContaining("--uri needs a value");
        assertThatThrownBy(() -> MapRequest.parse(List.of("mongo", "stray")))
                .hasMessageContaining("unexpected argument 'stray'");
    }
}
