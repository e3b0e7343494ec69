package io.hivenosql.mongo;

import io.hivenosql.api.spi.TableContext;
import java.io.IOException;

/** STUB (owned by the write helper): creates, checks, truncates and drops collections for the metastore hook. */
final class MongoCollections {
    private MongoCollections() {}

    static boolean create(TableContext table, boolean managed) throws IOException {
        return false;
    }

    static void truncate(TableContext table) throws IOException {
        throw new UnsupportedOperationException("not yet");
    }

    static void drop(TableContext table, boolean purge) throws IOException {}
}
