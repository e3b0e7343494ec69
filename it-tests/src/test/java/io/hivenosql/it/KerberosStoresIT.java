package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cluster.ContainerLogs;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Cassandra and MongoDB tables on the Kerberized cluster ({@link KerberosStack}) as on the plain one: Hive creates the
 * CQL table and the collection, tasks in YARN containers write them (one from the other) and join them, and DROP
 * removes both store objects.
 */
class KerberosStoresIT extends BaseKerberosIT {
    private static final String KEYSPACE = "kerberized";

    private HandlerJarCqlSession cql;

    @BeforeAll
    void createKeyspace() {
        cql = stack.cql();
        cql.execute("CREATE KEYSPACE IF NOT EXISTS " + KEYSPACE
                + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
    }

    @AfterAll
    void closeCql() throws IOException {
        if (cql != null) {
            cql.close();
        }
    }

    @Test
    void cassandraAndMongoDbTablesAreCreatedWrittenJoinedAndDroppedInContainers() throws Exception {
        session.execute("DROP TABLE IF EXISTS kerberized_cql");
        session.execute("DROP TABLE IF EXISTS kerberized_mongo");
        session.execute("CREATE TABLE kerberized_cql (id int, owner string) "
                + "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                + stack.cassandra().contactPoint() + "', 'cassandra.local-dc'='"
                + stack.cassandra().localDatacenter() + "', 'cassandra.keyspace'='" + KEYSPACE
                + "', 'cassandra.table'='accounts', 'cassandra.primary-key'='id')");
        session.execute("CREATE TABLE kerberized_mongo (id int, owner string) "
                + "STORED BY 'io.hivenosql.mongo.MongoStorageHandler' "
                + "WITH SERDEPROPERTIES ('mongo.columns.mapping'='{\"id\":\"_id\"}') "
                + "TBLPROPERTIES ('mongo.uri'='" + stack.mongo().databaseUri(KEYSPACE, "accounts") + "')");
        session.execute("SET hive.fetch.task.conversion=none");
        ContainerLogs logs = stack.containerLogs();
        Set<String> before = logs.attemptIds();

        session.execute("INSERT INTO kerberized_cql VALUES (1, 'ada'), (2, 'grace'), (3, 'edsger')");
        session.execute("INSERT INTO kerberized_mongo SELECT id, upper(owner) FROM kerberized_cql");
        List<List<Object>> joined = session.query("SELECT c.id, c.owner, m.owner FROM kerberized_cql c "
                + "JOIN kerberized_mongo m ON c.id = m.id WHERE c.id > 1");

        assertThat(joined).containsExactlyInAnyOrder(List.of(2, "grace", "GRACE"), List.of(3, "edsger", "EDSGER"));
        assertThat(cql.rows("SELECT count(*) FROM " + KEYSPACE + ".accounts")).containsExactly(List.of(3L));
        assertThat(logs.attemptsSince(before))
                .as("task attempts of the INSERTs and the join")
                .hasSizeGreaterThanOrEqualTo(3);

        session.execute("DROP TABLE kerberized_cql");
        session.execute("DROP TABLE kerberized_mongo");
        assertThat(cql.rows("SELECT table_name FROM system_schema.tables WHERE keyspace_name = '" + KEYSPACE + "'"))
                .as("CQL tables after DROP")
                .isEmpty();
    }
}
