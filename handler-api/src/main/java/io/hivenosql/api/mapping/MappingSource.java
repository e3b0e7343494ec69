package io.hivenosql.api.mapping;

import java.io.IOException;
import java.io.InputStream;

/** Opens a mapping file URL (the value of {@code nosql.mapping.url}). */
@FunctionalInterface
public interface MappingSource {
    /**
     * Opens the file for reading; the caller closes the stream.
     *
     * @throws IOException when the file cannot be read; the message names the cause (not found, permission, scheme)
     */
    InputStream open(String url) throws IOException;

    /**
     * Reads {@code file:} URLs and plain paths from the local file system, and {@code classpath:} resources (through
     * the thread's context class loader, then the loader of this interface). Other schemes ({@code hdfs:},
     * {@code s3a:}) fail with a message saying so; the Hive adapter supplies a source that reads them via Hadoop.
     */
    MappingSource LOCAL = MappingFiles::openLocal;
}
