package io.hivenosql.api.spi;

import io.hivenosql.api.types.ValueConversionException;
import java.io.Closeable;
import java.io.IOException;

/**
 * Reads the records of one split. The core drives it: {@link #next()}, then {@link #get(int)} for each projected
 * column. Conversion errors surface from {@code get} so that the core can apply the table's bad-record policy with the
 * record's key in the message.
 */
public interface RecordSource extends Closeable {
    /** Advances to the next record; false at the end of the split. Store failures are IOExceptions. */
    boolean next() throws IOException;

    /** The current record's identity for messages (a Redis key, a Mongo _id, a Cassandra primary key). */
    String key();

    /**
     * The neutral value of a projected column of the current record ({@code null} for NULL or missing).
     *
     * @throws ValueConversionException when the stored value does not convert to the column type
     */
    Object get(int column);
}
