package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.allColumns;
import static io.hivenosql.cassandra.TestingCassandraTables.readAll;
import static io.hivenosql.cassandra.TestingCassandraTables.request;
import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.ValueConversionException;
import java.io.IOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Every CQL type written with CQL literals and read back through the connector as neutral values. */
class TestCqlValueDecoder {
    private static String keyspace;

    @BeforeAll
    static void createTables() {
        CqlSession session = session();
        keyspace = TestingCassandraTables.keyspace("decoder");
        session.execute("CREATE TYPE " + keyspace + ".address (street text, zip int)");
        session.execute("CREATE TABLE " + keyspace + ".types (id int PRIMARY KEY, a ascii, t text, bo boolean, "
                + "ti tinyint, si smallint, i int, bi bigint, f float, d double, de decimal, vi varint, bl blob, "
                + "u uuid, tu timeuuid, ip inet, ip6 inet, da date, tm time, ts timestamp, du duration, li list<int>, "
                + "se set<text>, ma map<text, frozen<list<bigint>>>, tp tuple<int, text>, ad frozen<address>, "
                + "ve vector<float, 3>, nested list<frozen<map<int, frozen<address>>>>)");
        session.execute("INSERT INTO " + keyspace + ".types (id, a, t, bo, ti, si, i, bi, f, d, de, vi, bl, u, tu, "
                + "ip, ip6, da, tm, ts, du, li, se, ma, tp, ad, ve, nested) VALUES (1, 'ascii', 'héllo ✓', true, -5, "
                + "300, 70000, 9000000000, 1.5, 2.25, 123.456, 123456789012345678901234567890, 0xcafe, "
                + "3F2504E0-4F89-11D3-9A0C-0305E82C3301, 50554d6e-29bb-11e5-b345-feff819cdc9f, '10.0.0.1', '::1', "
                + "'2024-02-29', '12:34:56.123456789', '2024-02-29 12:34:56.789+0000', 1h30m, [3, 1, 2], "
                + "{'b', 'a'}, {'k': [1, 2], 'e': []}, (7, 'x'), {street: 'Main', zip: 12345}, [1.0, 2.5, -3.0], "
                + "[{1: {street: 's', zip: 1}}])");
        session.execute("INSERT INTO " + keyspace + ".types (id) VALUES (2)");
        session.execute("CREATE TABLE " + keyspace + ".counts (id int PRIMARY KEY, c counter)");
        session.execute("UPDATE " + keyspace + ".counts SET c = c + 42 WHERE id = 1");
    }

    private static TestingCassandraTableContext types() {
        return TestingCassandraTables.table(keyspace, "types")
                .column("id", "int")
                .column("a", "string")
                .column("t", "string")
                .column("bo", "boolean")
                .column("ti", "tinyint")
                .column("si", "smallint")
                .column("i", "int")
                .column("bi", "bigint")
                .column("f", "float")
                .column("d", "double")
                .column("de", "decimal(10,3)")
                .column("vi", "decimal(38,0)")
                .column("bl", "binary")
                .column("u", "string")
                .column("tu", "string")
                .column("ip", "string")
                .column("ip6", "string")
                .column("da", "date")
                .column("tm", "string")
                .column("ts", "timestamp")
                .column("du", "string")
                .column("li", "array<int>")
                .column("se", "array<string>")
                .column("ma", "map<string,array<bigint>>")
                .column("tp", "struct<n:int,s:string>")
                .column("ad", "struct<zip:int,street:string>")
                .column("ve", "array<float>")
                .column("nested", "array<map<int,struct<street:string,zip:int>>>");
    }

