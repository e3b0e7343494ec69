package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlOutputFormat;

/** The output format of MongoDB collection tables. */
public class MongoOutputFormat extends NoSqlOutputFormat {
    public MongoOutputFormat() {
        super(new MongoConnector());
    }
}
