package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlVectorizedInputFormat;

/** The input format of Cassandra tables: rows, and column batches in vectorized tasks. */
public class CassandraInputFormat extends NoSqlVectorizedInputFormat {
    public CassandraInputFormat() {
        super(new CassandraConnector());
    }
}
