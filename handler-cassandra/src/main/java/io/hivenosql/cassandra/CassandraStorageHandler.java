package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlStorageHandler;

/**
 * The class users name in DDL: {@code CREATE EXTERNAL TABLE t (...) STORED BY
 * 'io.hivenosql.cassandra.CassandraStorageHandler' TBLPROPERTIES ('cassandra.hosts'='host:9042', 'cassandra.keyspace'='ks')}.
 */
public class CassandraStorageHandler extends NoSqlStorageHandler {
    public CassandraStorageHandler() {
        super(
                new CassandraConnector(),
                CassandraInputFormat.class,
                CassandraRowInputFormat.class,
                CassandraOutputFormat.class,
                CassandraSerDe.class);
    }
}
