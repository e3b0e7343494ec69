package io.hivenosql.sandbox.hive;

import org.apache.hadoop.hive.ql.hooks.ExecuteWithHookContext;
import org.apache.hadoop.hive.ql.hooks.HookContext;
import org.apache.hadoop.hive.ql.io.IOContextMap;

/**
 * A pre-execution hook for local mode: clears Hive's JVM-global per-input I/O contexts before each query.
 *
 * <p>Hive keys a task's {@code IOContext} by input name ("Map 1") in a JVM-global map that Tez never clears. When a
 * record reader throws, Hive marks the context with "I/O exceptions", and every later map task that gets the same
 * context closes as aborted and silently drops its output. On a cluster each task JVM starts clean; in local mode
 * every task of every query shares the HiveServer2 JVM, so one failed scan would empty the results of all later
 * queries. Tasks that already hold their context keep it, so running queries are not affected.
 */
public final class LocalTaskStateReset implements ExecuteWithHookContext {
    @Override
    public void run(HookContext hookContext) {
        IOContextMap.clear();
    }
}
