package io.hivenosql.cassandra;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.type.DataTypes;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.cassandra.CassandraSplit.TokenRange;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TestCqlSelect {
    private static final ProtocolVersion PROTOCOL = ProtocolVersion.DEFAULT;
    private static final Filter A_IS_1 = new Filter.Compare("a", CompareOp.EQ, 1);
    private static final Filter B_IN_XY = new Filter.In("b", List.of("x", "y"));
    private static final Filter C_IS_5 = new Filter.Compare("c", CompareOp.EQ, 5L);
    private static final Filter V_IS_Z = new Filter.Compare("v", CompareOp.EQ, "z");
    private static final TokenRange LOW = new TokenRange(-100, 0);
    private static final TokenRange HIGH = new TokenRange(0, 100);

    // table columns: a (0), b (1), c (2), v (3), vc (4, CQL column w)
    private static final CassandraSchema SCHEMA = CassandraSchema.of(
            TestingCassandraTableContext.table("t")
                    .property("cassandra.hosts", "127.0.0.1")
                    .property("cassandra.keyspace", "ks")
                    .column("a", "int")
                    .column("b", "string")
                    .column("c", "bigint")
                    .column("v", "string")
                    .column("vc", "string", "w")
                    .cassandraTable(),
            TestingTableMetadata.table("ks", "t")
                    .partitionKey("a", DataTypes.INT)
                    .partitionKey("b", DataTypes.TEXT)
                    .clustering("c", DataTypes.BIGINT)
                    .column("v", DataTypes.TEXT)
                    .column("w", DataTypes.TEXT)
                    .build());

    private static CqlRestrictions restrictions(boolean allowFiltering, Filter... conjuncts) {
        return new CassandraPredicateTranslator(SCHEMA, allowFiltering)
                .restrictions(conjuncts.length == 0 ? Optional.empty() : Optional.of(Filter.and(conjuncts)));
    }

    private static CassandraSplit tokens(TokenRange... ranges) {
        return new CassandraSplit.TokenRanges(List.of(ranges));
    }

    private static List<ByteBuffer> key(int a, String b) {
        return List.of(TypeCodecs.INT.encode(a, PROTOCOL), TypeCodecs.TEXT.encode(b, PROTOCOL));
    }

    @Test
    void selectsTheProjectionThenTheMissingPrimaryKeyColumnsPerTokenRange() throws IOException {
        CqlSelect select = CqlSelect.of(SCHEMA, List.of(0, 4), restrictions(false), tokens(LOW, HIGH), PROTOCOL);

        assertThat(select.cql()).isEqualTo("SELECT a, w, b, c FROM ks.t WHERE token(a, b) > ? AND token(a, b) <= ?");
        assertThat(select.position(0)).isZero();
        assertThat(select.position(4)).isEqualTo(1);
        assertThat(select.keyColumns())
                .extracting(CqlSelect.KeyColumn::name, CqlSelect.KeyColumn::position)
                .containsExactly(tuple("a", 0), tuple("b", 2), tuple("c", 3));
        assertThat(select.statements())
                .containsExactly(
                        new CqlSelect.Statement(List.of(), List.of(-100L, 0L), Optional.of(0L), "token range " + LOW),
                        new CqlSelect.Statement(
                                List.of(), List.of(0L, 100L), Optional.of(100L), "token range " + HIGH));
    }

    @Test
    void countStarSelectsThePrimaryKeyOnly() throws IOException {
        CqlSelect select = CqlSelect.of(SCHEMA, List.of(), restrictions(false), tokens(LOW), PROTOCOL);

        assertThat(select.cql()).isEqualTo("SELECT a, b, c FROM ks.t WHERE token(a, b) > ? AND token(a, b) <= ?");
    }

    @Test
    void theCountOfASplitHasItsWhereClauseAndStatements() throws IOException {
        CqlRestrictions restrictions = restrictions(true, V_IS_Z);
        CqlSelect count = CqlSelect.count(SCHEMA, restrictions, tokens(LOW, HIGH), PROTOCOL);
        CqlSelect read = CqlSelect.of(SCHEMA, List.of(), restrictions, tokens(LOW, HIGH), PROTOCOL);

        assertThat(count.cql())
                .isEqualTo("SELECT count(*) FROM ks.t WHERE token(a, b) > ? AND token(a, b) <= ? AND v = ? "
                        + "ALLOW FILTERING");
        assertThat(count.statements()).isEqualTo(read.statements());
        CqlSelect.Statement first = count.statements().get(0);
        assertThat(first.tokenRange()).hasValue(LOW);
        TokenRange part = new TokenRange(-50, 0);
        assertThat(first.over(part))
                .isEqualTo(new CqlSelect.Statement(
                        List.of(), List.of(-50L, 0L, "z"), Optional.of(0L), "token range " + part));

        CassandraSplit partitions = new CassandraSplit.Partitions(2, List.of(key(1, "x")));
        CqlSelect partitionCount = CqlSelect.count(SCHEMA, restrictions(false, A_IS_1, B_IN_XY), partitions, PROTOCOL);
        assertThat(partitionCount.cql()).isEqualTo("SELECT count(*) FROM ks.t WHERE a = ? AND b = ?");
        assertThat(partitionCount.statements().get(0).tokenRange()).isEmpty();
    }

    @Test
    void readsTheSplitsPartitionsThatTheFilterStillNames() throws IOException {
        CqlRestrictions restrictions = restrictions(false, A_IS_1, B_IN_XY, C_IS_5);
        CassandraSplit split = new CassandraSplit.Partitions(2, List.of(key(1, "x"), key(1, "z"), key(1, "y")));

        CqlSelect select = CqlSelect.of(SCHEMA, List.of(3), restrictions, split, PROTOCOL);

        assertThat(select.cql()).isEqualTo("SELECT v, a, b, c FROM ks.t WHERE a = ? AND b = ? AND c = ?");
        List<Object> values = List.of(restrictions.restrictions().get(0).value());
        assertThat(values).containsExactly(5L);
        assertThat(select.statements())
                .containsExactly(
                        new CqlSelect.Statement(key(1, "x"), values, Optional.empty(), "partition a=1, b='x'"),
                        new CqlSelect.Statement(key(1, "y"), values, Optional.empty(), "partition a=1, b='y'"));
    }

    @Test
    void aPartitionSplitPlannedFromJoinKeysReadsItsPartitions() throws IOException {
        // the application master planned it from the join keys Tez's dynamic pruning added to the scan's filter; the
        // task's filter never has them
        CassandraSplit split = new CassandraSplit.Partitions(2, List.of(key(1, "x"), key(2, "y")));

        CqlSelect select = CqlSelect.of(SCHEMA, List.of(3), restrictions(false), split, PROTOCOL);

        assertThat(select.cql()).isEqualTo("SELECT v, a, b, c FROM ks.t WHERE a = ? AND b = ?");
        assertThat(select.statements())
                .extracting(CqlSelect.Statement::rawKey)
                .containsExactly(key(1, "x"), key(2, "y"));
    }

    @Test
    void aTokenSplitFiltersTheRestrictedPartitionsWithIn() throws IOException {
        CqlRestrictions restrictions = restrictions(false, A_IS_1, B_IN_XY, C_IS_5);

        CqlSelect select = CqlSelect.of(SCHEMA, List.of(3), restrictions, tokens(LOW), PROTOCOL);

        assertThat(select.cql())
                .isEqualTo("SELECT v, a, b, c FROM ks.t WHERE token(a, b) > ? AND token(a, b) <= ?"
                        + " AND a IN ? AND b IN ? AND c = ?");
        List<Object> values = new ArrayList<>(List.of(-100L, 0L));
        values.addAll(restrictions.partitionValues().orElseThrow());
        values.add(5L);
        assertThat(select.statements()).singleElement().satisfies(statement -> {
            assertThat(statement.values()).isEqualTo(values);
            assertThat(statement.rawKey()).isEmpty();
        });
        assertThat(values.get(2)).isEqualTo(List.of(1));
        assertThat(values.get(3)).isEqualTo(List.of("x", "y"));
    }

    @Test
    void endsWithAllowFilteringWhenTheRestrictionsNeedIt() throws IOException {
        CqlSelect select = CqlSelect.of(SCHEMA, List.of(3), restrictions(true, V_IS_Z), tokens(LOW), PROTOCOL);

        assertThat(select.cql())
                .isEqualTo("SELECT v, a, b, c FROM ks.t WHERE token(a, b) > ? AND token(a, b) <= ? AND v = ?"
                        + " ALLOW FILTERING");
        assertThat(select.statements()).singleElement().satisfies(statement -> assertThat(statement.values())
                .containsExactly(-100L, 0L, "z"));
    }
}
