package io.hivenosql.mongo;

import io.hivenosql.api.file.FileTableInputFormat;
import io.hivenosql.api.file.FileTables;
import io.hivenosql.api.hive.NoSqlInputFormat;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.mongo.dump.BsonFileRecordReader;
import io.hivenosql.mongo.dump.BsonFileSplitter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.BlockLocation;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocatedFileStatus;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.io.CombineHiveInputFormat;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.compress.CompressionCodecFactory;
import org.apache.hadoop.mapred.FileSplit;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.Reporter;
import org.apache.hadoop.net.NetworkTopology;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads BSON dump files (mongodump {@code .bson} files: BSON documents back to back) as the rows of a table declared
 * with {@link BsonSerDe}:
 *
 * <pre>{@code
 * CREATE EXTERNAL TABLE person_dump (name string, yob int, address struct<city:string>)
 * ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe'
 * WITH SERDEPROPERTIES ('mongo.columns.mapping'='{"name":"name","yob":"yob"}')
 * STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat'
 *   OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat'
 * LOCATION '/data/person';
 * }</pre>
 *
 * <p>Splits: every file of the location that is not empty, except those whose names start with {@code _} or {@code .}
 * (as in Hadoop) and mongodump's {@code <collection>.metadata.json} files (plain or gzipped), which may have been
 * copied beside the {@code .bson} file. A file no larger than the split size is one split, planned without reading
 * it. An uncompressed file larger than the split size is cut at document boundaries, found by walking the
 * documents' length headers at planning time ({@link BsonFileSplitter}: one seek and 4-byte read per document). The
 * split size is Hadoop's: {@code max(minsize, min(total size / requested splits, block size))}, further capped by
 * {@code mapreduce.input.fileinputformat.split.maxsize} when set. A compressed file (any codec, recognised by its
 * extension, e.g. {@code .gz}) is one split: where a document starts inside a compressed stream cannot be known, even
 * for splittable codecs.
 *
 * <p>MapReduce's CombineHiveInputFormat must not regroup these splits by bytes, so {@link #shouldSkipCombine} says so.
 */
public class BsonFileInputFormat extends FileTableInputFormat<NullWritable>
        implements CombineHiveInputFormat.AvoidSplitCombination {
    /** The new-API key; the old API has none, but Hive users set it to cap split sizes. */
    static final String SPLIT_MAXSIZE = "mapreduce.input.fileinputformat.split.maxsize";
    /** mongodump writes a collection's options and indexes beside its documents, in this file. */
    static final String METADATA_SUFFIX = ".metadata.json";
    /**
     * Finds a file's table: in the query plan, or registered by {@link BsonSerDe} (fetch tasks); keeps the
     * {@code mongo.*} and {@code nosql.*} properties.
     */
    static final FileTables FILE_TABLES = new FileTables(
            "BSON",
            List.of("mongo.", "nosql."),
            BsonSerDe.class.getName(),
            BsonFileInputFormat.class.getName(),
            BsonFileOutputFormat.class.getName());

    private static final Logger LOG = LoggerFactory.getLogger(BsonFileInputFormat.class);

    public BsonFileInputFormat() {
        super(new BsonTableModel(), FILE_TABLES);
    }

    /** The files of the input paths, without hidden files and mongodump's metadata files. */
    @Override
    protected FileStatus[] listStatus(JobConf job) throws IOException {
        return Arrays.stream(super.listStatus(job))
                .filter(file -> !isMongodumpMetadata(file.getPath()))
                .toArray(FileStatus[]::new);
    }

    private static boolean isMongodumpMetadata(Path path) {
        String name = path.getName();
        return name.endsWith(METADATA_SUFFIX) || name.endsWith(METADATA_SUFFIX + ".gz");
    }

    @Override
    protected boolean isSplitable(FileSystem fs, Path file) {
        return new CompressionCodecFactory(fs.getConf()).getCodec(file) == null;
    }

    @Override
    public boolean shouldSkipCombine(Path path, Configuration conf) {
        return true;
    }

    @Override
    public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
        long started = System.nanoTime();
        FileStatus[] files = listStatus(job);
        long totalSize = 0;
        for (FileStatus file : files) {
            if (file.isDirectory()) {
                throw new IOException("not a file: " + file.getPath() + " (a BSON table's location holds .bson files;"
                        + " set mapreduce.input.fileinputformat.input.dir.recursive=true to read sub-directories)");
            }
            totalSize += file.getLen();
        }
        long goalSize = totalSize / Math.max(numSplits, 1);
        long minSize = Math.max(job.getLong(org.apache.hadoop.mapreduce.lib.input.FileInputFormat.SPLIT_MINSIZE, 1), 1);
        long maxSize = job.getLong(SPLIT_MAXSIZE, Long.MAX_VALUE);
        CompressionCodecFactory codecs = new CompressionCodecFactory(job);
        NetworkTopology topology = new NetworkTopology();
        List<InputSplit> splits = new ArrayList<>();
        long documents = 0;
        for (FileStatus file : files) {
            Path path = file.getPath();
            long length = file.getLen();
            if (length == 0) {
                continue;
            }
            FileSystem fs = path.getFileSystem(job);
            BlockLocation[] blocks = file instanceof LocatedFileStatus located
                    ? located.getBlockLocations()
                    : fs.getFileBlockLocations(file, 0, length);
            if (codecs.getCodec(path) != null) {
                splits.add(split(path, 0, length, blocks, topology));
                continue;
            }
            long splitSize =
                    Math.max(minSize, Math.min(computeSplitSize(goalSize, minSize, file.getBlockSize()), maxSize));
            if (length <= splitSize) {
                // one split whatever the documents: no need to walk the headers (the reader checks them)
                splits.add(split(path, 0, length, blocks, topology));
                continue;
            }
            for (BsonFileSplitter.Range range : BsonFileSplitter.ranges(fs, path, length, splitSize)) {
                splits.add(split(path, range.start(), range.length(), blocks, topology));
                documents += range.documents();
            }
        }
        LOG.info(
                "{} split(s) of {} BSON file(s), {} bytes ({} documents in the files cut at document boundaries) in "
                        + "{} ms",
                splits.size(),
                files.length,
                totalSize,
                documents,
                TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
        return splits.toArray(new InputSplit[0]);
    }

    private FileSplit split(Path path, long start, long length, BlockLocation[] blocks, NetworkTopology topology)
            throws IOException {
        return makeSplit(path, start, length, getSplitHosts(blocks, start, length, topology));
    }

    @Override
    protected BsonFileRecordReader openReader(FileSplit split, JobConf job, TableContext table, Reporter reporter)
            throws IOException {
        ReadRequest request = new ReadRequest(
                table, NoSqlInputFormat.projection(table.mapping(), job), Optional.empty(), OptionalLong.empty());
        return BsonFileRecordReader.open(split, job, request, reporter);
    }
}
