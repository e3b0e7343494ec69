package io.hivenosql.api.spi;

import io.hivenosql.api.mapping.MappingSource;
import java.io.IOException;
import java.io.InputStream;

/**
 * Opens the files a table names in its properties besides its mapping (a TLS trust store, a client key store), under
 * the rules that apply to mapping files: within a HiveServer2 session only what the session user may read (and local
 * files only under the server's allowed directories); in a task, through the Hadoop file system of the URL's scheme,
 * so that material on HDFS reaches the containers without being part of their images.
 */
@FunctionalInterface
public interface TableFiles {
    /** The local file system and the classpath, as {@link MappingSource#LOCAL} reads them (tests, tools). */
    TableFiles LOCAL = (property, url) -> MappingSource.LOCAL.open(url);

    /**
     * Opens the file {@code url} that {@code property} names; the caller closes the stream.
     *
     * @throws IOException when it cannot be read; the message names the cause (not found, permission, scheme)
     * @throws io.hivenosql.api.error.HandlerException MAPPING_URL_NOT_ALLOWED when the session may not read it,
     *     naming {@code property}
     */
    InputStream open(String property, String url) throws IOException;
}
