package io.hivenosql.it;

import java.util.concurrent.atomic.AtomicInteger;
import org.apache.hadoop.hive.ql.exec.MapredContext;
import org.apache.hadoop.hive.ql.exec.UDFArgumentException;
import org.apache.hadoop.hive.ql.metadata.HiveException;
import org.apache.hadoop.hive.ql.udf.UDFType;
import org.apache.hadoop.hive.ql.udf.generic.GenericUDF;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.PrimitiveObjectInspector;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorFactory;
import org.apache.hadoop.hive.serde2.objectinspector.primitive.PrimitiveObjectInspectorUtils;

/**
 * {@code fail_attempt(value, rows, attempts)}: returns {@code value} (a bigint), and throws once the task attempt has
 * passed {@code rows} rows when its attempt number is below {@code attempts} (1: only the first attempt fails; a large
 * number: every attempt fails). The attempt number is read from the task's job configuration as Hive's Tez processor
 * sets it, the key the MongoDB writer reads. A test class served to the in-process HiveServer2 as a temporary
 * function: the tasks of Tez's local mode run in the test JVM, so {@link #attemptsSeen} counts them.
 */
@UDFType(deterministic = false)
public final class FailingAttemptUdf extends GenericUDF {
    /** The highest attempt number of any task that ran the function, -1 before any. */
    static final AtomicInteger HIGHEST_ATTEMPT = new AtomicInteger(-1);

    private PrimitiveObjectInspector[] inspectors;
    private int attempt = -1;
    private long rows;

    static void reset() {
        HIGHEST_ATTEMPT.set(-1);
    }

    static int attemptsSeen() {
        return HIGHEST_ATTEMPT.get() + 1;
    }

    @Override
    public void configure(MapredContext context) {
        attempt = context.getJobConf().getInt("hive.tez.task.attempt.number", -1);
        HIGHEST_ATTEMPT.accumulateAndGet(attempt, Math::max);
    }

    @Override
    public ObjectInspector initialize(ObjectInspector[] arguments) throws UDFArgumentException {
        if (arguments.length != 3) {
            throw new UDFArgumentException("fail_attempt(bigint value, int rows, int attempts)");
        }
        inspectors = new PrimitiveObjectInspector[3];
        for (int i = 0; i < 3; i++) {
            if (!(arguments[i] instanceof PrimitiveObjectInspector primitive)) {
                throw new UDFArgumentException("fail_attempt(bigint value, int rows, int attempts)");
            }
            inspectors[i] = primitive;
        }
        return PrimitiveObjectInspectorFactory.javaLongObjectInspector;
    }

    @Override
    public Object evaluate(DeferredObject[] arguments) throws HiveException {
        long limit = PrimitiveObjectInspectorUtils.getLong(arguments[1].get(), inspectors[1]);
        long failingAttempts = PrimitiveObjectInspectorUtils.getLong(arguments[2].get(), inspectors[2]);
        if (attempt < 0) {
            throw new HiveException("fail_attempt: no task attempt number in the job configuration");
        }
        if (attempt < failingAttempts && ++rows > limit) {
            throw new HiveException("fail_attempt: attempt " + attempt + " fails after " + limit + " rows");
        }
        Object v = arguments[0].get();
        return v == null ? null : PrimitiveObjectInspectorUtils.getLong(v, inspectors[0]);
    }

    @Override
    public String getDisplayString(String[] children) {
        return "fail_attempt(" + String.join(", ", children) + ")";
    }
}
