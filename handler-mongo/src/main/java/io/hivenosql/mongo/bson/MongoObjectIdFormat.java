package io.hivenosql.mongo.bson;

/** Values of {@code mongo.objectid.format}: how ObjectId columns look in Hive. */
public enum MongoObjectIdFormat {
    /** 24 lower-case hex digits in a {@code string} column. */
    STRING,
    /** mongo-hadoop's {@code struct<oid:string,bsontype:int>} (bsontype is 8); {@code bsontype} may be left out. */
    STRUCT;
}
