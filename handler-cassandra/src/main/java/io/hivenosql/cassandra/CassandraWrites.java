package io.hivenosql.cassandra;

import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;

/**
 * The write side of {@link CassandraConnector}: a task's writer ({@link CassandraRecordWriter}) on a session lease it
 * owns until it is closed.
 */
final class CassandraWrites {
    private CassandraWrites() {}

    static RecordSink openWriter(TableContext context) {
        CassandraTable table = CassandraTable.of(context);
        return CassandraRecordWriter.open(table, CassandraClients.acquire(table, context));
    }
}
