package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The prepared DELETE of a real table by its whole primary key: its text and how keys bind to it (nothing deleted). */
class TestCqlDelete {
    private static String keyspace;

    @BeforeAll
    static void createTable() {
        keyspace = TestingCassandraTables.keyspace("cql_delete");
        session()
                .execute("CREATE TABLE " + keyspace + ".rows (p int, \"Part2\" text, c1 text, c2 int, v text,"
                        + " PRIMARY KEY ((p, \"Part2\"), c1, c2))");
    }

    /** The table with its columns in another order than the primary key's, one of them case-sensitive in CQL. */
    private static CassandraTable rows() {
        return TestingCassandraTables.table(keyspace, "rows")
                .column("v", "string")
                .column("c2", "int")
                .column("part2", "string", "\"Part2\"")
                .column("p", "int")
                .column("c1", "string")
                .property("cassandra.primary-key", "((p, part2), c1, c2)")
                .cassandraTable();
    }

    private static CqlDelete prepare(CassandraTable table) {
        return CqlDelete.prepare(session(), table, table.schema(session()));
    }

    @Test
    void restrictsTheWholePrimaryKeyInKeyOrderWithBoundValues() {
        CassandraTable table = rows();

        assertThat(CqlDelete.cql(table, table.schema(session())))
                .isEqualTo("DELETE FROM " + keyspace + ".rows WHERE p = ? AND \"Part2\" = ? AND c1 = ? AND c2 = ?");
    }

    @Test
    void bindsAKeyGivenInMappingOrder() {
        CqlDelete delete = prepare(rows());
        // the key columns in mapping order: c2, part2, p, c1
        Object[] key = {7, "x' OR '1'='1", 1, "*"};

        assertThat(delete.columns()).isEqualTo(4);
        assertThat(delete.keyValues(key)).containsExactly(1, "x' OR '1'='1", "*", 7);
        assertThat(delete.describeKey(delete.keyValues(key))).isEqualTo("(p=1, part2='x' OR '1'='1', c1='*', c2=7)");
        BoundStatement bound = delete.bind(key, 1);
        assertThat(bound.getInt(0)).isEqualTo(1);
        assertThat(bound.getString(1)).isEqualTo("x' OR '1'='1");
        assertThat(bound.getString(2)).isEqualTo("*");
        assertThat(bound.getInt(3)).isEqualTo(7);
        assertThat(delete.clusteringKey(bound))
                .containsExactly(
                        TypeCodecs.TEXT.encode("*", ProtocolVersion.DEFAULT),
                        TypeCodecs.INT.encode(7, ProtocolVersion.DEFAULT));
        // a composite partition key routes by both of its columns
        assertThat(bound.getRoutingKey()).isNotNull();
        assertThat(bound.isIdempotent()).isTrue();
        assertThat(delete.idempotent()).isTrue();
        assertThat(bound.getConsistencyLevel()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
        assertThat(delete.action("the row with key (p=1)"))
                .isEqualTo("deleting the row with key (p=1) of table default.rows from Cassandra table " + keyspace
                        + ".rows");
    }

    @Test
    void aNullKeyValueOrAKeyOfTheWrongSizeFails() {
        CqlDelete delete = prepare(rows());

        assertThatThrownBy(() -> delete.bind(new Object[] {7, "b", 1, null}, 3))
                .isInstanceOfSatisfying(
                        HandlerException.class, e -> assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.NULL_KEY))
                .hasMessageContaining("table default.rows, key 3 to delete: primary key column 'c1' is NULL")
                .hasMessageContaining("(p=1, part2='b', c1=NULL, c2=7)");
        assertThatThrownBy(() -> delete.bind(new Object[] {7, "b", 1}, 1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("a key of table default.rows has 4 values, got 3");
    }

    @Test
    void aKeyValueThatDoesNotFitItsColumnFailsNamingIt() {
        CassandraTable table = TestingCassandraTables.table(keyspace, "rows")
                .column("p", "bigint")
                .column("part2", "string", "\"Part2\"")
                .column("c1", "string")
                .column("c2", "bigint")
                .property("cassandra.primary-key", "((p, part2), c1, c2)")
                .cassandraTable();
        CqlDelete delete = prepare(table);

        assertThatThrownBy(() -> delete.bind(new Object[] {1L, "b", "a", 1L << 40}, 1))
                .isInstanceOfSatisfying(
                        HandlerException.class, e -> assertThat(e.errorCode()).isEqualTo(HandlerErrorCode.BAD_RECORD))
                .hasMessageContaining(
                        "cannot delete by value '1099511627776' of column 'c2' (bigint) of CQL column c2");
    }
}
