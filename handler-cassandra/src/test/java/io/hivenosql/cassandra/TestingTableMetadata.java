package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import com.datastax.oss.driver.api.core.metadata.schema.ClusteringOrder;
import com.datastax.oss.driver.api.core.metadata.schema.ColumnMetadata;
import com.datastax.oss.driver.api.core.metadata.schema.TableMetadata;
import com.datastax.oss.driver.api.core.type.DataType;
import com.datastax.oss.driver.internal.core.metadata.schema.DefaultColumnMetadata;
import com.datastax.oss.driver.internal.core.metadata.schema.DefaultTableMetadata;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/** CQL table metadata built in memory (as the driver builds it from system_schema), for tests without a server. */
final class TestingTableMetadata {
    private final CqlIdentifier keyspace;
    private final CqlIdentifier table;
    private final List<String> partitionKey = new ArrayList<>();
    private final List<String> clustering = new ArrayList<>();
    private final List<String> statics = new ArrayList<>();
    private final Map<String, DataType> columns = new LinkedHashMap<>();

    private TestingTableMetadata(String keyspace, String table) {
        this.keyspace = CqlIdentifier.fromInternal(keyspace);
        this.table = CqlIdentifier.fromInternal(table);
    }

    static TestingTableMetadata table(String keyspace, String table) {
        return new TestingTableMetadata(keyspace, table);
    }

    TestingTableMetadata partitionKey(String name, DataType type) {
        partitionKey.add(name);
        columns.put(name, type);
        return this;
    }

    TestingTableMetadata clustering(String name, DataType type) {
        clustering.add(name);
        columns.put(name, type);
        return this;
    }

    TestingTableMetadata column(String name, DataType type) {
        columns.put(name, type);
        return this;
    }

    TestingTableMetadata staticColumn(String name, DataType type) {
        statics.add(name);
        columns.put(name, type);
        return this;
    }

    TableMetadata build() {
        Map<CqlIdentifier, ColumnMetadata> all = new LinkedHashMap<>();
        columns.forEach((name, type) -> {
            CqlIdentifier id = CqlIdentifier.fromInternal(name);
            all.put(id, new DefaultColumnMetadata(keyspace, table, id, type, statics.contains(name)));
        });
        List<ColumnMetadata> partition = new ArrayList<>();
        partitionKey.forEach(name -> partition.add(all.get(CqlIdentifier.fromInternal(name))));
        Map<ColumnMetadata, ClusteringOrder> clusteringColumns = new LinkedHashMap<>();
        clustering.forEach(
                name -> clusteringColumns.put(all.get(CqlIdentifier.fromInternal(name)), ClusteringOrder.ASC));
        return new DefaultTableMetadata(
                keyspace,
                table,
                UUID.randomUUID(),
                false,
                false,
                partition,
                clusteringColumns,
                all,
                Map.of(),
                Map.of());
    }
}
