package io.hivenosql.bench.raw;

import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TpchTables;
import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import java.nio.file.Path;
import java.util.List;

/**
 * A hand-written client's full read of a store's {@code lineitem}, with the store's own driver and no Hive, as fast
 * as the store's microbenchmark baseline reads (docs/benchmarks.md): every row fetched and every value decoded. The
 * Hive scan of the same table is measured against it. Opening a scan connects (and, for Cassandra, prepares); only
 * {@link #scan()} is timed.
 */
public interface RawScan extends AutoCloseable {
    /**
     * Reads every row of the table once.
     *
     * @return the rows read
     */
    long scan();

    /** Closes the connections. */
    @Override
    void close();

    /**
     * Connects for the scan of a store target's copy of {@code table}.
     *
     * @param handlerJars the handlers' -hive.jar files (the Cassandra scan uses the driver in its handler's jar)
     * @param parallelism the token ranges the Cassandra scan reads at once (the Redis and MongoDB (and FerretDB) scans read on one
     *     thread, as their microbenchmark baselines do)
     */
    static RawScan open(
            Target target, StoreAddresses stores, List<Path> handlerJars, TpchTables table, int parallelism) {
        return switch (target) {
            case REDIS -> RedisRawScan.open(stores.redis(), table.redisKeyPrefix());
            case CASSANDRA -> CassandraRawScan.open(
                    cassandraHandlerJar(handlerJars),
                    stores.cassandra(),
                    stores.cassandraLocalDc().orElse("datacenter1"),
                    target.database() + "." + table.name(),
                    parallelism);
            case MONGO, MONGO_FERRETDB -> MongoRawScan.open(stores.mongoOf(target), target.database(), table.name());
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
