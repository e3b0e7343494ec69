package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlOutputFormat;

/** The output format of Cassandra tables. */
public class CassandraOutputFormat extends NoSqlOutputFormat {
    public CassandraOutputFormat() {
        super(new CassandraConnector());
    }
}
