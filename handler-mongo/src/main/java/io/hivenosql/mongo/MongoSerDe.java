package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlSerDe;

/** The SerDe of MongoDB collection tables (for BSON files see {@link BsonSerDe}). */
public class MongoSerDe extends NoSqlSerDe {
    public MongoSerDe() {
        super(new MongoConnector());
    }
}
