package io.hivenosql.api.hive;

import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.apache.hadoop.hive.ql.exec.vector.VectorAssignRow;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedBatchUtil;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspectorUtils.ObjectInspectorCopyOption;
import org.apache.hadoop.hive.serde2.objectinspector.StructObjectInspector;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfo;
import org.apache.hadoop.hive.serde2.typeinfo.TypeInfoUtils;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.Reporter;

/**
 * The two ways a vectorized Hive task can read a store's split, for the stores' microbenchmarks: the handler's
 * {@link NoSqlBatchReader}, and what Hive's {@code VectorMapOperator} does with a reader of rows
 * ({@code hive.vectorized.use.row.serde.deserialize}, the path of every store table before the handler filled batches):
 * each row from the {@link NoSqlRecordReader}, through the SerDe's row, copied to standard writable objects and
 * assigned into the batch by {@link VectorAssignRow}. Both hand each full batch to {@code sink}.
 */
public final class VectorizedReadPaths {
    private VectorizedReadPaths() {}

    /** The batch layout of a task that reads the request's projection of the table. */
    public static VectorizedRowBatchCtx batchContext(ReadRequest request) {
        TableMapping mapping = request.table().mapping();
        String[] names = new String[mapping.size()];
        TypeInfo[] types = new TypeInfo[mapping.size()];
        for (int i = 0; i < names.length; i++) {
            ColumnMapping column = mapping.column(i);
            names[i] = column.name();
            types[i] = TypeInfoUtils.getTypeInfoFromTypeString(column.type().typeName());
        }
        int[] dataColumns =
                request.projection().stream().mapToInt(Integer::intValue).toArray();
        return new VectorizedRowBatchCtx(names, types, null, dataColumns, 0, 0, null, new String[0], null);
    }

    /** The handler's vectorized reader; returns the rows read. */
    public static long batches(ReadRequest request, RecordSource source, Consumer<VectorizedRowBatch> sink)
            throws IOException {
        VectorizedRowBatchCtx context = batchContext(request);
        long rows = 0;
        try (NoSqlBatchReader reader = new NoSqlBatchReader(request, source, context, Reporter.NULL, "bench")) {
            VectorizedRowBatch batch = reader.createValue();
            while (reader.next(NullWritable.get(), batch)) {
                sink.accept(batch);
                rows += batch.size;
            }
        }
        return rows;
    }

    /** Rows deserialized into batches, as Hive's VectorMapOperator does with a row reader; returns the rows read. */
    public static long rowsIntoBatches(ReadRequest request, RecordSource source, Consumer<VectorizedRowBatch> sink)
            throws IOException {
        VectorizedRowBatchCtx context = batchContext(request);
        VectorizedRowBatch batch = context.createVectorizedRowBatch();
        StructObjectInspector rowInspector =
                HiveValues.rowObjectInspector(request.table().mapping());
        int columns = request.table().mapping().size();
        boolean[] included = new boolean[columns];
        request.projection().forEach(column -> included[column] = true);
        // as VectorMapOperator's row-deserialize context: only the included columns, no type conversion
        VectorAssignRow assign = new VectorAssignRow();
        assign.initConversion(context.getRowColumnTypeInfos(), context.getRowColumnTypeInfos(), included);
        long rows = 0;
        NoSqlRecordReader reader = new NoSqlRecordReader(request, source, Reporter.NULL, "bench");
        try {
            RowWritable row = reader.createValue();
            while (reader.next(NullWritable.get(), row)) {
                List<Object> standard = new ArrayList<>(columns);
                ObjectInspectorUtils.copyToStandardObject(
                        standard, row.values(), rowInspector, ObjectInspectorCopyOption.WRITABLE);
                assign.assignRow(batch, batch.size++, standard, columns);
                if (batch.size == batch.getMaxSize()) {
                    rows += flush(batch, sink);
                }
            }
            rows += flush(batch, sink);
        } finally {
            reader.close();
        }
        return rows;
    }

    private static int flush(VectorizedRowBatch batch, Consumer<VectorizedRowBatch> sink) {
        int size = batch.size;
        if (size > 0) {
            sink.accept(batch);
            VectorizedBatchUtil.resetNonPartitionColumns(batch);
            batch.size = 0;
        }
        return size;
    }
}
