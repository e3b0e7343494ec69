package io.hivenosql.sandbox.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.JvmOptions;
import io.hivenosql.sandbox.hadoop.TestingReporter;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.regex.Pattern;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.exec.SerializationUtilities;
import org.apache.hadoop.hive.ql.metadata.HiveStorageHandler;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler;
import org.apache.hadoop.hive.ql.metadata.HiveStoragePredicateHandler.DecomposedPredicate;
import org.apache.hadoop.hive.ql.plan.ExprNodeColumnDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeConstantDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeDesc;
import org.apache.hadoop.hive.ql.plan.ExprNodeGenericFuncDesc;
import org.apache.hadoop.hive.ql.plan.TableDesc;
import org.apache.hadoop.hive.ql.plan.TableScanDesc;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde.serdeConstants;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoFactory;
import org.apache.hadoop.io.DataInputBuffer;
import org.apache.hadoop.io.DataOutputBuffer;
import org.apache.hadoop.io.Writable;
import org.apache.hadoop.mapred.FileInputFormat;
import org.apache.hadoop.mapred.InputFormat;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.JobConf;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.util.ReflectionUtils;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.OptionsBuilder;

/**
 * One query over one table, driven through Hive's own interfaces only (the storage handler, its SerDe and input format,
 * as Hive instantiates them by class), for the planning and task set-up benchmarks of every store:
 *
 * <ul>
 *   <li>{@link #plan}: what HiveServer2 does to plan the scan — a new handler (Hive makes one per call), the SerDe's
 *       {@code initialize} with the table's properties, {@code decomposePredicate} of the WHERE clause, {@code
 *       configureInputJobProperties}, then the job configuration as Hive builds it (table properties, the handler's
 *       job properties, the projection through {@link ColumnProjectionUtils}, the pushed predicate serialized into
 *       {@link TableScanDesc#FILTER_EXPR_CONF_STR}) and {@code getSplits}. Each call is a new query ({@code
 *       hive.query.id}), so nothing a handler keeps per query is reused;
 *   <li>{@link #runTasks}: what each task does — its split read back from the bytes Hive ships, a new SerDe
 *       initialized with the table's properties and the task's job configuration, {@code getRecordReader}, every row
 *       read and deserialized.
 * </ul>
 *
 * <p>Store-neutral: a store's benchmark passes its handler class and table properties, so it measures the same calls
 * whatever the handler does inside them.
 */
public final class HiveScanSetup {
    /** Hive's {@code hive.query.id}: set while a query compiles. */
    static final String QUERY_ID = "hive.query.id";

    /** The heap of the JMH forks {@link #runJmh} starts. */
    static final String FORK_HEAP = "1g";

    /** The forks' logging: warnings only (a classpath resource of this module). */
    static final String LOG_CONFIG = "log4j2-bench.properties";

    private static final AtomicLong QUERIES = new AtomicLong();

    private final Class<? extends HiveStorageHandler> handlerClass;
    private final Properties table;
    private final List<String> selected;
    private final ExprNodeGenericFuncDesc predicate;
    private final int splitHint;
    private final JobConf session;

    /**
     * @param handlerClass the class named in {@code STORED BY}
     * @param table the table's properties as the metastore hands them to Hive ({@code name}, {@code columns}, {@code
     *     columns.types}, {@code location}, the TBLPROPERTIES)
     * @param selected the columns of the query's SELECT list
     * @param predicate the query's WHERE clause
     * @param splitHint the number of splits Hive asks for
     */
    public HiveScanSetup(
            Class<? extends HiveStorageHandler> handlerClass,
            Properties table,
            List<String> selected,
            ExprNodeGenericFuncDesc predicate,
            int splitHint) {
        this.handlerClass = requireNonNull(handlerClass, "handlerClass is null");
        this.table = requireNonNull(table, "table is null");
        this.selected = List.copyOf(selected);
        this.predicate = requireNonNull(predicate, "predicate is null");
        this.splitHint = splitHint;
        this.session = new JobConf();
        columns().size(); // fails early without a column list
    }

    /** The planned scan: the job configuration tasks get, the splits as Hive ships them, and what was pushed. */
    public record Plan(
            JobConf job,
            Class<? extends AbstractSerDe> serDeClass,
            InputFormat<?, ?> inputFormat,
            List<byte[]> splits,
            String pushed,
            String residual,
            List<String> readColumns) {}

