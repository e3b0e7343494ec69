package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.CqlIdentifier;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.types.ArrayType;
import io.hivenosql.api.types.CharType;
import io.hivenosql.api.types.DataType;
import io.hivenosql.api.types.DecimalType;
import io.hivenosql.api.types.MapType;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.api.types.VarcharType;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.StringJoiner;
import java.util.function.Supplier;

/**
 * The CQL statements of tables Hive creates and drops, built from a {@link CassandraTable} without contacting a server.
 *
 * <p>Hive types become CQL types as follows: boolean, tinyint, smallint, int, bigint, float, double, date and timestamp
 * keep their names; decimal(p,s) is decimal; string, varchar and char are text; binary is blob; array, map and struct
 * are list, map and tuple. Collections and tuples nested in another type, and primary key columns of such types, are
 * frozen. The primary key comes from {@code cassandra.primary-key} (default: the first column as partition key),
 * the clustering order from {@code cassandra.clustering-order}, and the raw CQL fragments {@code cassandra.replication}
 * and {@code cassandra.table.options} are validated by {@link CqlOptions} and re-rendered.
 */
final class CqlDdl {
    private CqlDdl() {}

    /** The CQL type of a Hive type; {@code frozen} for nested and key positions. */
    static String cqlType(DataType hive, boolean frozen) {
        if (hive instanceof PrimitiveType primitive) {
            return switch (primitive) {
                case BOOLEAN, TINYINT, SMALLINT, INT, BIGINT, FLOAT, DOUBLE, DATE, TIMESTAMP -> primitive.typeName();
                case STRING -> "text";
                case BINARY -> "blob";
            };
        }
        String type;
        if (hive instanceof ArrayType array) {
            type = "list<" + cqlType(array.elementType(), true) + ">";
        } else if (hive instanceof MapType map) {
            type = "map<" + cqlType(map.keyType(), true) + ", " + cqlType(map.valueType(), true) + ">";
        } else if (hive instanceof StructType struct) {
            type = tuple(struct);
        } else if (hive instanceof DecimalType) {
            return "decimal";
        } else if (hive instanceof VarcharType || hive instanceof CharType) {
            return "text";
        } else {
            throw new IllegalArgumentException("no CQL type for Hive type " + hive.typeName());
        }
        return frozen ? "frozen<" + type + ">" : type;
    }

    private static String tuple(StructType struct) {
        StringJoiner fields = new StringJoiner(", ", "tuple<", ">");
        for (StructType.Field field : struct.fields()) {
            fields.add(cqlType(field.type(), true));
        }
        return fields.toString();
    }

    /** {@code CREATE KEYSPACE IF NOT EXISTS ks WITH replication = {...}}. */
    static String createKeyspace(CassandraTable table) {
        return "CREATE KEYSPACE IF NOT EXISTS " + table.keyspace().asCql(true) + " WITH replication = "
                + replication(table);
    }

    /** The validated replication map of {@code cassandra.replication}. */
    static String replication(CassandraTable table) {
        return checked(
                table,
                CassandraTableProperties.REPLICATION,
                () -> CqlOptions.replication(table.replication()),
                "a CQL map such as {'class': 'SimpleStrategy', 'replication_factor': 1} or {'class': "
                        + "'NetworkTopologyStrategy', 'dc1': 3}");
    }

    /**
     * {@code CREATE TABLE [IF NOT EXISTS] ks.t (columns, PRIMARY KEY ((...), ...)) [WITH CLUSTERING ORDER BY (...)]
     * [AND options]}.
     */
    static String createTable(CassandraTable table, boolean ifNotExists) {
        TableMapping mapping = table.mapping();
        PrimaryKey key = primaryKey(table);
        StringJoiner columns = new StringJoiner(", ", " (", "");
        for (int i = 0; i < mapping.size(); i++) {
            // collections frozen in every position: Hive always writes whole values, and a frozen collection is one
            // cell (no range tombstone per written row, and a retried write cannot append list elements twice)
            columns.add(table.cqlColumn(i).asCql(true) + " "
                    + cqlType(mapping.column(i).type(), true));
        }
        StringJoiner partition = new StringJoiner(", ", "(", ")");
        key.partitionKey().forEach(column -> partition.add(cql(table, column)));
        StringJoiner primary = new StringJoiner(", ", "PRIMARY KEY (", "))");
        primary.add(partition.toString());
        key.clusteringColumns().forEach(column -> primary.add(cql(table, column)));
        columns.add(primary.toString());

        List<String> with = new ArrayList<>();
        clusteringOrder(table, key).ifPresent(with::add);
        tableOptions(table).ifPresent(with::add);
        return "CREATE TABLE " + (ifNotExists ? "IF NOT EXISTS " : "") + table.qualifiedCqlName() + columns
                + (with.isEmpty() ? "" : " WITH " + String.join(" AND ", with));
    }

