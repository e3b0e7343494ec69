package io.hivenosql.cassandra;

import static io.hivenosql.cassandra.TestingCassandraTables.allColumns;
import static io.hivenosql.cassandra.TestingCassandraTables.request;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A server of its own (one token: the ring is one range that wraps around), killed in the middle of a scan. */
class TestCassandraLostServer {
    private static final int ROWS = 1000;
    private static final CassandraConnector CONNECTOR = TestingCassandraTableContext.CONNECTOR;

    @Test
    void readsEveryRowOnceOnASingleTokenRingThenFailsClearlyWhenTheServerDies() throws IOException {
        try (TestingCassandraServer server =
                TestingCassandraServer.builder().numTokens(1).build()) {
            String keyspace;
            try (CqlSession session = TestingCassandraTables.session(server)) {
                keyspace = TestingCassandraTables.keyspace(session, "lost");
                session.execute("CREATE TABLE " + keyspace + ".t (k int PRIMARY KEY, v text)");
                PreparedStatement insert = session.prepare("INSERT INTO " + keyspace + ".t (k, v) VALUES (?, ?)");
                List<Statement<?>> writes = new ArrayList<>();
                for (int k = 0; k < ROWS; k++) {
                    writes.add(insert.bind(k, "value " + k));
                }
                TestingCassandraTables.executeAll(session, writes);
            }
            TableContext table = TestingCassandraTableContext.table("t", server.contactPoint(), keyspace)
                    .column("k", "int")
                    .column("v", "string")
                    .property("cassandra.page.size", "50")
                    .property("cassandra.timeout.ms", "3000")
                    .build();
            ReadRequest request = request(table, allColumns(table), Optional.empty());

            // the one-token ring: (t, max] and (min, t], each read once; an exact count, since by Hive's hint the
            // 1,000 rows would be one split
            TableContext fourSplits = TestingCassandraTableContext.table("t", server.contactPoint(), keyspace)
                    .column("k", "int")
                    .column("v", "string")
                    .property("cassandra.split.count", "4")
                    .build();
            List<SplitSpec> splits =
                    CONNECTOR.planSplits(request(fourSplits, allColumns(fourSplits), Optional.empty()), 4);
            assertThat(splits).hasSize(4);
            Set<Object> keys = new HashSet<>();
            for (SplitSpec split : splits) {
                for (List<Object> row : TestingCassandraTables.readSplit(request, split)) {
                    assertThat(keys.add(row.get(0)))
                            .as("key %s read twice", row.get(0))
                            .isTrue();
                }
            }
            assertThat(keys).hasSize(ROWS);

            List<SplitSpec> one = CONNECTOR.planSplits(request, 1);
            try (RecordSource source = CONNECTOR.openReader(request, one.get(0))) {
                for (int i = 0; i < 100; i++) {
                    assertThat(source.next()).isTrue();
                }
                server.kill();
                assertThatThrownBy(() -> {
                            while (source.next()) {
                                source.get(0);
                            }
                        })
                        .isInstanceOf(IOException.class)
                        .hasMessageContaining("table default.t")
                        .hasMessageContaining(keyspace + ".t")
                        .hasMessageContaining(server.host())
                        .hasMessageContaining("reading token range");
            } finally {
                CassandraClients.closeIdle();
            }
        }
    }
}
