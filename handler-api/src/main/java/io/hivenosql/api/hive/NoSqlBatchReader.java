package io.hivenosql.api.hive;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.NoSqlTableProperties;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import java.io.IOException;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatchCtx;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.mapred.RecordReader;
import org.apache.hadoop.mapred.Reporter;

/**
 * Reads one split of a store in a vectorized task: fills Hive's {@link VectorizedRowBatch} with the projected columns
 * of up to a batch of records at a time, straight from the connector's {@link RecordSource} into the column vectors
 * ({@link ColumnVectorFill}), with no Hive row object, SerDe or per-row operator call in between. The record loop is
 * the row reader's ({@link RowReader}: the bad-record policy, cancellation, counters and the log line at close), so a
 * vectorized task reads exactly the rows and values a fetch task reads.
 *
 * <p>By default a thread of the reader fills the batches a few ahead of the task ({@link BatchReadAhead},
 * {@code nosql.read.vectorized.read-ahead}), so that reading and decoding the store's records overlaps Hive's work on
 * the batch before.
 *
 * <p>A count with no column read ({@code count(*)}) gets batches that carry only their size; the store's count of the
 * split's records ({@link CountedRecords}) stands in for its records where it can count them.
 */
final class NoSqlBatchReader implements RecordReader<NullWritable, VectorizedRowBatch> {
    private final VectorizedRowBatchCtx context;
    private final BatchRows rows;
    /** The thread that fills batches ahead of the task; null when the task's thread fills each batch. */
    private final BatchReadAhead readAhead;

    NoSqlBatchReader(
            ReadRequest request,
            RecordSource source,
            VectorizedRowBatchCtx context,
            Reporter reporter,
            String splitDescription)
            throws IOException {
        this.context = requireNonNull(context, "context is null");
        ColumnVectorFill fill = new ColumnVectorFill(
                request.table().tableName(), request.table().mapping(), context);
        this.rows = new BatchRows(request, source, fill, reporter, splitDescription);
        int depth = request.table().config().get(NoSqlTableProperties.READ_AHEAD_BATCHES);
        this.readAhead = depth == 0 || rows.counted
                ? null
                : new BatchReadAhead(
                        rows::fill,
                        context::createVectorizedRowBatch,
                        context.getDataColumnCount(),
                        depth,
                        "table " + request.table().tableName() + ", split " + splitDescription);
    }

    @Override
    public boolean next(NullWritable key, VectorizedRowBatch batch) throws IOException {
        // Hive may hand a batch another reader filled (grouped splits share one value)
        resetNonPartitionColumns(batch);
        batch.selectedInUse = false;
        batch.size = readAhead == null ? rows.fill(batch) : readAhead.next(batch);
        return batch.size > 0;
    }

    /**
     * Resets the data and scratch columns and keeps the partition columns, which Hive fills once per split (Hive 4's
     * {@code VectorizedBatchUtil.resetNonPartitionColumns}, which Hive 3 lacks).
     */
    static void resetNonPartitionColumns(VectorizedRowBatch batch) {
        int partitionStart = batch.getDataColumnCount();
        int partitionEnd = partitionStart + batch.getPartitionColumnCount();
        for (int i = 0; i < batch.cols.length; i++) {
            if ((i < partitionStart || i >= partitionEnd) && batch.cols[i] != null) {
                batch.cols[i].reset();
            }
        }
    }

    @Override
    public NullWritable createKey() {
        return NullWritable.get();
    }

    @Override
    public VectorizedRowBatch createValue() {
        return context.createVectorizedRowBatch();
    }

    @Override
    public long getPos() throws IOException {
        return rows.getPos();
    }

    @Override
    public float getProgress() throws IOException {
        return rows.getProgress();
    }

    @Override
    public void close() throws IOException {
        if (readAhead == null) {
            rows.close();
        } else {
            readAhead.close(rows::close);
        }
    }

    /** The row loop, each record's values put into the batch's next row instead of a row array. */
    private static final class BatchRows extends RowReader<NullWritable> {
        private final ColumnVectorFill fill;
        /** The array {@link RowReader#next} passes to {@link #put}; unused, values go to the batch. */
        private final RowWritable unused;

        /** Whether the records are the store's count ({@link CountedRecords}): no value is read. */
        private final boolean counted;

        private int row;

        BatchRows(
                ReadRequest request,
                RecordSource source,
                ColumnVectorFill fill,
                Reporter reporter,
                String splitDescription) {
            super(request, source, reporter, splitDescription);
            this.fill = fill;
            this.unused = createValue();
            this.counted = source instanceof CountedRecords;
        }

        /** Fills the batch with the next records; returns how many (0 at the end of the split). */
        int fill(VectorizedRowBatch batch) throws IOException {
            fill.fill(batch);
            row = 0;
            int capacity = batch.getMaxSize();
            while (row < capacity && next(NullWritable.get(), unused)) {
                row++;
            }
            return row;
        }

        @Override
        protected void put(Object[] ignored, int column, Object neutral) {
            fill.put(row, column, neutral);
        }

        @Override
        public NullWritable createKey() {
            return NullWritable.get();
        }

        @Override
        protected String readSummary(long records) {
            return counted
                    ? "counted " + records + " records into batches that carry only their size"
                    : "read " + records + " records into column vectors";
        }
    }
}
