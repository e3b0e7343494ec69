package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.tpch.TpchFiles;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * Generates the TPC-H tables in process ({@code io.trino.tpch}, dbgen's algorithm) as dbgen's {@code |} text, one file
 * per table under {@link TargetDdl#textLocation}, on whatever Hadoop file system that URI names (the sandbox's HDFS, a
 * cluster's). What was there is replaced.
 */
public final class TpchGenerator {
    private final Configuration conf;
    private final Progress progress;

    /** The rows of all eight tables at the scale factor (dbgen's table sizes). */
    static long expectedRows(double scaleFactor) {
        long rows = 0;
        for (TpchTables table : TpchTables.ALL) {
            rows += TpchFiles.expectedRows(table.table(), scaleFactor);
        }
        return rows;
    }

    public TpchGenerator(Configuration conf, Progress progress) {
        this.conf = requireNonNull(conf, "conf is null");
        this.progress = requireNonNull(progress, "progress is null");
    }

    /** Writes every table at the scale factor; returns each table's rows and bytes, by table name. */
    Map<String, TpchFiles.Written> generate(double scaleFactor, TargetDdl ddl) {
        return generate(scaleFactor, ddl, TpchTables.ALL);
    }

    /** Writes the tables at the scale factor; returns each table's rows and bytes, by table name. */
    public Map<String, TpchFiles.Written> generate(double scaleFactor, TargetDdl ddl, List<TpchTables> tables) {
        long expected = 0;
        for (TpchTables table : tables) {
            expected += TpchFiles.expectedRows(table.table(), scaleFactor);
        }
        progress.start("generate", expected);
        Map<String, TpchFiles.Written> written = new LinkedHashMap<>();
        long before = 0;
        long start = System.nanoTime();
        for (TpchTables table : tables) {
            String location = ddl.textLocation(table);
            long offset = before;
            TpchFiles.Written one = write(
                    table,
                    scaleFactor,
                    location,
                    (rows, bytes) ->
                            progress.update(offset + rows, table.name() + " " + String.format("%,d", rows) + " rows"));
            written.put(table.name(), one);
            before += one.rows();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        progress.finish(String.format("%,d rows in %.1f s", before, seconds));
        return written;
    }

    private TpchFiles.Written write(
            TpchTables table, double scaleFactor, String location, TpchFiles.Progress tableProgress) {
        try {
            URI uri = URI.create(location);
            FileSystem fileSystem = FileSystem.get(uri, conf);
            Path directory = new Path(uri);
            fileSystem.delete(directory, true);
            fileSystem.mkdirs(directory);
            try (Writer out = new OutputStreamWriter(
                    fileSystem.create(new Path(directory, table.name() + ".tbl"), true, 1 << 16),
                    StandardCharsets.UTF_8)) {
                return TpchFiles.write(table.table(), scaleFactor, -1, out, tableProgress);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the TPC-H table " + table.name() + " to " + location, e);
        }
    }
}
