package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of Cassandra tables. */
public class CassandraInputFormat extends NoSqlInputFormat {
    public CassandraInputFormat() {
        super(new CassandraConnector());
    }
}
