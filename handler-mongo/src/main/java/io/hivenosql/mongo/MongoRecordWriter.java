package io.hivenosql.mongo;

import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import java.io.IOException;

/** STUB (owned by the write helper): unordered bulk writes in batches. */
final class MongoRecordWriter {
    private MongoRecordWriter() {}

    static RecordSink open(TableContext table) throws IOException {
        throw new UnsupportedOperationException("not yet");
    }
}
