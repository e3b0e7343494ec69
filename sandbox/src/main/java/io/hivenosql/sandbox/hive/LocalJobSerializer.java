package io.hivenosql.sandbox.hive;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.hive.ql.QueryPlan;
import org.apache.hadoop.hive.ql.exec.Utilities;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHook;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHookContext;
import org.apache.hadoop.hive.ql.io.IOContextMap;

/**
 * A query lifetime hook for local mode: runs the jobs (Tez DAGs, MapReduce jobs) of one query at a time, and starts each
 * with fresh per-input I/O state.
 *
 * <p>In local mode every task of every query runs inside HiveServer2, and Hive 4.0.1 keeps a map task's
 * {@code IOContext} (the path of the split being read, and whether its reader threw) in a JVM-wide map keyed by the
 * vertex's input name ({@code IOContextMap}; only LLAP keeps one per task attempt). Concurrent DAGs of different
 * sessions all have a "Map 1", so they shared one context: a map task saw another session's split path and failed with
 * {@code Invalid input path} naming the other session's table, or with a {@code NullPointerException} in
 * {@code AbstractMapOperator.getNominalPath} when the map was cleared under it; and a reader that threw in one query
 * marked the shared context, so that another query's map task closed as aborted and silently dropped its output. On a
 * cluster each task runs in its own container JVM and none of this can happen.
 *
 * <p>So a query that runs jobs waits here until no other query's jobs run (in arrival order), and clears the map before
 * its own start; compiling, DDL and fetch tasks still run concurrently. The lock is released when the query's execution
 * ends, however it ends.
 */
public final class LocalJobSerializer implements QueryLifeTimeHook {
    private static final ReentrantLock JOBS = new ReentrantLock(true);
    private static final Set<String> HOLDERS = ConcurrentHashMap.newKeySet();

    @Override
    public void beforeCompile(QueryLifeTimeHookContext context) {}

    @Override
    public void afterCompile(QueryLifeTimeHookContext context, boolean hasError) {}

    @Override
    public void beforeExecution(QueryLifeTimeHookContext context) {
        QueryPlan plan = plan(context);
        if (plan == null || !runsJobs(plan)) {
            return;
        }
        try {
            JOBS.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "query " + plan.getQueryId() + " was cancelled while it waited for other sessions' queries (the "
                            + "sandbox's local mode runs the jobs of one query at a time)",
                    e);
        }
        HOLDERS.add(plan.getQueryId());
        IOContextMap.clear();
    }

    @Override
    public void afterExecution(QueryLifeTimeHookContext context, boolean hasError) {
        QueryPlan plan = plan(context);
        // Hive runs both calls on the query's thread; a nested query without jobs must not release its parent's lock
        if (plan != null && HOLDERS.remove(plan.getQueryId()) && JOBS.isHeldByCurrentThread()) {
            JOBS.unlock();
        }
    }

    /** Whether a query's plan runs Tez DAGs or MapReduce jobs (rather than only DDL, moves or a fetch task). */
    static boolean runsJobs(QueryPlan plan) {
        return Utilities.getNumClusterJobs(plan.getRootTasks()) > 0;
    }

    private static QueryPlan plan(QueryLifeTimeHookContext context) {
        HookContext hookContext = context.getHookContext();
        return hookContext == null ? null : hookContext.getQueryPlan();
    }
}