    @Test
    void readsEveryCqlTypeAsItsNeutralValue() throws IOException {
        List<List<Object>> rows = sorted(readAll(types().build()));

        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("e", List.of());
        map.put("k", List.of(1L, 2L));
        assertThat(rows.get(0))
                .containsExactly(
                        1,
                        "ascii",
                        "héllo ✓",
                        true,
                        (byte) -5,
                        (short) 300,
                        70000,
                        9_000_000_000L,
                        1.5f,
                        2.25,
                        new BigDecimal("123.456"),
                        new BigDecimal("123456789012345678901234567890"),
                        "hex:cafe",
                        "3f2504e0-4f89-11d3-9a0c-0305e82c3301",
                        "50554d6e-29bb-11e5-b345-feff819cdc9f",
                        "10.0.0.1",
                        "::1", // RFC 5952, as cqlsh shows it
                        LocalDate.of(2024, 2, 29),
                        "12:34:56.123456789",
                        LocalDateTime.of(2024, 2, 29, 12, 34, 56, 789_000_000),
                        "1h30m",
                        List.of(3, 1, 2),
                        List.of("a", "b"),
                        map,
                        List.of(7, "x"),
                        List.of(12345, "Main"),
                        List.of(1.0f, 2.5f, -3.0f),
                        List.of(Map.of(1, List.of("s", 1))));
        List<Object> nulls =
                new ArrayList<>(Arrays.asList(new Object[rows.get(1).size()]));
        nulls.set(0, 2);
        assertThat(rows.get(1)).isEqualTo(nulls);
    }

    @Test
    void readsIntoWiderHiveTypes() throws IOException {
        TableContext table = TestingCassandraTables.table(keyspace, "types")
                .column("id", "bigint")
                .column("ti", "int")
                .column("i", "decimal(12,2)")
                .column("f", "double")
                .column("vi", "string")
                .column("tm", "bigint")
                .column("u", "varchar(8)")
                .build();

        assertThat(sorted(readAll(table)).get(0))
                .containsExactly(
                        1L,
                        -5,
                        new BigDecimal("70000.00"),
                        1.5,
                        "123456789012345678901234567890",
                        45_296_123_456_789L,
                        "3f2504e0-4f89-11d3-9a0c-0305e82c3301");
    }

    @Test
    void readsCounters() throws IOException {
        TableContext table = TestingCassandraTables.table(keyspace, "counts")
                .column("id", "int")
                .column("c", "bigint")
                .build();

        assertThat(readAll(table)).containsExactly(List.of(1, 42L));
    }

    @Test
    void reportsValuesThatDoNotFitAsConversionErrors() throws IOException {
        TableContext table = TestingCassandraTables.table(keyspace, "types")
                .column("id", "int")
                .column("de", "decimal(3,1)")
                .column("vi", "bigint")
                .build();
        ReadRequest request = request(table, allColumns(table), Optional.empty());

        List<String> errors = new ArrayList<>();
        for (SplitSpec split : TestingCassandraTableContext.CONNECTOR.planSplits(request, 0)) {
            try (RecordSource source = TestingCassandraTableContext.CONNECTOR.openReader(request, split)) {
                while (source.next()) {
                    if (source.get(0).equals(1)) {
                        assertThat(source.key()).isEqualTo("id=1");
                        assertThatThrownBy(() -> source.get(1))
                                .isInstanceOf(ValueConversionException.class)
                                .hasMessageContaining("'123.456'")
                                .hasMessageContaining("does not fit decimal(3,1)");
                        assertThatThrownBy(() -> source.get(2))
                                .isInstanceOf(ValueConversionException.class)
                                .hasMessageContaining("123456789012345678901234567890")
                                .hasMessageContaining("out of range for bigint");
                        errors.add("checked");
                    }
                }
            }
        }
        assertThat(errors).hasSize(1);
    }

    @Test
    void roundsDecimalsToTheColumnScale() {
        assertThat(CqlValueDecoder.fit(new BigDecimal("1.005"), new io.hivenosql.api.types.DecimalType(4, 2)))
                .isEqualTo(new BigDecimal("1.01"));
        assertThat(CqlValueDecoder.fit(new BigDecimal("12E+1"), new io.hivenosql.api.types.DecimalType(5, 1)))
                .isEqualTo(new BigDecimal("120.0"));
        assertThatThrownBy(() ->
                        CqlValueDecoder.fit(new BigDecimal("99.995"), new io.hivenosql.api.types.DecimalType(4, 2)))
                .isInstanceOf(ValueConversionException.class)
                .hasMessageContaining("does not fit decimal(4,2)");
        assertThat(CqlValueDecoder.timeText(0)).isEqualTo("00:00:00");
        assertThat(CqlValueDecoder.timeText(1_000_000L)).isEqualTo("00:00:00.001000000");
    }

    private static List<List<Object>> sorted(List<List<Object>> rows) {
        List<List<Object>> copy = new ArrayList<>(rows);
        copy.sort((a, b) -> Long.compare(((Number) a.get(0)).longValue(), ((Number) b.get(0)).longValue()));
        return copy;
    }
}
