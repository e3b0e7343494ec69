package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.session;
import static org.assertj.core.api.Assertions.assertThat;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.ProtocolVersion;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import com.datastax.oss.driver.api.core.type.codec.TypeCodecs;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The prepared INSERT of a real table: how rows bind to it (no row is written). */
class TestCqlInsert {
    private static String keyspace;

    @BeforeAll
    static void createTable() {
        keyspace = TestingCassandraTables.keyspace("cql_insert");
        session()
                .execute("CREATE TABLE " + keyspace + ".rows (p int, c1 text, c2 int, v text, l list<int>,"
                        + " PRIMARY KEY ((p), c1, c2))");
    }

    /** The table with its columns in another order than the primary key's. */
    private static TestingCassandraTableContext rows() {
        return TestingCassandraTables.table(keyspace, "rows")
                .column("v", "string")
                .column("c2", "int")
                .column("p", "int")
                .column("c1", "string");
    }

    @Test
    void bindsARowWithItsKeyInKeyOrder() {
        CqlInsert insert = CqlInsert.prepare(session(), rows().cassandraTable());
        Object[] row = {"value", 7, 1, "a"};

        assertThat(insert.columns()).isEqualTo(4);
        assertThat(insert.keyValues(row)).containsExactly(1, "a", 7);
        assertThat(insert.describeKey(insert.keyValues(row))).isEqualTo("(p=1, c1='a', c2=7)");
        BoundStatement bound = insert.bind(row, 1);
        assertThat(bound.getRoutingKey()).isEqualTo(TypeCodecs.INT.encode(1, ProtocolVersion.DEFAULT));
        assertThat(insert.clusteringKey(bound))
                .containsExactly(
                        TypeCodecs.TEXT.encode("a", ProtocolVersion.DEFAULT),
                        TypeCodecs.INT.encode(7, ProtocolVersion.DEFAULT));
        assertThat(bound.getString(0)).isEqualTo("value");
        assertThat(bound.isIdempotent()).isTrue();
        // cassandra.consistency.write's default
        assertThat(bound.getConsistencyLevel()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
        assertThat(insert.consistency()).isEqualTo(ConsistencyLevel.LOCAL_QUORUM);
    }

    @Test
    void nullColumnsAreUnsetUnlessWriteNulls() {
        Object[] row = {null, 7, 1, "a"};

        BoundStatement unset =
                CqlInsert.prepare(session(), rows().cassandraTable()).bind(row, 1);
        assertThat(unset.isSet(0)).isFalse();

        BoundStatement nulled = CqlInsert.prepare(
                        session(),
                        rows().property("cassandra.write.nulls", "true").cassandraTable())
                .bind(row, 1);
        assertThat(nulled.isSet(0)).isTrue();
        assertThat(nulled.isNull(0)).isTrue();
    }

    @Test
    void anUpsertWritesNullColumnsAsNullWhateverWriteNullsSays() {
        Object[] row = {null, 7, 1, "a"};

        for (String writeNulls : new String[] {"false", "true"}) {
            BoundStatement upsert = CqlInsert.prepareUpsert(
                            session(),
                            rows().property("cassandra.write.nulls", writeNulls).cassandraTable())
                    .bind(row, 1);
            assertThat(upsert.isSet(0)).as("write.nulls=%s", writeNulls).isTrue();
            assertThat(upsert.isNull(0)).as("write.nulls=%s", writeNulls).isTrue();
            assertThat(upsert.getInt(1)).isEqualTo(7);
        }
    }

    @Test
    void settingAListIsNotIdempotent() {
        // a retry would append the list's elements a second time
        CqlInsert list =
                CqlInsert.prepare(session(), rows().column("l", "array<int>").cassandraTable());

        assertThat(list.idempotent()).isFalse();
        assertThat(list.bind(new Object[] {"v", 7, 1, "a", List.of(1, 2)}, 1).isIdempotent())
                .isFalse();
        assertThat(list.bind(new Object[] {"v", 7, 1, "a", null}, 1).isIdempotent())
                .isFalse();
    }

    @Test
    void longKeyValuesAreShortenedInMessages() {
        CqlInsert insert = CqlInsert.prepare(session(), rows().cassandraTable());

        assertThat(insert.describeKey(new Object[] {1, "x".repeat(150), null}))
                .isEqualTo("(p=1, c1='" + "x".repeat(100) + "...(150 chars)', c2=NULL)");
    }
}
