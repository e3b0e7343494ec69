package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.util.List;
import org.apache.hadoop.hive.ql.security.authorization.plugin.HiveOperationType;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Hive 4 asks its authorizer (Ranger on most secure clusters) about the store object a storage-handler table reaches
 * ({@code hive.security.authorization.tables.on.storagehandlers}): each store names it as a URI an administrator can
 * write a policy for ({@code redis://host:port/db/prefix}, {@code cassandra://host:port/keyspace/table},
 * {@code mongodb://host:port/db/collection}). The integration stack's HiveServer2 runs with {@link
 * RecordingAuthorizerFactory}, which records those checks and denies what a test tells it to.
 */
@ExtendWith(HiveStack.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class StorageHandlerAuthorizationIT {
    private static final String DB = "it_authz";

    private HiveStack.Resources stack;
    private HiveInstance hive;

    @BeforeAll
    void createDatabase(HiveStack.Resources stack) throws Exception {
        this.stack = stack;
        hive = stack.hive();
        hive.execute("DROP DATABASE IF EXISTS " + DB + " CASCADE");
        hive.execute("CREATE DATABASE " + DB);
        try (HandlerJarCqlSession cql = stack.cql()) {
            cql.execute("DROP KEYSPACE IF EXISTS " + DB);
            cql.execute("CREATE KEYSPACE " + DB
                    + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}");
            cql.execute("CREATE TABLE " + DB + ".\"OrderLines\" (id int PRIMARY KEY, v text)");
        }
    }

    @BeforeEach
    @AfterEach
    void allowEverything() {
        RecordingAuthorizerFactory.reset();
    }

    private String redisTable(String name, String prefix) {
        return "CREATE EXTERNAL TABLE " + DB + "." + name + " (id string, v int) STORED BY "
                + "'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='" + prefix + "')";
    }

    private List<RecordingAuthorizerFactory.Check> checks(HiveOperationType operation) {
        return RecordingAuthorizerFactory.checks().stream()
                .filter(check -> check.operation() == operation)
                .toList();
    }

    @Test
    void createIsAskedAboutTheStoreObjectEachTableReaches() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".r");
        hive.execute(redisTable("r", "authz:orders:"));
        TestingCassandraServer cassandra = stack.cassandra();
        hive.execute("DROP TABLE IF EXISTS " + DB + ".c");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".c (id int, v string) STORED BY "
                + "'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='"
                + cassandra.contactPoint() + "', 'cassandra.local-dc'='" + cassandra.localDatacenter()
                + "', 'cassandra.keyspace'='" + DB + "', 'cassandra.table'='\"OrderLines\"')");
        hive.execute("DROP TABLE IF EXISTS " + DB + ".m");
        hive.execute("CREATE EXTERNAL TABLE " + DB + ".m (id int, v string) STORED BY "
                + "'io.hivenosql.mongo.MongoStorageHandler' TBLPROPERTIES ('mongo.uri'='"
                + stack.mongo().databaseUri("authz", "orders") + "?connectTimeoutMS=5000')");

        assertThat(checks(HiveOperationType.CREATETABLE))
                .extracting(check -> check.uris().get(0))
                .containsExactly(
                        "redis://" + stack.redis().address() + "/0/authz:orders:",
                        "cassandra://" + cassandra.contactPoint() + "/" + DB + "/OrderLines",
                        "mongodb://"
                                + stack.mongo()
                                        .uri()
                                        .replaceFirst("^mongodb://", "")
                                        .replaceAll("/.*$", "") + "/authz/orders");
        assertThat(checks(HiveOperationType.CREATETABLE)).allSatisfy(check -> assertThat(check.objects())
                .anySatisfy(object ->
                        assertThat(object).contains("STORAGEHANDLER_URI").doesNotContain("connectTimeoutMS")));
    }

    @Test
    void aDeniedUriStopsTheStatementAndNothingIsCreated() throws Exception {
        hive.execute("DROP TABLE IF EXISTS " + DB + ".denied");
        RecordingAuthorizerFactory.deny(uri -> uri.endsWith("/0/restricted:"));

        Throwable refused = catchThrowable(() -> hive.execute(redisTable("denied", "restricted:")));

        assertThat(refused)
                .hasMessageContaining("Permission denied")
                .hasMessageContaining("redis://" + stack.redis().address() + "/0/restricted:");
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'denied'")).isEmpty();
        // another prefix on the same server is allowed
        hive.execute(redisTable("denied", "open:"));
        assertThat(hive.query("SHOW TABLES IN " + DB + " LIKE 'denied'")).hasSize(1);
    }

    @Test
    void anAlterIsAskedAboutTheObjectTheTableReachesAfterItAndDropIsNot() throws Exception {
        String server = "redis://" + stack.redis().address() + "/0/";
        hive.execute("DROP TABLE IF EXISTS " + DB + ".moved");
        hive.execute(redisTable("moved", "before:"));
        RecordingAuthorizerFactory.reset();

        hive.execute("ALTER TABLE " + DB + ".moved SET TBLPROPERTIES ('redis.key.prefix'='after:')");

        // Hive asks about the table as it was; the handler asks about what the ALTER points it at
        assertThat(checks(HiveOperationType.ALTERTABLE_PROPERTIES))
                .extracting(check -> check.uris().get(0))
                .containsExactlyInAnyOrder(server + "before:", server + "after:");

        RecordingAuthorizerFactory.deny(uri -> uri.endsWith("/0/restricted:"));
        Throwable refused = catchThrowable(() ->
                hive.execute("ALTER TABLE " + DB + ".moved SET TBLPROPERTIES ('redis.key.prefix'='restricted:')"));
        assertThat(refused)
                .hasMessageContaining("HNS-139")
                .hasMessageContaining("would point the table at " + server + "restricted:")
                .hasMessageContaining("Permission denied");
        assertThat(Rows.of(hive, "SHOW TBLPROPERTIES " + DB + ".moved('redis.key.prefix')"))
                .singleElement(org.assertj.core.api.InstanceOfAssertFactories.STRING)
                .contains("after:");
        // an ALTER that leaves the object alone asks nothing more of it
        RecordingAuthorizerFactory.reset();
        hive.execute("ALTER TABLE " + DB + ".moved SET TBLPROPERTIES ('comment'='the orders')");
        assertThat(checks(HiveOperationType.ALTERTABLE_PROPERTIES))
                .extracting(check -> check.uris().get(0))
                .containsExactly(server + "after:");

        // Hive 4 asks about a DROP's table privileges only, not its store object (4.0.1, 4.1 and 4.2 alike)
        RecordingAuthorizerFactory.reset();
        hive.execute("DROP TABLE " + DB + ".moved");
        assertThat(RecordingAuthorizerFactory.checks()).isEmpty();
    }
}
