package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlInputFormat;

/** The input format of MongoDB collection tables. */
public class MongoInputFormat extends NoSqlInputFormat {
    public MongoInputFormat() {
        super(new MongoConnector());
    }
}
