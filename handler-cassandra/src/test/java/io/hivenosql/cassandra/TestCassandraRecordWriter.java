package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTableContext.CONNECTOR;
import static io.hivenosql.cassandra.TestingCassandraTableContext.execute;
import static io.hivenosql.cassandra.TestingCassandraTableContext.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.Row;
import com.datastax.oss.driver.api.core.data.CqlDuration;
import com.datastax.oss.driver.api.core.data.CqlVector;
import com.datastax.oss.driver.api.core.data.TupleValue;
import com.datastax.oss.driver.api.core.data.UdtValue;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The writer against a real Cassandra 5: every CQL type, NULL handling, batching by partition, failures. */
class TestCassandraRecordWriter {
    private static final String KEYSPACE = "casswrite_writer";

    private static TestingCassandraServer server;
    private static CqlSession session;

    @BeforeAll
    static void setUp() {
        server = TestingCassandraServer.shared();
        session = TestingCassandraTableContext.session(server);
        TestingCassandraTableContext.recreateKeyspace(session, KEYSPACE);
        execute(
                session,
                "CREATE TYPE " + KEYSPACE + ".address (street text, zip int, \"Geo\" frozen<tuple<double, "
                        + "double>>)");
    }

    @AfterAll
    static void tearDown() {
        if (session != null) {
            session.close();
        }
        CassandraClients.closeIdle();
    }

    private static TestingCassandraTableContext table(String name) {
        return TestingCassandraTableContext.table(name, server.contactPoint(), KEYSPACE);
    }

