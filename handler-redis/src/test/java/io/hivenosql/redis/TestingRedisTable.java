package io.hivenosql.redis;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.DataTypes;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import redis.clients.jedis.Jedis;

/** Builds Redis tables for connector tests and reads / writes them through the SPI, as the Hive adapters do. */
final class TestingRedisTable {
    private static final AtomicInteger COUNTER = new AtomicInteger();
    static final RedisConnector CONNECTOR = new RedisConnector();

    private final String name;
    private final List<ColumnMapping> columns = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private SecretResolver secrets = SecretResolver.NONE;

    private TestingRedisTable(String name, String nodes) {
        this.name = name;
        properties.put("redis.nodes", nodes);
        properties.put("redis.key.prefix", uniquePrefix(name));
    }

    /** A table with a unique key prefix, so that tests sharing one server do not see each other's keys. */
    static TestingRedisTable table(String name, String nodes) {
        return new TestingRedisTable(name, nodes);
    }

    static String uniquePrefix(String name) {
        return "test" + COUNTER.incrementAndGet() + "-" + name + ":";
    }

    TestingRedisTable column(String column, String hiveType) {
        return column(column, hiveType, column);
    }

    TestingRedisTable column(String column, String hiveType, String path) {
        columns.add(new ColumnMapping(column, DataTypes.parse(hiveType), path, ColumnRole.FIELD));
        return this;
    }

    TestingRedisTable property(String key, String value) {
        if (value == null) {
            properties.remove(key);
        } else {
            properties.put(key, value);
        }
        return this;
    }

    TestingRedisTable secrets(SecretResolver resolver) {
        this.secrets = requireNonNull(resolver, "resolver is null");
        return this;
    }

    TableContext build() {
        List<TableProperty> declared = new ArrayList<>(Arrays.asList(RedisTableProperties.values()));
        declared.addAll(Arrays.asList(NoSqlTableProperties.values()));
        TableConfig config = TableConfig.validate("default." + name, properties, declared, Set.of("redis.", "nosql."));
        return new TableContext(CONNECTOR.bind(config, new TableMapping(columns)), secrets);
    }

    static String prefix(TableContext table) {
        return table.config().<String>get(RedisTableProperties.KEY_PREFIX);
    }

    static void write(TableContext table, List<Object[]> rows) throws IOException {
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows) {
                sink.write(row);
            }
        }
    }

    static List<Integer> allColumns(TableContext table) {
        return IntStream.range(0, table.mapping().size()).boxed().toList();
    }

    static ReadRequest request(TableContext table, List<Integer> projection, Optional<Filter> filter) {
        return new ReadRequest(table, projection, filter, OptionalLong.empty());
    }

    /** Every row of every split (all columns), normalized for comparison. */
    static List<List<Object>> readAll(TableContext table) throws IOException {
        return readAll(request(table, allColumns(table), Optional.empty()), 0);
    }

    static List<List<Object>> readAll(ReadRequest request, int desiredSplits) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        for (SplitSpec split : CONNECTOR.planSplits(request, desiredSplits)) {
            rows.addAll(readSplit(request, split));
        }
        return rows;
    }

    /** The rows of one split: the projected columns' values, normalized (binary as hex). */
    static List<List<Object>> readSplit(ReadRequest request, SplitSpec split) throws IOException {
        List<List<Object>> rows = new ArrayList<>();
        try (RecordSource source = CONNECTOR.openReader(request, split)) {
            while (source.next()) {
                List<Object> row = new ArrayList<>();
                for (int column : request.projection()) {
                    row.add(normalize(source.get(column)));
                }
                rows.add(row);
            }
        }
        return rows;
    }

    /** byte[] (also nested) as hex text, so that rows compare with equals. */
    static Object normalize(Object value) {
        if (value instanceof byte[] bytes) {
            return "hex:" + HexFormat.of().formatHex(bytes);
        }
        if (value instanceof List<?> list) {
            return list.stream().map(TestingRedisTable::normalize).collect(Collectors.toList());
        }
        if (value instanceof Map<?, ?> map) {
            Map<Object, Object> copy = new LinkedHashMap<>();
            map.forEach((k, v) -> copy.put(normalize(k), normalize(v)));
            return copy;
        }
        return value;
    }

    static List<Object> normalizedRow(Object... values) {
        return Arrays.stream(values).map(TestingRedisTable::normalize).collect(Collectors.toList());
    }

    /** The {@code calls} of a command in INFO commandstats (0 when never called). */
    static long calls(Jedis jedis, String command) {
        String marker = "cmdstat_" + command.toLowerCase() + ":calls=";
        for (String line : jedis.info("commandstats").split("\r?\n")) {
            if (line.startsWith(marker)) {
                return Long.parseLong(line.substring(marker.length(), line.indexOf(',', marker.length())));
            }
        }
        return 0;
    }
}
