package io.hivenosql.compat.hive3.inhive;

import java.util.concurrent.locks.ReentrantLock;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHook;
import org.apache.hadoop.hive.ql.hooks.QueryLifeTimeHookContext;
import org.apache.hadoop.hive.ql.io.IOContextMap;

/**
 * A query lifetime hook for HiveServer2 3.1.3 in local mode (the sandbox's {@code --hive 3.1.3}): runs one query at a
 * time, each with fresh per-input I/O state. Hive keeps a map task's {@code IOContext} in a JVM-wide map keyed by the
 * vertex's input name ({@code IOContextMap}): in local mode every task of every query runs in HiveServer2's JVM, so a
 * reader that threw in one query marked the context that the next query's "Map 1" found, and that map task closed as
 * aborted: its FileSink discarded what it had written and the query reported success (seen with a bad-record failure
 * followed by an INSERT). On a cluster each task runs in a container of its own. The sandbox's Hive 4 server has the
 * same hook, which runs only queries with jobs one at a time (Hive 3's plan API differs).
 */
public final class LocalQueries implements QueryLifeTimeHook {
    private static final ReentrantLock QUERIES = new ReentrantLock(true);

    @Override
    public void beforeCompile(QueryLifeTimeHookContext context) {}

    @Override
    public void afterCompile(QueryLifeTimeHookContext context, boolean hasError) {}

    @Override
    public void beforeExecution(QueryLifeTimeHookContext context) {
        try {
            QUERIES.lockInterruptibly();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(
                    "a query was cancelled while it waited for another session's query (the "
                            + "sandbox's local mode runs one query at a time)",
                    e);
        }
        IOContextMap.clear();
    }

    @Override
    public void afterExecution(QueryLifeTimeHookContext context, boolean hasError) {
        if (QUERIES.isHeldByCurrentThread()) {
            QUERIES.unlock();
        }
    }
}
