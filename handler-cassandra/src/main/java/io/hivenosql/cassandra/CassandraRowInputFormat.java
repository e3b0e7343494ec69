package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of Cassandra tables whose {@code nosql.read.vectorized} is false: rows only. */
public class CassandraRowInputFormat extends NoSqlInputFormat {
    public CassandraRowInputFormat() {
        super(new CassandraConnector());
    }
}
