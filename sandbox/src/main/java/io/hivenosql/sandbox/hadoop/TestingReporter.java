package io.hivenosql.sandbox.hadoop;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.mapred.Counters;
import org.apache.hadoop.mapred.InputSplit;
import org.apache.hadoop.mapred.Reporter;

/** A task reporter that keeps the counters it is given, as a task's counters would, for tests of readers and writers. */
public final class TestingReporter implements Reporter {
    private final Map<String, Long> counters = new ConcurrentHashMap<>();

    /** The counter's total so far (0 when never incremented), e.g. {@code counter("HIVE_NOSQL", RECORDS_READ)}. */
    public long counter(String group, Enum<?> counter) {
        return counters.getOrDefault(group + ":" + counter.name(), 0L);
    }

    @Override
    public void incrCounter(String group, String counter, long amount) {
        counters.merge(group + ":" + counter, amount, Long::sum);
    }

    @Override
    public void incrCounter(Enum<?> key, long amount) {
        incrCounter(key.getDeclaringClass().getName(), key.name(), amount);
    }

    @Override
    public Counters.Counter getCounter(Enum<?> name) {
        return null;
    }

    @Override
    public Counters.Counter getCounter(String group, String name) {
        return null;
    }

    @Override
    public void setStatus(String status) {}

    @Override
    public InputSplit getInputSplit() {
        throw new UnsupportedOperationException("no split");
    }

    @Override
    public float getProgress() {
        return 0;
    }

    @Override
    public void progress() {}
}
