package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.ql.exec.vector.ColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.LongColumnVector;
import org.apache.hadoop.hive.ql.exec.vector.VectorizedRowBatch;
import org.junit.jupiter.api.Test;

/**
 * The read-ahead hands the task every batch its thread filled, in order, by swapping column vectors (never the task's
 * scratch columns), reports the read's failure at the batch where it happened, and stops its thread on close.
 */
class TestBatchReadAhead {
    private static final int BATCH = 4;

    /** A batch of 2 data columns (the second not read by the query: no vector) and 1 scratch column. */
    private static VectorizedRowBatch newBatch() {
        VectorizedRowBatch batch = new VectorizedRowBatch(3, BATCH);
        batch.cols[0] = new LongColumnVector(BATCH);
        batch.cols[2] = new LongColumnVector(BATCH);
        batch.setPartitionInfo(2, 0);
        return batch;
    }

    /** Fills column 0 with 0, 1, 2, ... up to {@code rows} values, then ends. */
    private static final class Counting implements BatchReadAhead.Filler {
        private final int rows;
        private final List<String> threads = new ArrayList<>();
        private int next;

        Counting(int rows) {
            this.rows = rows;
        }

        @Override
        public int fill(VectorizedRowBatch batch) {
            threads.add(Thread.currentThread().getName());
            int size = 0;
            LongColumnVector values = (LongColumnVector) batch.cols[0];
            while (size < BATCH && next < rows) {
                values.vector[size++] = next++;
            }
            return size;
        }
    }

    @Test
    void theTaskGetsEveryRowInOrderFromTheReadAheadThread() throws IOException {
        Counting filler = new Counting(10);
        BatchReadAhead readAhead = new BatchReadAhead(filler, TestBatchReadAhead::newBatch, 2, 2, "t, split 0");
        VectorizedRowBatch task = newBatch();
        ColumnVector scratch = task.cols[2];
        List<Long> read = new ArrayList<>();
        List<Integer> sizes = new ArrayList<>();
        int size;
        while ((size = readAhead.next(task)) > 0) {
            sizes.add(size);
            assertThat(task.size).isEqualTo(size);
            for (int i = 0; i < size; i++) {
                read.add(((LongColumnVector) task.cols[0]).vector[i]);
            }
            assertThat(task.cols[2])
                    .as("the task's scratch column stays its own")
                    .isSameAs(scratch);
            assertThat(task.cols[1])
                    .as("a column the query does not read gets no vector")
                    .isNull();
        }
        assertThat(readAhead.next(task)).as("the end stays the end").isZero();
        readAhead.close(() -> {});

        assertThat(sizes).containsExactly(4, 4, 2);
        assertThat(read).containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L);
        assertThat(filler.threads).allMatch(name -> name.startsWith("hive-nosql batch read-ahead: t, split 0"));
    }

    @Test
    void swappedVectorsAreResetBeforeTheyAreFilledAgain() throws IOException {
        // the filler marks a NULL in the first row of the first batch only: a later batch must not keep it
        AtomicInteger calls = new AtomicInteger();
        BatchReadAhead.Filler filler = batch -> {
            int call = calls.getAndIncrement();
            if (call >= 6) {
                return 0;
            }
            LongColumnVector values = (LongColumnVector) batch.cols[0];
            if (call == 0) {
                values.noNulls = false;
                values.isNull[0] = true;
            }
            values.vector[0] = call;
            return 1;
        };
        BatchReadAhead readAhead = new BatchReadAhead(filler, TestBatchReadAhead::newBatch, 2, 1, "t, split 1");
        VectorizedRowBatch task = newBatch();
        List<Boolean> nulls = new ArrayList<>();
        while (readAhead.next(task) > 0) {
            LongColumnVector values = (LongColumnVector) task.cols[0];
            nulls.add(!values.noNulls && values.isNull[0]);
        }
        readAhead.close(() -> {});
        assertThat(nulls).containsExactly(true, false, false, false, false, false);
    }

    @Test
    void aFailureReachesTheTaskAfterTheBatchesFilledBeforeIt() throws IOException {
        AtomicInteger calls = new AtomicInteger();
        BatchReadAhead.Filler filler = batch -> {
            if (calls.getAndIncrement() == 2) {
                throw new IOException("table t, key 'k9', column 'age' (path 'age'): 'x' is not an int");
            }
            ((LongColumnVector) batch.cols[0]).vector[0] = 1;
            return 1;
        };
        BatchReadAhead readAhead = new BatchReadAhead(filler, TestBatchReadAhead::newBatch, 2, 2, "t, split 2");
        VectorizedRowBatch task = newBatch();
        assertThat(readAhead.next(task)).isEqualTo(1);
        assertThat(readAhead.next(task)).isEqualTo(1);
        assertThatThrownBy(() -> readAhead.next(task))
                .isInstanceOf(IOException.class)
                .hasMessage("table t, key 'k9', column 'age' (path 'age'): 'x' is not an int");
        readAhead.close(() -> {});
    }

    @Test
    void closingATaskThatStopsEarlyStopsTheThreadBeforeTheInputIsReleased() throws Exception {
        Counting endless = new Counting(Integer.MAX_VALUE);
        BatchReadAhead readAhead = new BatchReadAhead(endless, TestBatchReadAhead::newBatch, 2, 1, "t, split 3");
        VectorizedRowBatch task = newBatch();
        assertThat(readAhead.next(task)).isEqualTo(BATCH); // a LIMIT: the task reads one batch and closes
        List<Boolean> fillerAliveAtRelease = new ArrayList<>();
        readAhead.close(() -> fillerAliveAtRelease.add(readAheadThreadAlive()));
        assertThat(fillerAliveAtRelease).containsExactly(false);
    }

    @Test
    void aKilledTaskWaitingForABatchIsInterrupted() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        BatchReadAhead.Filler blocked = batch -> {
            try {
                never.await();
            } catch (InterruptedException e) {
                throw new InterruptedIOException("filler interrupted");
            }
            return 0;
        };
        BatchReadAhead readAhead = new BatchReadAhead(blocked, TestBatchReadAhead::newBatch, 2, 1, "t, split 4");
        ExecutorService task = Executors.newSingleThreadExecutor();
        try {
            Future<Integer> waiting = task.submit(() -> readAhead.next(newBatch()));
            Thread.sleep(100);
            task.shutdownNow(); // what Tez does to a killed task's thread
            assertThatThrownBy(waiting::get).hasCauseInstanceOf(InterruptedIOException.class);
            assertThat(task.awaitTermination(10, TimeUnit.SECONDS)).isTrue();
        } finally {
            readAhead.close(() -> {});
        }
        assertThat(readAheadThreadAlive()).isFalse();
    }

    private static boolean readAheadThreadAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().startsWith("hive-nosql batch read-ahead") && thread.isAlive());
    }
}
