package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.cql.BoundStatement;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * A prepared CQL statement that each row of a {@link CassandraRecordWriter} binds once: the INSERT of a row
 * ({@link CqlInsert}) or the DELETE of a primary key ({@link CqlDelete}). The writer groups the bound statements by
 * partition ({@link BoundStatement#getRoutingKey()}) and primary key ({@link #clusteringKey}), and names the key of a
 * failed one ({@link #keyValues}, {@link #describeKey}).
 */
interface CqlRowStatement {
    /** The number of values of a row the statement binds. */
    int columns();

    /** Whether the statement (and a batch of them) may be retried. */
    boolean idempotent();

    /** {@code cassandra.consistency.write}, which every statement and batch carries. */
    ConsistencyLevel consistency();

    /**
     * The statement of a row of {@link #columns()} values, with the statement's idempotence and consistency.
     *
     * @param rowNumber the row's number in its writer (from 1), for messages
     * @throws io.hivenosql.api.error.HandlerException NULL_KEY or BAD_RECORD, naming table, key, column and value
     */
    BoundStatement bind(Object[] row, long rowNumber);

    /** The serialized clustering column values of a bound row: with its partition, its primary key. */
    List<ByteBuffer> clusteringKey(BoundStatement statement);

    /** The primary key values of a row, in key order (formatted only for a message). */
    Object[] keyValues(Object[] row);

    /** Primary key values as {@code (a=1, b='x')}, for messages. */
    String describeKey(Object[] keyValues);

    /**
     * What a failed request of this statement was doing, for messages, e.g. {@code writing the row with key (k=1) of
     * table db.t to Cassandra table ks.t}.
     *
     * @param rows the rows of the request, e.g. {@code the row with key (k=1)}
     */
    String action(String rows);
}