    @Test
    void everyCqlTypeRoundTrips() throws IOException {
        execute(
                session,
                "CREATE TABLE " + KEYSPACE + ".all_types (k int PRIMARY KEY, c_ascii ascii, c_text text, "
                        + "c_varchar varchar, c_boolean boolean, c_tinyint tinyint, c_smallint smallint, c_int int, "
                        + "c_int_from_bigint int, c_bigint bigint, c_float float, c_double double, c_decimal decimal, "
                        + "c_varint varint, c_varint_text varint, c_blob blob, c_uuid uuid, c_timeuuid timeuuid, c_inet inet, "
                        + "c_date date, c_time time, c_time_nanos time, c_timestamp timestamp, c_duration duration, "
                        + "c_list list<int>, c_set set<text>, c_map map<text, frozen<list<int>>>, "
                        + "c_tuple tuple<int, text, date>, c_udt frozen<address>, c_udt_free address, "
                        + "c_vector vector<float, 3>, c_nested list<frozen<map<int, text>>>, c_set_ts set<timestamp>)");
        TableContext table = table("all_types")
                .column("k", "int")
                .column("c_ascii", "string")
                .column("c_text", "string")
                .column("c_varchar", "varchar(20)")
                .column("c_boolean", "boolean")
                .column("c_tinyint", "tinyint")
                .column("c_smallint", "smallint")
                .column("c_int", "int")
                .column("c_int_from_bigint", "bigint")
                .column("c_bigint", "bigint")
                .column("c_float", "float")
                .column("c_double", "double")
                .column("c_decimal", "decimal(20,4)")
                .column("c_varint", "decimal(38,0)")
                .column("c_varint_text", "string")
                .column("c_blob", "binary")
                .column("c_uuid", "string")
                .column("c_timeuuid", "string")
                .column("c_inet", "string")
                .column("c_date", "date")
                .column("c_time", "string")
                .column("c_time_nanos", "bigint")
                .column("c_timestamp", "timestamp")
                .column("c_duration", "string")
                .column("c_list", "array<int>")
                .column("c_set", "array<string>")
                .column("c_map", "map<string,array<int>>")
                .column("c_tuple", "struct<a:int,b:string,c:date>")
                .column("c_udt", "struct<zip:int,street:string,geo:struct<lat:double,lon:double>>")
                .column("c_udt_free", "struct<street:string>")
                .column("c_vector", "array<float>")
                .column("c_nested", "array<map<int,string>>")
                .column("c_set_ts", "array<timestamp>")
                .build();
        Map<Object, Object> map = new LinkedHashMap<>();
        map.put("a", List.of(1, 2));
        map.put("b", List.of());
        String uuid = "123e4567-e89b-42d3-a456-426614174000";
        String timeuuid = "5c2e7b30-8b1c-11ee-b9d1-0242ac120002";
        Object[] full = {
            1,
            "ascii",
            "tëxt ✓",
            "varchar",
            true,
            (byte) -8,
            (short) 1234,
            -56789,
            2_000_000_000L,
            Long.MAX_VALUE,
            1.5f,
            -0.1d,
            new BigDecimal("12345678.1234"),
            new BigDecimal("12345678901234567890123456789"),
            "-98765432109876543210",
            new byte[] {0, 1, (byte) 0xff},
            uuid,
            timeuuid,
            "192.168.0.1",
            LocalDate.of(1992, 2, 29),
            "13:45:07.123456789",
            3_600_000_000_001L,
            LocalDateTime.of(1998, 12, 31, 23, 59, 59, 999_000_000),
            "1h30m",
            List.of(3, 1, 3),
            List.of("b", "a"),
            map,
            Arrays.asList(7, null, LocalDate.of(2000, 1, 1)),
            List.of(75001, "rue de Rivoli", List.of(48.85, 2.35)),
            List.of("Main St"),
            List.of(0.5f, -1f, 2f),
            List.of(Map.of(1, "one"), Map.of()),
            List.of(LocalDateTime.of(2020, 1, 1, 0, 0), LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000_000)),
        };
        Object[] nulls = new Object[table.mapping().size()];
        nulls[0] = 2;
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            sink.write(full);
            sink.write(nulls);
            sink.flush();
            assertThat(sink.written()).isEqualTo(2);
        }

        Row row = session.execute("SELECT * FROM " + KEYSPACE + ".all_types WHERE k = 1")
                .one();
        assertThat(row).isNotNull();
        assertThat(row.getString("c_ascii")).isEqualTo("ascii");
        assertThat(row.getString("c_text")).isEqualTo("tëxt ✓");
        assertThat(row.getString("c_varchar")).isEqualTo("varchar");
        assertThat(row.getBoolean("c_boolean")).isTrue();
        assertThat(row.getByte("c_tinyint")).isEqualTo((byte) -8);
        assertThat(row.getShort("c_smallint")).isEqualTo((short) 1234);
        assertThat(row.getInt("c_int")).isEqualTo(-56789);
        assertThat(row.getInt("c_int_from_bigint")).isEqualTo(2_000_000_000);
        assertThat(row.getLong("c_bigint")).isEqualTo(Long.MAX_VALUE);
        assertThat(row.getFloat("c_float")).isEqualTo(1.5f);
        assertThat(row.getDouble("c_double")).isEqualTo(-0.1d);
        assertThat(row.getBigDecimal("c_decimal")).isEqualTo(new BigDecimal("12345678.1234"));
        assertThat(row.getBigInteger("c_varint")).isEqualTo(new BigInteger("12345678901234567890123456789"));
        assertThat(row.getBigInteger("c_varint_text")).isEqualTo(new BigInteger("-98765432109876543210"));
        assertThat(row.getByteBuffer("c_blob")).isEqualTo(ByteBuffer.wrap(new byte[] {0, 1, (byte) 0xff}));
        assertThat(row.getUuid("c_uuid")).isEqualTo(UUID.fromString(uuid));
        assertThat(row.getUuid("c_timeuuid")).isEqualTo(UUID.fromString(timeuuid));
        assertThat(row.getInetAddress("c_inet")).isEqualTo(InetAddress.getByName("192.168.0.1"));
        assertThat(row.getLocalDate("c_date")).isEqualTo(LocalDate.of(1992, 2, 29));
        assertThat(row.getLocalTime("c_time")).isEqualTo(LocalTime.of(13, 45, 7, 123_456_789));
        assertThat(row.getLocalTime("c_time_nanos")).isEqualTo(LocalTime.of(1, 0, 0, 1));
        assertThat(row.getInstant("c_timestamp")).isEqualTo(Instant.parse("1998-12-31T23:59:59.999Z"));
        assertThat(row.getCqlDuration("c_duration")).isEqualTo(CqlDuration.from("1h30m"));
        assertThat(row.getList("c_list", Integer.class)).containsExactly(3, 1, 3);
        assertThat(row.getSet("c_set", String.class)).containsExactlyInAnyOrder("a", "b");
        assertThat(row.getObject("c_map")).isEqualTo(map);
        TupleValue tuple = row.getTupleValue("c_tuple");
        assertThat(tuple.getInt(0)).isEqualTo(7);
        assertThat(tuple.isNull(1)).isTrue();
        assertThat(tuple.getLocalDate(2)).isEqualTo(LocalDate.of(2000, 1, 1));
        UdtValue udt = row.getUdtValue("c_udt");
        assertThat(udt.getInt("zip")).isEqualTo(75001);
        assertThat(udt.getString("street")).isEqualTo("rue de Rivoli");
        assertThat(udt.getTupleValue("\"Geo\"").getDouble(0)).isEqualTo(48.85);
        assertThat(row.getUdtValue("c_udt_free").getString("street")).isEqualTo("Main St");
        assertThat(row.getUdtValue("c_udt_free").isNull("zip")).isTrue();
        assertThat(row.getObject("c_vector")).isEqualTo(CqlVector.newInstance(0.5f, -1f, 2f));
        assertThat(row.getObject("c_nested")).isEqualTo(List.of(Map.of(1, "one"), Map.of()));
        assertThat(row.getSet("c_set_ts", Instant.class))
                .containsExactlyInAnyOrder(
                        Instant.parse("2020-01-01T00:00:00Z"), Instant.parse("1970-01-01T00:00:00.001Z"));

        Row empty = session.execute("SELECT * FROM " + KEYSPACE + ".all_types WHERE k = 2")
                .one();
        assertThat(empty).isNotNull();
        for (int i = 1; i < table.mapping().size(); i++) {
            assertThat(empty.isNull(i))
                    .as("column %s", table.mapping().column(i).name())
                    .isTrue();
        }
    }

    @Test
    void nullsAreUnsetUnlessWriteNulls() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".nulls (k int PRIMARY KEY, a text, b text)");
        execute(session, "INSERT INTO " + KEYSPACE + ".nulls (k, a, b) VALUES (1, 'old a', 'old b')");
        execute(session, "INSERT INTO " + KEYSPACE + ".nulls (k, a, b) VALUES (2, 'old a', 'old b')");
        TestingCassandraTableContext table =
                table("nulls").column("k", "int").column("a", "string").column("b", "string");

        write(table.build(), List.<Object[]>of(new Object[] {1, "new a", null}));
        write(table.property("cassandra.write.nulls", "true").build(), List.<Object[]>of(new Object[] {2, "new a", null
        }));

        Row kept = session.execute("SELECT a, b, writetime(a) AS wa FROM " + KEYSPACE + ".nulls WHERE k = 1")
                .one();
        assertThat(kept.getString("a")).isEqualTo("new a");
        assertThat(kept.getString("b")).isEqualTo("old b");
        Row deleted = session.execute("SELECT a, b FROM " + KEYSPACE + ".nulls WHERE k = 2")
                .one();
        assertThat(deleted.getString("a")).isEqualTo("new a");
        assertThat(deleted.isNull("b")).isTrue();
    }

    @Test
    void rowsAreGroupedByPartitionAndAllArrive() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".events (p int, c int, v text, PRIMARY KEY ((p), c))");
        TableContext table = table("events")
                .column("p", "int")
                .column("c", "int")
                .column("v", "string")
                .property("cassandra.write.batch.rows", "16")
                .property("cassandra.write.concurrency", "4")
                .build();
        int partitions = 37;
        int rows = 2 * CassandraRecordWriter.BUFFER_ROWS + 123;
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (int i = 0; i < rows; i++) {
                sink.write(new Object[] {i % partitions, i / partitions, "v" + i});
            }
            // the same key again in the same buffer: the later row wins
            sink.write(new Object[] {5, 0, "first"});
            sink.write(new Object[] {5, 0, "second"});
            sink.close();
            assertThat(sink.written()).isEqualTo(rows + 2);
        }
        long count = session.execute("SELECT count(*) FROM " + KEYSPACE + ".events")
                .one()
                .getLong(0);
        assertThat(count).isEqualTo(rows);
        for (int p : new int[] {0, 17, 36}) {
            List<Row> partition = session.execute("SELECT c, v FROM " + KEYSPACE + ".events WHERE p = " + p)
                    .all();
            assertThat(partition).hasSize((rows - p + partitions - 1) / partitions);
            assertThat(partition.get(1).getString("v")).isEqualTo("v" + (partitions + p));
        }
        assertThat(session.execute("SELECT v FROM " + KEYSPACE + ".events WHERE p = 5 AND c = 0")
                        .one()
                        .getString(0))
                .isEqualTo("second");
    }

    @Test
    void nullKeyFailsNamingTheColumn() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".null_key (p int, c text, v text, PRIMARY KEY (p, c))");
        TableContext table = table("null_key")
                .column("p", "int")
                .column("c", "string")
                .column("v", "string")
                .build();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            sink.write(new Object[] {1, "a", "ok"});
            assertThatThrownBy(() -> sink.write(new Object[] {2, null, "x"}))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.NULL_KEY))
                    .hasMessageContaining("table default.null_key, row 2 of this task")
                    .hasMessageContaining("primary key column 'c' is NULL (key (p=2, c=NULL))")
                    .hasMessageContaining("WHERE c IS NOT NULL");
        }
    }

    @Test
    void badValuesFailNamingTableColumnKeyAndValue() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".bad_values (k text PRIMARY KEY, u uuid, ts timestamp)");
        TableContext table = table("bad_values")
                .column("k", "string")
                .column("u", "string")
                .column("ts", "timestamp")
                .build();
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            assertThatThrownBy(() -> sink.write(new Object[] {"row-1", "not-a-uuid", null}))
                    .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                            .isEqualTo(HandlerErrorCode.BAD_RECORD))
                    .hasMessageContaining("table default.bad_values, key (k='row-1')")
                    .hasMessageContaining(
                            "cannot write value 'not-a-uuid' of column 'u' (string) to CQL column u " + "uuid")
                    .hasMessageContaining("not a UUID");
            assertThatThrownBy(() -> sink.write(
                            new Object[] {"row-2", null, LocalDateTime.of(2024, 5, 6, 7, 8, 9, 123_456_000)}))
                    .isInstanceOf(HandlerException.class)
                    .hasMessageContaining("key (k='row-2')")
                    .hasMessageContaining("value '2024-05-06T07:08:09.123456' of column 'ts'")
                    .hasMessageContaining("sub-millisecond digits");
        }
    }

    @Test
    void everyKeyColumnMustBeMappedAndCountersAreRefused() {
        execute(
                session,
                "CREATE TABLE " + KEYSPACE + ".partial_key (p int, c1 int, c2 int, v text, "
                        + "PRIMARY KEY (p, c1, c2))");
        TableContext partial =
                table("partial_key").column("p", "int").column("v", "string").build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(partial))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.SCHEMA_MISMATCH))
                .hasMessageContaining("primary key column(s) c1, c2 of Cassandra table " + KEYSPACE + ".partial_key");

        execute(session, "CREATE TABLE " + KEYSPACE + ".counts (k int PRIMARY KEY, n counter)");
        TableContext counters =
                table("counts").column("k", "int").column("n", "bigint").build();
        assertThatThrownBy(() -> CONNECTOR.openWriter(counters))
                .isInstanceOfSatisfying(HandlerException.class, e -> assertThat(e.errorCode())
                        .isEqualTo(HandlerErrorCode.UNSUPPORTED_OPERATION))
                .hasMessageContaining("column 'n' is CQL counter");
    }

    @Test
    void aFailedWriteFailsCloseAndAbortDropsBufferedRows() throws IOException {
        execute(session, "CREATE TABLE " + KEYSPACE + ".doomed (k int PRIMARY KEY, v text)");
        TableContext doomed =
                table("doomed").column("k", "int").column("v", "string").build();
        RecordSink sink = CONNECTOR.openWriter(doomed);
        for (int i = 0; i < 10; i++) {
            sink.write(new Object[] {i, "v" + i});
        }
        execute(session, "DROP TABLE " + KEYSPACE + ".doomed");
        assertThatThrownBy(sink::close)
                .isInstanceOf(IOException.class)
                .hasMessageContaining("HNS-203 WRITE_FAILED")
                .hasMessageContaining("of table default.doomed to Cassandra table " + KEYSPACE + ".doomed")
                .hasMessageContaining("the row with key (k=");
        assertThat(sink.written()).isZero();

        execute(session, "CREATE TABLE " + KEYSPACE + ".aborted (k int PRIMARY KEY, v text)");
        TableContext aborted =
                table("aborted").column("k", "int").column("v", "string").build();
        RecordSink abortedSink = CONNECTOR.openWriter(aborted);
        List<Object[]> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            rows.add(new Object[] {i, "v"});
        }
        for (Object[] row : rows) {
            abortedSink.write(row);
        }
        abortedSink.abort();
        assertThat(session.execute("SELECT count(*) FROM " + KEYSPACE + ".aborted")
                        .one()
                        .getLong(0))
                .isZero();
        assertThat(abortedSink.written()).isZero();
    }
}