    /** HiveServer2's part: plans the scan as a new query. */
    public Plan plan() throws Exception {
        JobConf conf = new JobConf(session);
        conf.set(QUERY_ID, "hive_setup_bench_" + QUERIES.incrementAndGet());
        HiveStorageHandler handler = ReflectionUtils.newInstance(handlerClass, conf);
        AbstractSerDe serDe = ReflectionUtils.newInstance(handler.getSerDeClass(), conf);
        serDe.initialize(conf, table, null);
        DecomposedPredicate decomposed =
                ((HiveStoragePredicateHandler) handler).decomposePredicate(conf, serDe, predicate.clone());
        Map<String, String> jobProperties = new LinkedHashMap<>();
        TableDesc tableDesc = new TableDesc(handler.getInputFormatClass(), handler.getOutputFormatClass(), table);
        handler.configureInputJobProperties(tableDesc, jobProperties);

        JobConf job = new JobConf(conf);
        table.stringPropertyNames().forEach(key -> job.set(key, table.getProperty(key)));
        jobProperties.forEach(job::set);
        ExprNodeDesc residual = decomposed == null ? predicate : decomposed.residualPredicate;
        ExprNodeGenericFuncDesc pushed = decomposed == null ? null : decomposed.pushedPredicate;
        if (pushed != null) {
            job.set(TableScanDesc.FILTER_TEXT_CONF_STR, pushed.getExprString());
            job.set(TableScanDesc.FILTER_EXPR_CONF_STR, SerializationUtilities.serializeExpression(pushed));
            if (decomposed.pushedPredicateObject != null) {
                job.set(
                        TableScanDesc.FILTER_OBJECT_CONF_STR,
                        SerializationUtilities.serializeObject(decomposed.pushedPredicateObject));
            }
        }
        List<String> readColumns = readColumns(residual);
        List<String> columns = columns();
        ColumnProjectionUtils.appendReadColumns(
                job, readColumns.stream().map(columns::indexOf).toList(), readColumns, List.of(), false);
        FileInputFormat.setInputPaths(job, new Path(table.getProperty("location")));

        @SuppressWarnings("unchecked")
        InputFormat<?, ?> format = ReflectionUtils.newInstance(handler.getInputFormatClass(), job);
        InputSplit[] splits = format.getSplits(job, splitHint);
        List<byte[]> shipped = new ArrayList<>(splits.length);
        for (InputSplit split : splits) {
            shipped.add(serialize(split));
        }
        return new Plan(
                job,
                handler.getSerDeClass(),
                format,
                shipped,
                pushed == null ? "nothing" : pushed.getExprString(),
                residual == null ? "nothing" : residual.getExprString(),
                readColumns);
    }

    /** A task's job configuration: a copy of the planned one per task, made outside what is measured. */
    public static JobConf[] taskConfs(Plan plan) {
        JobConf[] confs = new JobConf[plan.splits().size()];
        for (int i = 0; i < confs.length; i++) {
            confs[i] = new JobConf(plan.job());
        }
        return confs;
    }

    /**
     * Every task of the plan in turn, each with its own job configuration of {@code confs}: reads its split from the
     * shipped bytes, initializes a new SerDe, opens the record reader and deserializes every row into {@code sink}.
     *
     * @return the number of rows read
     */
    public long runTasks(Plan plan, JobConf[] confs, Consumer<Object> sink) throws Exception {
        long rows = 0;
        for (int i = 0; i < confs.length; i++) {
            JobConf conf = confs[i];
            InputSplit split = deserialize(plan.splits().get(i), conf);
            AbstractSerDe serDe = ReflectionUtils.newInstance(plan.serDeClass(), conf);
            serDe.initialize(conf, table, null);
            rows += readAll(plan.inputFormat(), split, conf, serDe, sink);
        }
        return rows;
    }

    private static <K, V> long readAll(
            InputFormat<K, V> format, InputSplit split, JobConf conf, AbstractSerDe serDe, Consumer<Object> sink)
            throws Exception {
        long rows = 0;
        try (RecordReader<K, V> reader = format.getRecordReader(split, conf, new TestingReporter())) {
            K key = reader.createKey();
            V value = reader.createValue();
            while (reader.next(key, value)) {
                sink.accept(serDe.deserialize((Writable) value));
                rows++;
            }
        }
        return rows;
    }

