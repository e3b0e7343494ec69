package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.predicate.HivePredicateDecomposer;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.pushdown.Filters;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.split.NoSqlSplit;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedInputFormatInterface;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The input format of every hive-nosql table: asks the connector for splits (with Hive's projection and the pushed
 * filter) and opens one {@link NoSqlRecordReader} of rows per split. Its subclass {@link NoSqlVectorizedInputFormat}
 * also fills Hive's column batches itself in a vectorized task; this class is the input format of a table whose
 * {@code nosql.read.vectorized} is false, which Hive then vectorizes, if at all, by deserializing its rows into batches.
 * A scan that reads no column (count(*): not even a column of the pushed filter) asks the store to count each split's
 * records ({@link NoSqlConnector#countRecords}) and, when it can, hands Hive that many empty rows (or batches that
 * carry only their size) without opening the store's reader. A store module subclasses each with a public no-arg
 * constructor: {@code super(new RedisConnector())}.
 *
 * <p>Hive 4.0.1 hands input formats no LIMIT, so {@link ReadRequest#limit()} is always empty here.
 */
public class NoSqlInputFormat implements InputFormat<NullWritable, RowWritable> {
    private static final Logger LOG = LoggerFactory.getLogger(NoSqlInputFormat.class);

    private final NoSqlConnector connector;
    /**
     * The scan a reader was last opened for (see {@link #readRequest(TableContext, Configuration)}). Hive shares one
     * input format instance per class in a JVM, so this is read and replaced by any thread, as one immutable value.
     */
    private volatile PlannedScan lastScan;

    protected NoSqlInputFormat(NoSqlConnector connector) {
        this.connector = requireNonNull(connector, "connector is null");
    }

    public NoSqlConnector connector() {
        return connector;
    }

    @Override
    public InputSplit[] getSplits(JobConf job, int numSplits) throws IOException {
        try {
            TableContext table = TableContexts.fromJobConf(connector, job);
            Optional<String> noKeys = HivePredicateDecomposer.emptyRuntimeKeyList(
                    job, table.mapping(), () -> connector.filterCapabilities(table));
            if (noKeys.isPresent()) {
                LOG.info(
                        "table {}: the join sent no keys of column {} (the other side of the join has no rows): no "
                                + "row of this table can join, so the scan has no split",
                        table.tableName(),
                        noKeys.get());
                return new InputSplit[0];
            }
            ReadRequest request = readRequest(connector, table, job);
            Path[] paths = FileInputFormat.getInputPaths(job);
            if (paths.length == 0) {
                throw new IOException("table " + table.tableName() + ": Hive set no input path (table location)");
            }
            List<SplitSpec> specs = connector.planSplits(request, Math.max(numSplits, 0));
            InputSplit[] splits = new InputSplit[specs.size()];
            for (int i = 0; i < splits.length; i++) {
                splits[i] = new NoSqlSplit(paths[0], specs.get(i));
                LOG.debug("table {}: split {}", table.tableName(), specs.get(i).description());
            }
            LOG.info(
                    "table {}: {} split(s); columns read: {}; pushed filter: {}",
                    table.tableName(),
                    splits.length,
                    describeProjection(table.mapping(), request.projection()),
                    request.filter().map(Filters::describe).orElse("none"));
            return splits;
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public RecordReader<NullWritable, RowWritable> getRecordReader(InputSplit split, JobConf job, Reporter reporter)
            throws IOException {
        if (!(split instanceof NoSqlSplit noSqlSplit)) {
            throw new IOException("expected a " + NoSqlSplit.class.getSimpleName() + ", got "
                    + (split == null ? "null" : split.getClass().getName()));
        }
        try {
            TableContext table = TableContexts.fromJobConf(connector, job);
            ReadRequest request = readRequest(table, job);
            SplitSpec spec = noSqlSplit.toSpec();
            String description = noSqlSplit.description();
            VectorizedRowBatchCtx batchContext =
                    this instanceof VectorizedInputFormatInterface && Utilities.getIsVectorized(job)
                            ? Utilities.getVectorizedRowBatchCtx(job)
                            : null;
            RecordSource source = records(request, spec, reporter, description);
            if (batchContext == null) {
                return new NoSqlRecordReader(request, source, reporter, description);
            }
            try {
                return (RecordReader) new NoSqlBatchReader(request, source, batchContext, reporter, description);
            } catch (IOException | RuntimeException e) {
                closeQuietly(source, e);
                throw e;
            }
        } catch (HandlerException e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * The split's records: for a request that reads no column, as the store counts them where it can; otherwise the
     * store's reader.
     */
    private RecordSource records(ReadRequest request, SplitSpec spec, Reporter reporter, String description)
            throws IOException {
        if (request.projection().isEmpty()) {
            OptionalLong count = connector.countRecords(request, spec);
            if (count.isPresent()) {
                return CountedRecords.of(request, count.getAsLong(), reporter, description);
            }
        }
        return connector.openReader(request, spec);
    }

    private static void closeQuietly(RecordSource source, Exception failure) {
        try {
            source.close();
        } catch (IOException | RuntimeException e) {
            failure.addSuppressed(e);
        }
    }

    /**
     * What Hive asks of this scan: projection and pushed filter from the job configuration. Worked out once per table
     * handle and scan: a task that reads several splits of the same scan (grouped splits) reuses it.
     */
    ReadRequest readRequest(TableContext table, Configuration conf) throws IOException {
        ScanKey key = ScanKey.of(table, conf);
        PlannedScan planned = lastScan;
        if (planned == null || !planned.key().equals(key)) {
            planned = new PlannedScan(key, readRequest(connector, table, key, conf));
            lastScan = planned;
        }
        ReadRequest request = planned.request();
        return request.table().equals(table)
                ? request
                : new ReadRequest(
                        table, request.projection(), request.filter(), request.limit(), request.nestedPaths());
    }

    private record PlannedScan(ScanKey key, ReadRequest request) {}

    /**
     * What a scan's request depends on, and nothing else of the job configuration: the table's handle (by identity:
     * handles are shared per JVM, see {@code BoundTables}), the columns Hive reads, the sub-field paths it asks for, and
     * the pushed filter as Hive serialized it (its expression, and the marker of what the handler promised to push).
     */
    private record ScanKey(
            TableHandle handle,
            List<Integer> projection,
            Set<String> nestedPaths,
            Optional<String> filterExpression,
            Optional<String> filterObject) {
        static ScanKey of(TableContext table, Configuration conf) {
            return new ScanKey(
                    table.handle(),
                    NoSqlInputFormat.projection(table.mapping(), conf),
                    NoSqlInputFormat.nestedPaths(table.mapping(), conf),
                    Optional.ofNullable(conf.get(TableScanDesc.FILTER_EXPR_CONF_STR)),
                    Optional.ofNullable(conf.get(TableScanDesc.FILTER_OBJECT_CONF_STR)));
        }

        @Override
        public boolean equals(Object other) {
            return other instanceof ScanKey key
                    && key.handle == handle
                    && key.projection.equals(projection)
                    && key.nestedPaths.equals(nestedPaths)
                    && key.filterExpression.equals(filterExpression)
                    && key.filterObject.equals(filterObject);
        }

        @Override
        public int hashCode() {
            return System.identityHashCode(handle) * 31
                    + Objects.hash(projection, nestedPaths, filterExpression, filterObject);
        }
    }

    /** What Hive asks of this scan, worked out from the job configuration. */
    static ReadRequest readRequest(NoSqlConnector connector, TableContext table, Configuration conf)
            throws IOException {
        return readRequest(connector, table, ScanKey.of(table, conf), conf);
    }

    private static ReadRequest readRequest(
            NoSqlConnector connector, TableContext table, ScanKey scan, Configuration conf) throws IOException {
        List<Integer> projection = scan.projection();
        FilterCapabilities capabilities = connector.filterCapabilities(table);
        Optional<Filter> filter = HivePredicateDecomposer.pushedFilter(
                conf,
                table.tableName(),
                table.mapping(),
                capabilities,
                column -> RuntimeKeyEdge.limit(connector, table, column));
        if (filter.isPresent()) {
            projection = withFilterColumns(table.mapping(), projection, filter.get());
        }
        return new ReadRequest(table, projection, filter, OptionalLong.empty(), scan.nestedPaths());
    }

    /**
     * The projection plus the columns of the pushed filter. Hive no longer reads a column whose predicate it pushed,
     * but the reader must: a row the store selects whose filtered value does not read as its column type is a bad
     * record, failing the query (or skipped) as it is when Hive applies the predicate itself, never returned as a
     * match of a value that could not be read.
     */
    static List<Integer> withFilterColumns(TableMapping mapping, List<Integer> projection, Filter filter) {
        SortedSet<Integer> indexes = new TreeSet<>(projection);
        for (String column : Filters.columns(filter)) {
            int index = mapping.indexOf(column);
            if (index >= 0) {
                indexes.add(index);
            }
        }
        return indexes.size() == projection.size() ? projection : new ArrayList<>(indexes);
    }

    /**
     * The sub-field paths Hive's nested column pruning asks for ({@code address.city}), lower case, of projected
     * columns only. A path that names a whole column means the whole column: it is left out, and so are that column's
     * sub-paths (another reference, e.g. another alias of the table in the same scan, reads all of it).
     */
    static Set<String> nestedPaths(TableMapping mapping, Configuration conf) {
        Set<String> result = new TreeSet<>();
        Set<String> whole = new HashSet<>();
        for (String path : ColumnProjectionUtils.getNestedColumnPaths(conf)) {
            String lower = path.trim().toLowerCase(Locale.ROOT);
            int dot = lower.indexOf('.');
            if (dot < 0) {
                whole.add(lower);
            } else if (dot > 0 && mapping.indexOf(lower.substring(0, dot)) >= 0) {
                result.add(lower);
            }
        }
        result.removeIf(path -> whole.contains(path.substring(0, path.indexOf('.'))));
        return result;
    }

    /** The mapping indexes of the columns Hive reads, ascending; all columns when Hive reads all. */
    public static List<Integer> projection(TableMapping mapping, Configuration conf) {
        if (ColumnProjectionUtils.isReadAllColumns(conf)) {
            return IntStream.range(0, mapping.size()).boxed().toList();
        }
        SortedSet<Integer> indexes = new TreeSet<>();
        for (String name : ColumnProjectionUtils.getReadColumnNames(conf)) {
            int index = name.isBlank() ? -1 : mapping.indexOf(name.trim());
            if (index >= 0) {
                indexes.add(index);
            }
        }
        if (indexes.isEmpty()) {
            for (int id : ColumnProjectionUtils.getReadColumnIDs(conf)) {
                if (id >= 0 && id < mapping.size()) {
                    indexes.add(id);
                }
            }
        }
        return new ArrayList<>(indexes);
    }

    private static String describeProjection(TableMapping mapping, List<Integer> projection) {
        if (projection.size() == mapping.size()) {
            return "all";
        }
        if (projection.isEmpty()) {
            return "none (row count only)";
        }
        return projection.stream().map(i -> mapping.column(i).name()).collect(Collectors.joining(", "));
    }
}