    /** {@code DROP TABLE IF EXISTS ks.t}: the keyspace stays. */
    static String dropTable(CassandraTable table) {
        return "DROP TABLE IF EXISTS " + table.qualifiedCqlName();
    }

    static String truncate(CassandraTable table) {
        return "TRUNCATE TABLE " + table.qualifiedCqlName();
    }

    /** The primary key of a table Hive creates: {@code cassandra.primary-key}, or the first column. */
    static PrimaryKey primaryKey(CassandraTable table) {
        return table.primaryKey()
                .orElseGet(() ->
                        new PrimaryKey(List.of(table.mapping().column(0).name().toLowerCase(Locale.ROOT)), List.of()));
    }

    /** The validated table options of {@code cassandra.table.options}, normalized. */
    static Optional<String> tableOptions(CassandraTable table) {
        return table.tableOptions()
                .map(text -> checked(
                        table,
                        CassandraTableProperties.TABLE_OPTIONS,
                        () -> CqlOptions.tableOptions(text),
                        "CQL table options such as gc_grace_seconds = 3600 AND compaction = {'class': "
                                + "'UnifiedCompactionStrategy'}"));
    }

    /** What {@code parse} makes of a property's CQL text; its complaint, with what is expected, names the property. */
    private static String checked(
            CassandraTable table, CassandraTableProperties property, Supplier<String> parse, String expected) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw invalid(table, property, e.getMessage() + "; expected " + expected);
        }
    }

    /**
     * {@code CLUSTERING ORDER BY (c1 ASC, c2 DESC)} from {@code cassandra.clustering-order} ({@code col [ASC|DESC], ...}
     * with Hive column names); every clustering column is listed, in key order, ASC unless the property says DESC.
     */
    static Optional<String> clusteringOrder(CassandraTable table, PrimaryKey key) {
        if (table.clusteringOrder().isEmpty()) {
            return Optional.empty();
        }
        String text = table.clusteringOrder().get();
        Map<String, String> orders = new HashMap<>();
        for (String part : text.split(",", -1)) {
            String[] words = part.trim().split("\\s+");
            if (words.length < 1 || words.length > 2 || words[0].isEmpty()) {
                throw invalid(
                        table,
                        CassandraTableProperties.CLUSTERING_ORDER,
                        "'" + part.trim()
                                + "' is not 'column [ASC|DESC]'; expected e.g. o_orderdate DESC, o_orderkey ASC");
            }
            String column = words[0].toLowerCase(Locale.ROOT);
            String order = words.length == 2 ? words[1].toUpperCase(Locale.ROOT) : "ASC";
            if (!order.equals("ASC") && !order.equals("DESC")) {
                throw invalid(
                        table,
                        CassandraTableProperties.CLUSTERING_ORDER,
                        "order '" + words[1] + "' of column '" + words[0] + "' is neither ASC nor DESC");
            }
            if (!key.clusteringColumns().contains(column)) {
                throw invalid(
                        table,
                        CassandraTableProperties.CLUSTERING_ORDER,
                        "'" + words[0] + "' is not a clustering column of " + CassandraTableProperties.PRIMARY_KEY.key()
                                + " " + key
                                + (key.clusteringColumns().isEmpty()
                                        ? " (it has none)"
                                        : "; the clustering columns are "
                                                + String.join(", ", key.clusteringColumns())));
            }
            if (orders.put(column, order) != null) {
                throw invalid(
                        table, CassandraTableProperties.CLUSTERING_ORDER, "column '" + words[0] + "' is listed twice");
            }
        }
        StringJoiner clause = new StringJoiner(", ", "CLUSTERING ORDER BY (", ")");
        for (String column : key.clusteringColumns()) {
            clause.add(cql(table, column) + " " + orders.getOrDefault(column, "ASC"));
        }
        return Optional.of(clause.toString());
    }

    private static String cql(CassandraTable table, String hiveColumn) {
        int index = table.mapping().indexOf(hiveColumn);
        if (index < 0) {
            throw new IllegalStateException("primary key column " + hiveColumn + " is not a column of " + table.name());
        }
        CqlIdentifier identifier = table.cqlColumn(index);
        return identifier.asCql(true);
    }

    private static HandlerException invalid(CassandraTable table, CassandraTableProperties property, String message) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + table.name() + ", property '" + property.key() + "': " + message);
    }
}