    /** The columns Hive reads: the SELECT list, then the columns of the predicate it keeps, in table order. */
    private List<String> readColumns(ExprNodeDesc residual) {
        Set<String> wanted = new LinkedHashSet<>(selected);
        if (residual != null) {
            collectColumns(residual, wanted);
        }
        return columns().stream().filter(wanted::contains).toList();
    }

    private static void collectColumns(ExprNodeDesc expression, Set<String> into) {
        if (expression instanceof ExprNodeColumnDesc column) {
            into.add(column.getColumn());
        }
        if (expression.getChildren() != null) {
            expression.getChildren().forEach(child -> collectColumns(child, into));
        }
    }

    private List<String> columns() {
        String list = table.getProperty(serdeConstants.LIST_COLUMNS);
        if (list == null || list.isBlank()) {
            throw new IllegalArgumentException("the table properties lack '" + serdeConstants.LIST_COLUMNS + "'");
        }
        return Arrays.asList(list.split(","));
    }

    private static byte[] serialize(InputSplit split) throws IOException {
        DataOutputBuffer out = new DataOutputBuffer();
        out.writeUTF(split.getClass().getName());
        split.write(out);
        return Arrays.copyOf(out.getData(), out.getLength());
    }

    private static InputSplit deserialize(byte[] bytes, JobConf conf) throws IOException {
        DataInputBuffer in = new DataInputBuffer();
        in.reset(bytes, bytes.length);
        Class<? extends InputSplit> type;
        try {
            type = conf.getClassByName(in.readUTF()).asSubclass(InputSplit.class);
        } catch (ClassNotFoundException e) {
            throw new IOException("cannot load the split class", e);
        }
        InputSplit split = ReflectionUtils.newInstance(type, conf);
        split.readFields(in);
        return split;
    }

    /** {@code column <op> constant}, as Hive's planner builds it for a table scan's WHERE clause. */
    public static ExprNodeGenericFuncDesc compare(
            GenericUDF operator, String column, TypeInfo type, Object constant, String tableAlias) {
        return new ExprNodeGenericFuncDesc(
                TypeInfoFactory.booleanTypeInfo,
                operator,
                new ArrayList<>(List.of(
                        new ExprNodeColumnDesc(type, column, tableAlias, false),
                        new ExprNodeConstantDesc(type, constant))));
    }

    /**
     * Runs both methods of a setup benchmark class ({@code planning}, {@code taskSetupAndRead}) with the class's JMH
     * annotations (but a heap of {@value #FORK_HEAP}, the JVM options Hive needs and {@value #LOG_CONFIG}) and JMH parameters {@code params}, its forks given {@code systemProperties} (the server to use), and
     * prints each method's mean and error (99.9%) on one line.
     */
    public static void runJmh(Class<?> benchmark, Map<String, String> systemProperties, Map<String, String> params)
            throws RunnerException {
        List<String> jvmArgs = new ArrayList<>(List.of("-Xmx" + FORK_HEAP));
        jvmArgs.addAll(JvmOptions.hiveOpens());
        jvmArgs.add("-Dlog4j2.configurationFile=" + LOG_CONFIG);
        systemProperties.forEach((key, value) -> jvmArgs.add("-D" + key + "=" + value));
        OptionsBuilder options = new OptionsBuilder();
        options.include(Pattern.quote(benchmark.getName()) + "\\.").jvmArgsAppend(jvmArgs.toArray(String[]::new));
        params.forEach(options::param);
        Collection<RunResult> results = new Runner(options.build()).run();
        System.out.println();
        for (RunResult result : results) {
            Result<?> primary = result.getPrimaryResult();
            System.out.printf(
                    Locale.ROOT,
                    "== %s.%s: %.1f ± %.1f %s (mean ± error at 99.9%%; %d iterations, %.1f to %.1f)%n",
                    benchmark.getSimpleName(),
                    result.getParams()
                            .getBenchmark()
                            .substring(benchmark.getName().length() + 1),
                    primary.getScore(),
                    primary.getScoreError(),
                    primary.getScoreUnit(),
                    primary.getStatistics().getN(),
                    primary.getStatistics().getMin(),
                    primary.getStatistics().getMax());
        }
    }
}
