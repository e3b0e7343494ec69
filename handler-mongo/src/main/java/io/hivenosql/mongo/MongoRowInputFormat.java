package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of MongoDB collection tables whose {@code nosql.read.vectorized} is false: rows only. */
public class MongoRowInputFormat extends NoSqlInputFormat {
    public MongoRowInputFormat() {
        super(new MongoConnector());
    }
}
