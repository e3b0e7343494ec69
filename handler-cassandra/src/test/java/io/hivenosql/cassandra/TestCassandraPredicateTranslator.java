package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.type.DataTypes;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class TestCassandraPredicateTranslator {
    private static final String UUID_TEXT = "3f2504e0-4f89-11d3-9a0c-0305e82c3301";

    private static final Filter A_IS_1 = compare("a", CompareOp.EQ, 1);
    private static final Filter B_IN_XY = new Filter.In("b", List.of("x", "y"));
    private static final Filter C1_OVER_3 = compare("c1", CompareOp.GT, 3);
    private static final Filter C1_UNDER_9 = compare("c1", CompareOp.LT, 9);
    private static final Filter C1_OVER_4 = compare("c1", CompareOp.GE, 4);
    private static final Filter C1_IS_5 = compare("c1", CompareOp.EQ, 5);
    private static final Filter C2_FROM = compare("c2", CompareOp.GE, LocalDateTime.parse("2024-01-01T00:00:00"));
    private static final Filter V_IS_Z = compare("v", CompareOp.EQ, "z");

    private static CassandraPredicateTranslator translator(boolean allowFiltering) {
        CassandraTable table = TestingCassandraTableContext.table("t")
                .property("cassandra.hosts", "127.0.0.1")
                .property("cassandra.keyspace", "ks")
                .column("a", "int")
                .column("b", "string")
                .column("c1", "bigint")
                .column("c2", "timestamp")
                .column("v", "string")
                .column("f", "double")
                .column("u", "string")
                .column("vc", "varchar(5)", "w")
                .column("d", "decimal(10,2)")
                .column("s", "int")
                .cassandraTable();
        CassandraSchema schema = CassandraSchema.of(
                table,
                TestingTableMetadata.table("ks", "t")
                        .partitionKey("a", DataTypes.INT)
                        .partitionKey("b", DataTypes.TEXT)
                        .clustering("c1", DataTypes.INT)
                        .clustering("c2", DataTypes.TIMESTAMP)
                        .column("v", DataTypes.TEXT)
                        .column("f", DataTypes.DOUBLE)
                        .column("u", DataTypes.UUID)
                        .column("w", DataTypes.TEXT)
                        .column("d", DataTypes.DECIMAL)
                        .staticColumn("s", DataTypes.INT)
                        .build());
        return new CassandraPredicateTranslator(schema, allowFiltering);
    }

    @Test
    void pushesThePartitionKeyOnlyWhenFullyRestricted() {
        CassandraPredicateTranslator translator = translator(false);

        assertThat(translator.canPush(A_IS_1)).isFalse();
        assertThat(translator.select(List.of(A_IS_1, V_IS_Z))).isEmpty();
        assertThat(translator.select(List.of(V_IS_Z, B_IN_XY, A_IS_1))).containsExactly(B_IN_XY, A_IS_1);
    }

    @Test
    void pushesASingleColumnPartitionKeyAlone() {
        CassandraTable table = TestingCassandraTableContext.table("kv")
                .property("cassandra.hosts", "127.0.0.1")
                .property("cassandra.keyspace", "ks")
                .column("k", "bigint")
                .column("v", "string")
                .cassandraTable();
        CassandraPredicateTranslator translator = new CassandraPredicateTranslator(
                CassandraSchema.of(
                        table,
                        TestingTableMetadata.table("ks", "kv")
                                .partitionKey("k", DataTypes.BIGINT)
                                .column("v", DataTypes.TEXT)
                                .build()),
                false);

        assertThat(translator.canPush(compare("k", CompareOp.EQ, 7L))).isTrue();
        assertThat(translator.canPush(new Filter.In("k", List.of(1L, 2L)))).isTrue();
        assertThat(translator.canPush(compare("k", CompareOp.GT, 7L))).isFalse();
        assertThat(translator.canPush(compare("v", CompareOp.EQ, "x"))).isFalse();
    }

    @Test
    void readsASingleColumnPartitionKeyByKeyUpToTheRuntimeKeyLimit() {
        CassandraPredicateTranslator translator = kvTranslator("2500");
        Filter within = new Filter.In(
                "k", new ArrayList<>(LongStream.rangeClosed(1, 2500).boxed().toList()));
        Filter beyond = new Filter.In(
                "k", new ArrayList<>(LongStream.rangeClosed(1, 2501).boxed().toList()));

        assertThat(translator.keyedReads("k")).isTrue();
        assertThat(translator.keyedReads("v")).isFalse();
        assertThat(translator.select(List.of(within))).containsExactly(within);
        assertThat(translator.restrictions(Optional.of(within)).partitions()).hasSize(2500);
        assertThat(translator.select(List.of(beyond))).isEmpty();
        // never fewer than the 1000 partitions of a literal list
        Filter thousand = new Filter.In(
                "k", new ArrayList<>(LongStream.rangeClosed(1, 1000).boxed().toList()));
        assertThat(kvTranslator("10").select(List.of(thousand))).containsExactly(thousand);
        // a key of two columns is not read by key from a list on one of them
        assertThat(translator(false).keyedReads("a")).isFalse();
    }

    private static CassandraPredicateTranslator kvTranslator(String runtimeKeysMax) {
        CassandraTable table = TestingCassandraTableContext.table("kv")
                .property("cassandra.hosts", "127.0.0.1")
                .property("cassandra.keyspace", "ks")
                .property("nosql.read.runtime-keys.max", runtimeKeysMax)
                .column("k", "bigint")
                .column("v", "string")
                .cassandraTable();
        return new CassandraPredicateTranslator(
                CassandraSchema.of(
                        table,
                        TestingTableMetadata.table("ks", "kv")
                                .partitionKey("k", DataTypes.BIGINT)
                                .column("v", DataTypes.TEXT)
                                .build()),
                false);
    }

    @Test
    void pushesAClusteringPrefixWithTheRestrictedPartition() {
        CassandraPredicateTranslator translator = translator(false);

        // one lower and one upper bound per column; the second lower bound stays in Hive
        assertThat(translator.select(List.of(A_IS_1, B_IN_XY, C1_OVER_3, C1_UNDER_9, C1_OVER_4, C2_FROM)))
                .containsExactly(A_IS_1, B_IN_XY, C1_OVER_3, C1_UNDER_9);
        // c2 only after an equality on c1
        assertThat(translator.select(List.of(A_IS_1, B_IN_XY, C2_FROM))).containsExactly(A_IS_1, B_IN_XY);
        assertThat(translator.select(List.of(A_IS_1, B_IN_XY, C2_FROM, C1_IS_5, C1_OVER_3)))
                .containsExactly(A_IS_1, B_IN_XY, C2_FROM, C1_IS_5);
        // never without the partition
        assertThat(translator.select(List.of(C1_IS_5, C2_FROM))).isEmpty();
    }

    @Test
    void buildsTheRestrictionsOfAPartitionRead() {
        CqlRestrictions restrictions =
                translator(false).restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_IS_5, C2_FROM)));

        assertThat(restrictions.partitions()).containsExactly(List.of(1, "x"), List.of(1, "y"));
        // a timestamp reads years 1 to 9999 only: a range gets the bound it lacks
        assertThat(restrictions.cqlSuffix()).isEqualTo(" AND c1 = ? AND c2 >= ? AND c2 <= ?");
        assertThat(restrictions.restrictions())
                .extracting(CqlRestrictions.Restriction::value)
                .containsExactly(5, Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("9999-12-31T23:59:59.999Z"));
        assertThat(restrictions.noRows()).isFalse();
        assertThat(restrictions.allowFiltering()).isFalse();
        assertThat(translator(false).restrictions(Optional.empty())).isEqualTo(CqlRestrictions.NONE);
    }

    @Test
    void withAllowFilteringPushesOtherColumnsToo() {
        CassandraPredicateTranslator translator = translator(true);
        Filter uuid = compare("u", CompareOp.EQ, UUID_TEXT);
        Filter static3 = compare("s", CompareOp.LE, 3);
        Filter between = new Filter.Between("c1", 2L, 4L);

        // part of the partition key stays in Hive: it is pushed all together (a partition read) or not at all
        assertThat(translator.select(List.of(V_IS_Z, uuid, static3, between, A_IS_1)))
                .containsExactly(V_IS_Z, uuid, static3, between);
        CqlRestrictions restrictions = translator.restrictions(Optional.of(Filter.and(V_IS_Z, between)));
        assertThat(restrictions.partitionValues()).isEmpty();
        assertThat(restrictions.cqlSuffix()).isEqualTo(" AND c1 >= ? AND c1 <= ? AND v = ?");
        assertThat(restrictions.allowFiltering()).isTrue();
        // a clustering slice after a restricted partition needs no ALLOW FILTERING even when allowed
        assertThat(translator
                        .restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_OVER_3)))
                        .allowFiltering())
                .isFalse();
        assertThat(translator
                        .restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C2_FROM)))
                        .allowFiltering())
                .isTrue();
    }

    @Test
    void dateAndTimestampRangesStayWithinHivesRange() {
        Filter before = compare("c2", CompareOp.LT, LocalDateTime.parse("2024-01-01T00:00:00"));
        CqlRestrictions upper =
                translator(false).restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_IS_5, before)));
        assertThat(upper.cqlSuffix()).isEqualTo(" AND c1 = ? AND c2 < ? AND c2 >= ?");
        assertThat(upper.restrictions())
                .extracting(CqlRestrictions.Restriction::value)
                .containsExactly(5, Instant.parse("2024-01-01T00:00:00Z"), Instant.parse("0001-01-01T00:00:00Z"));
        // both bounds given, or an equality: nothing added; other types: nothing added
        Filter between = new Filter.Between(
                "c2", LocalDateTime.parse("2024-01-01T00:00:00"), LocalDateTime.parse("2024-02-01T00:00:00"));
        assertThat(translator(false)
                        .restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_IS_5, between)))
                        .cqlSuffix())
                .isEqualTo(" AND c1 = ? AND c2 >= ? AND c2 <= ?");
        assertThat(translator(false)
                        .restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_OVER_3)))
                        .cqlSuffix())
                .isEqualTo(" AND c1 > ?");
    }

    @Test
    void neverPushesWhatCqlDoesNotApplyAsHiveDoes() {
        CassandraPredicateTranslator translator = translator(true);
        List<Filter> refused = List.of(
                compare("v", CompareOp.NE, "z"),
                new Filter.Not(V_IS_Z),
                new Filter.Or(List.of(V_IS_Z, compare("v", CompareOp.EQ, "y"))),
                new Filter.IsNull("v"),
                compare("f", CompareOp.EQ, 0.0),
                compare("d", CompareOp.GT, new BigDecimal("1.00")),
                compare("vc", CompareOp.EQ, "abc"),
                compare("u", CompareOp.GT, UUID_TEXT),
                compare("c2", CompareOp.EQ, LocalDateTime.parse("2024-01-01T00:00:00.000001")),
                compare("c1", CompareOp.EQ, 1L << 40)); // beyond the CQL int column

        for (Filter filter : refused) {
            assertThat(translator.select(List.of(A_IS_1, B_IN_XY, filter)))
                    .as("%s", filter)
                    .containsExactly(A_IS_1, B_IN_XY);
        }
    }

    /**
     * A uuid column reads as lower-case canonical text and Hive compares that text: an upper-case literal equals no
     * value the column reads, so the pushed equality matches no row (nothing is read), and an IN list drops it.
     */
    @Test
    void aNonCanonicalUuidOrInetLiteralMatchesNoRow() {
        CassandraPredicateTranslator translator = translator(true);
        for (String literal : List.of(UUID_TEXT.toUpperCase(), "{" + UUID_TEXT + "}", "not a uuid", "1-1-1-1-1")) {
            Filter filter = compare("u", CompareOp.EQ, literal);
            assertThat(translator.select(List.of(filter))).as(literal).containsExactly(filter);
            assertThat(translator.restrictions(Optional.of(filter)).noRows())
                    .as(literal)
                    .isTrue();
        }
        Filter canonical = compare("u", CompareOp.EQ, UUID_TEXT);
        assertThat(translator.restrictions(Optional.of(canonical)).noRows()).isFalse();
        CqlRestrictions in =
                translator.restrictions(Optional.of(new Filter.In("u", List.of(UUID_TEXT.toUpperCase(), UUID_TEXT))));
        assertThat(in.noRows()).isFalse();
        assertThat(in.restrictions())
                .extracting(CqlRestrictions.Restriction::value)
                .containsExactly(List.of(java.util.UUID.fromString(UUID_TEXT)));
    }

    /** The machine/cpu/mtime sample of the CQL documentation: a partition key with an inet column. */
    @Test
    void pushesAPartitionKeyWithAnInetColumn() {
        CassandraTable table = TestingCassandraTableContext.table("load")
                .property("cassandra.hosts", "127.0.0.1")
                .property("cassandra.keyspace", "ks")
                .column("machine", "string")
                .column("cpu", "int")
                .column("mtime", "string")
                .column("load", "float")
                .cassandraTable();
        CassandraPredicateTranslator translator = new CassandraPredicateTranslator(
                CassandraSchema.of(
                        table,
                        TestingTableMetadata.table("ks", "load")
                                .partitionKey("machine", DataTypes.INET)
                                .partitionKey("cpu", DataTypes.INT)
                                .clustering("mtime", DataTypes.TIMEUUID)
                                .column("load", DataTypes.FLOAT)
                                .build()),
                false);
        Filter machine = compare("machine", CompareOp.EQ, "2001:db8::1");
        Filter cpu = compare("cpu", CompareOp.EQ, 3);

        assertThat(translator.select(List.of(machine, cpu))).containsExactly(machine, cpu);
        CqlRestrictions restrictions = translator.restrictions(Optional.of(Filter.and(machine, cpu)));
        assertThat(restrictions.noRows()).isFalse();
        assertThat(restrictions.partitions()).containsExactly(List.of(CqlInet.parse("2001:db8::1"), 3));
        // the long form and upper case are other texts: no row reads as them
        for (String other : List.of("2001:db8:0:0:0:0:0:1", "2001:DB8::1", "2001:db8::0:1", "host.example")) {
            Filter filter = compare("machine", CompareOp.EQ, other);
            assertThat(translator.select(List.of(filter, cpu))).as(other).hasSize(2);
            assertThat(translator
                            .restrictions(Optional.of(Filter.and(filter, cpu)))
                            .noRows())
                    .as(other)
                    .isTrue();
        }
        // an IPv4-mapped IPv6 address is not its IPv4 address
        assertThat(translator
                        .restrictions(
                                Optional.of(Filter.and(compare("machine", CompareOp.EQ, "::ffff:192.0.2.1"), cpu)))
                        .partitions())
                .extracting(key -> ((java.net.InetAddress) key.get(0)).getAddress().length)
                .containsExactly(16);
    }

    /**
     * Cassandra sorts an empty value (blobAsInt(0x), read as NULL) before every value: a range with only an upper bound
     * gets the column type's least value as its lower bound.
     */
    @Test
    void anUpperBoundAloneGetsTheLeastValueBelowIt() {
        CqlRestrictions restrictions =
                translator(false).restrictions(Optional.of(Filter.and(A_IS_1, B_IN_XY, C1_UNDER_9)));
        assertThat(restrictions.cqlSuffix()).isEqualTo(" AND c1 < ? AND c1 >= ?");
        assertThat(restrictions.restrictions())
                .extracting(CqlRestrictions.Restriction::value)
                .containsExactly(9, Integer.MIN_VALUE);
        assertThat(translator(true)
                        .restrictions(Optional.of(compare("v", CompareOp.LT, "m")))
                        .cqlSuffix())
                .as("text: the empty value is ''")
                .isEqualTo(" AND v < ?");
    }

    @Test
    void capsTheValuesOfAnInList() {
        CassandraPredicateTranslator translator = translator(true);
        Filter thousand = new Filter.In(
                "v",
                new ArrayList<>(IntStream.range(0, 1000).mapToObj(i -> "v" + i).toList()));
        Filter more = new Filter.In(
                "v",
                new ArrayList<>(IntStream.range(0, 1001).mapToObj(i -> "v" + i).toList()));

        assertThat(translator.select(List.of(thousand))).containsExactly(thousand);
        assertThat(translator.select(List.of(more))).isEmpty();
    }

    @Test
    void capsThePartitionsOfAnInProduct() {
        List<Object> many = new ArrayList<>(IntStream.range(0, 40).boxed().toList());
        List<Object> texts =
                new ArrayList<>(IntStream.range(0, 30).mapToObj(i -> "k" + i).toList());
        Filter aIn = new Filter.In("a", many);

        assertThat(translator(false).select(List.of(aIn, new Filter.In("b", texts))))
                .isEmpty();
        assertThat(translator(false).select(List.of(aIn, new Filter.In("b", texts.subList(0, 25)))))
                .hasSize(2);
    }

    @Test
    void selectionIsStable() {
        CassandraPredicateTranslator translator = translator(true);
        List<Filter> conjuncts = List.of(C1_OVER_4, A_IS_1, V_IS_Z, C1_OVER_3, B_IN_XY, C1_UNDER_9, C2_FROM);

        List<Filter> selected = translator.select(conjuncts);

        assertThat(translator.select(selected)).isEqualTo(selected);
        assertThat(selected).containsExactly(C1_OVER_4, A_IS_1, V_IS_Z, B_IN_XY, C1_UNDER_9, C2_FROM);
    }

    @Test
    void refusesAFilterItDoesNotSelect() {
        assertThatThrownBy(() -> translator(false).restrictions(Optional.of(Filter.and(A_IS_1, V_IS_Z))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("table default.t")
                .hasMessageContaining("a = 1");
    }

    private static Filter compare(String column, CompareOp op, Object value) {
        return new Filter.Compare(column, op, value);
    }
}
