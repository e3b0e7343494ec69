package io.hivenosql.bench.raw;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code SELECT * FROM keyspace.table} with the driver's paging (5,000 rows a page), decoding every column. The driver
 * is the one inside the Cassandra handler's own jar, in a class loader of its own ({@link HandlerJarCqlSession}): this
 * JVM may run HiveServer2, which must not meet an unshaded driver. The few reflective calls a row costs are small
 * against the driver's decoding.
 */
record CassandraRawScan(Path handlerJar, String hosts, Optional<String> localDc, String keyspace, String table)
        implements RawScan {
    CassandraRawScan {
        requireNonNull(handlerJar, "handlerJar is null");
        requireNonNull(hosts, "hosts is null");
        requireNonNull(localDc, "localDc is null");
        requireNonNull(keyspace, "keyspace is null");
        requireNonNull(table, "table is null");
    }

    @Override
    public long scan() {
        ValueTally tally = new ValueTally();
        try (HandlerJarCqlSession session =
                HandlerJarCqlSession.connect(handlerJar, hosts, localDc.orElse("datacenter1"), null, null)) {
            session.forEachRow("SELECT * FROM " + keyspace + "." + table, row -> {
                for (Object value : row) {
                    tally.value(value);
                }
                tally.row();
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tally.rows();
    }
}
