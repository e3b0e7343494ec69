package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.tls.TestingCertificates;
import io.hivenosql.sandbox.tls.TlsServerMaterial;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Cassandra over TLS through HiveServer2: a node whose native port speaks only TLS with a certificate of a private CA
 * made for the test. A managed table created through Hive (the keyspace and CQL table too), written and read with a
 * pushed partition key, trusting the CA's PEM file under the server's allowed directories; a plain-text table against
 * the node fails the statement saying that the node may want TLS.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CassandraTlsIT {
    private static final String DB = "it_cassandra_tls";
    private static final String HANDLER = "STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'";

    private HiveInstance hive;
    private TestingCertificates ca;
    private TestingCassandraServer node;
    private String connection;

    @BeforeAll
    void start(HiveStack.Resources stack) throws Exception {
        hive = stack.hive();
        ca = TestingCertificates.create(stack.scratch("cassandra-tls").resolve("ca"), "Cassandra CA");
        node = TestingCassandraServer.builder()
                .tls(TlsServerMaterial.issue(ca, "cassandra", false))
                .build();
        connection = "'cassandra.hosts'='" + node.contactPoint() + "', 'cassandra.local-dc'='" + node.localDatacenter()
                + "'";
        hive.execute("CREATE DATABASE IF NOT EXISTS " + DB);
    }

    @AfterAll
    void stop() {
        if (node != null) {
            node.close();
        }
    }

    @Test
    void aManagedTableIsCreatedWrittenAndReadOverTls() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".orders");
        hive.execute("CREATE TABLE " + DB + ".orders (custkey bigint, orderkey bigint, status string) " + HANDLER
                + " TBLPROPERTIES (" + connection + ", 'cassandra.primary-key'='((custkey), orderkey)', "
                + "'cassandra.ssl'='true', 'cassandra.ssl.truststore'='" + ca.caPem() + "')");
        hive.execute("INSERT INTO " + DB + ".orders VALUES (1, 10, 'open'), (1, 11, 'paid'), (2, 20, 'open')");
        assertThat(Rows.of(hive, "SELECT orderkey, status FROM " + DB + ".orders WHERE custkey = 1 ORDER BY orderkey"))
                .containsExactly("10|open", "11|paid");
        assertThat(Rows.of(hive, "SELECT count(*) FROM " + DB + ".orders")).containsExactly("3");
        hive.execute("DROP TABLE " + DB + ".orders");
    }

    @Test
    void aPlainTextTableAgainstTheTlsNodeFailsSayingSo() {
        Throwable refused = catchThrowable(() -> {
            hive.execute("DROP TABLE IF EXISTS " + DB + ".plain");
            hive.execute("CREATE EXTERNAL TABLE " + DB + ".plain (id int, v string) " + HANDLER + " TBLPROPERTIES ("
                    + connection + ", 'cassandra.primary-key'='id')");
            hive.query("SELECT * FROM " + DB + ".plain");
        });
        assertThat(refused).hasStackTraceContaining("HNS-201").hasStackTraceContaining("set cassandra.ssl=true");
    }
}
