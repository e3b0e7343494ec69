package io.hivenosql.mongo;

import io.hivenosql.api.hive.NoSqlStorageHandler;

/**
 * The class users name in DDL, in place of mongo-hadoop's {@code com.mongodb.hadoop.hive.MongoStorageHandler}:
 * {@code CREATE EXTERNAL TABLE person (name string, yob int) STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
 * WITH SERDEPROPERTIES ('mongo.columns.mapping'='{"name":"name","yob":"yob"}')
 * TBLPROPERTIES ('mongo.uri'='mongodb://host:27017/test.persons')}.
 */
public class MongoStorageHandler extends NoSqlStorageHandler {
    public MongoStorageHandler() {
        super(
                new MongoConnector(),
                MongoInputFormat.class,
                MongoRowInputFormat.class,
                MongoOutputFormat.class,
                MongoSerDe.class);
    }
}
