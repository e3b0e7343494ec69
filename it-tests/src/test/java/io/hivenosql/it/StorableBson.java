package io.hivenosql.it;

import io.hivenosql.sandbox.mongo.MongoFlavour;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import org.bson.BsonValue;

/**
 * Which BSON values the tests' MongoDB server can hold, for tests whose driver-written data covers every BSON type.
 * FerretDB 1.24 cannot hold NaN, the infinities, Decimal128, MinKey, MaxKey or JavaScript code: it refuses the
 * infinities and drops the connection for the others (measured; docs/mongodb.md, "Servers that hold fewer BSON
 * values"). The tests leave such values out of what they write there, and expect the rows they would have made to be
 * absent.
 */
final class StorableBson {
    private StorableBson() {}

    /** Whether {@code server} is FerretDB. */
    static boolean isFerretDb(TestingMongoServer server) {
        return server.flavour().filter(MongoFlavour.FERRETDB::equals).isPresent();
    }

    /** Whether {@code server} can hold {@code value} (inside documents and arrays too); null (a missing field) can. */
    static boolean storable(TestingMongoServer server, BsonValue value) {
        return !isFerretDb(server) || value == null || ferretDbHolds(value);
    }

    private static boolean ferretDbHolds(BsonValue value) {
        return switch (value.getBsonType()) {
            case DOUBLE -> Double.isFinite(value.asDouble().getValue());
            case DECIMAL128, MIN_KEY, MAX_KEY, JAVASCRIPT, JAVASCRIPT_WITH_SCOPE, DB_POINTER, SYMBOL -> false;
            case ARRAY -> value.asArray().stream().allMatch(StorableBson::ferretDbHolds);
            case DOCUMENT -> value.asDocument().values().stream().allMatch(StorableBson::ferretDbHolds);
            default -> true;
        };
    }
}
