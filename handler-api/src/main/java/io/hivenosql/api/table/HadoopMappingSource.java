package io.hivenosql.api.table;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.mapping.MappingSource;
import io.hivenosql.api.spi.TableFiles;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Opens mapping files, and the other files a table names ({@link TableFiles}: TLS material), for the Hive adapters:
 * {@code classpath:} resources through {@link MappingSource#LOCAL}, plain paths (no scheme) on the local file system,
 * and every other URL ({@code file:}, {@code hdfs:}, {@code s3a:}, ...) through the Hadoop FileSystem of its scheme;
 * within a HiveServer2 session only what {@link MappingUrlPolicy} allows.
 */
public final class HadoopMappingSource implements MappingSource, TableFiles {
    private final Configuration conf;
    private final MappingUrlPolicy policy;

    public HadoopMappingSource(Configuration conf) {
        this(conf, MappingUrlPolicy.forSession(requireNonNull(conf, "conf is null")));
    }

    HadoopMappingSource(Configuration conf, MappingUrlPolicy policy) {
        this.conf = requireNonNull(conf, "conf is null");
        this.policy = requireNonNull(policy, "policy is null");
    }

    @Override
    public InputStream open(String url) throws IOException {
        return read(policy.check(requireNonNull(url, "url is null").trim()));
    }

    @Override
    public InputStream open(String property, String url) throws IOException {
        requireNonNull(property, "property is null");
        return read(policy.check(property, requireNonNull(url, "url is null").trim()));
    }

    private InputStream read(String location) throws IOException {
        if (location.toLowerCase(Locale.ROOT).startsWith("classpath:")) {
            return MappingSource.LOCAL.open(location);
        }
        Path path = new Path(location);
        FileSystem fs = path.toUri().getScheme() == null ? FileSystem.getLocal(conf) : path.getFileSystem(conf);
        return fs.open(path);
    }
}
