package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlVectorizedInputFormat;

/** The input format of MongoDB collection tables: rows, and column batches in vectorized tasks. */
public class MongoInputFormat extends NoSqlVectorizedInputFormat {
    public MongoInputFormat() {
        super(new MongoConnector());
    }
}
