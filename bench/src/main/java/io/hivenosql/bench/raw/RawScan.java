package io.hivenosql.bench.raw;

import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import java.nio.file.Path;
import java.util.List;

/**
 * A hand-written client's full read of a store's {@code lineitem}, with the store's own driver and no Hive: one
 * client thread fetching every row and touching every value, as fast as that driver reads. The Hive scan of the same
 * table is measured against it.
 */
public interface RawScan {
    /**
     * Reads every row of the table once.
     *
     * @return the rows read
     */
    long scan();

    /** The scan of a store target's copy of {@code table}; {@code handlerJars} are the handlers' -hive.jar files. */
    static RawScan of(Target target, StoreAddresses stores, List<Path> handlerJars, TpchTables table) {
        return switch (target) {
            case REDIS -> new RedisRawScan(stores.redis(), table.redisKeyPrefix());
            case CASSANDRA -> new CassandraRawScan(
                    cassandraHandlerJar(handlerJars),
                    stores.cassandra(),
                    stores.cassandraLocalDc(),
                    target.database(),
                    table.name());
            case MONGO -> new MongoRawScan(stores.mongo(), target.database(), table.name());
            case HDFS_ORC, HDFS_TEXT -> throw new IllegalArgumentException(
                    "no raw driver scan for " + target.cliName());
        };
    }

    private static Path cassandraHandlerJar(List<Path> handlerJars) {
        try {
            return HandlerJarCqlSession.handlerJar(handlerJars);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("the raw Cassandra scan uses the driver in the handler's jar: give "
                    + "handler-cassandra-<version>-hive.jar in --aux-jars (" + e.getMessage() + ")");
        }
    }
}
