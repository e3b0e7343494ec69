package io.hivenosql.cassandra;

import io.hivenosql.api.hive.NoSqlSerDe;

/** The SerDe of Cassandra tables. */
public class CassandraSerDe extends NoSqlSerDe {
    public CassandraSerDe() {
        super(new CassandraConnector());
    }
}
