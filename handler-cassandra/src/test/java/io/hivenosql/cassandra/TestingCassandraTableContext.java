package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.DataTypes;
import io.hivenosql.sandbox.cassandra.TestingCassandraServer;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Builds the {@link TableContext} of a Cassandra table as the Hive adapters do, and writes rows through the SPI. */
final class TestingCassandraTableContext {
    static final CassandraConnector CONNECTOR = new CassandraConnector();

    private final String name;
    private final List<ColumnMapping> columns = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();
    private SecretResolver secrets = SecretResolver.NONE;

    private TestingCassandraTableContext(String name) {
        this.name = name;
    }

    /** A Hive table {@code default.<name>}; set {@code cassandra.hosts} (and usually the keyspace) as properties. */
    static TestingCassandraTableContext table(String name) {
        return new TestingCassandraTableContext(name);
    }

    /** A table on a server: hosts, local data center and keyspace set. */
    static TestingCassandraTableContext table(String name, String contactPoint, String keyspace) {
        return table(name)
                .property("cassandra.hosts", contactPoint)
                .property("cassandra.local-dc", "datacenter1")
                .property("cassandra.keyspace", keyspace);
    }

    TestingCassandraTableContext column(String column, String hiveType) {
        return column(column, hiveType, column);
    }

    TestingCassandraTableContext column(String column, String hiveType, String cqlColumn) {
        columns.add(new ColumnMapping(column, DataTypes.parse(hiveType), cqlColumn, ColumnRole.FIELD));
        return this;
    }

    TestingCassandraTableContext property(String key, String value) {
        if (value == null) {
            properties.remove(key);
        } else {
            properties.put(key, value);
        }
        return this;
    }

    /** Where the table's aliases (passwords) are looked up; none by default. */
    TestingCassandraTableContext secrets(SecretResolver secrets) {
        this.secrets = secrets;
        return this;
    }

    TableContext build() {
        return new TableContext(CONNECTOR.bind(config(), new TableMapping(columns)), secrets);
    }

    /** The validated properties, as the Hive adapters hand them to the connector. */
    TableConfig config() {
        List<TableProperty> declared = new ArrayList<>(Arrays.asList(CassandraTableProperties.values()));
        declared.addAll(Arrays.asList(NoSqlTableProperties.values()));
        return TableConfig.validate("default." + name, properties, declared, Set.of("cassandra.", "nosql."));
    }

    CassandraTable cassandraTable() {
        return CassandraTable.of(build());
    }

    /** A driver session of its own on the server, for setting up and checking tables; the caller closes it. */
    static CqlSession session(TestingCassandraServer server) {
        return CqlSession.builder()
                .addContactPoint(new InetSocketAddress(server.host(), server.nativePort()))
                .withLocalDatacenter(server.localDatacenter())
                .build();
    }

    /** Creates a keyspace (replication factor 1) for one test class, dropping what a previous run left. */
    static void recreateKeyspace(CqlSession session, String keyspace) {
        session.execute(SimpleStatement.newInstance("DROP KEYSPACE IF EXISTS " + keyspace)
                .setTimeout(Duration.ofSeconds(60)));
        session.execute(SimpleStatement.newInstance("CREATE KEYSPACE " + keyspace
                        + " WITH replication = {'class': 'SimpleStrategy', 'replication_factor': 1}")
                .setTimeout(Duration.ofSeconds(60)));
    }

    static void execute(CqlSession session, String cql) {
        session.execute(SimpleStatement.newInstance(cql).setTimeout(Duration.ofSeconds(60)));
    }

    static void write(TableContext table, List<Object[]> rows) throws IOException {
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows) {
                sink.write(row);
            }
        }
    }
}
