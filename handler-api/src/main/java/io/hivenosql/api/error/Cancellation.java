package io.hivenosql.api.error;

import static java.util.Objects.requireNonNull;

import java.io.InterruptedIOException;

/**
 * How handler work notices a cancelled query. HiveServer2 cancels a query (JDBC {@code Statement.cancel()}, a closed
 * session, a timeout) by interrupting the threads that run it or closing the readers of its fetch, and Tez or
 * MapReduce kill a task by interrupting it: long loops check the interrupt flag here and stop, and blocking waits turn
 * {@link InterruptedException} into these errors. The flag stays set, so that Hive's own code sees the interrupt too.
 */
public final class Cancellation {
    private Cancellation() {}

    /**
     * @throws HandlerException ({@code HNS-142 QUERY_CANCELLED}) when the current thread has been interrupted
     */
    public static void check(String doing) {
        if (Thread.currentThread().isInterrupted()) {
            throw cancelled(doing + " (the thread was interrupted)");
        }
    }

    /** The error of work stopped because its query was cancelled, e.g. {@code "reading table db.t"}. */
    public static HandlerException cancelled(String doing) {
        requireNonNull(doing, "doing is null");
        return new HandlerException(
                HandlerErrorCode.QUERY_CANCELLED, "the query was cancelled while " + doing + "; the handler stopped");
    }

    /**
     * The I/O error a reader or writer throws when its thread is interrupted (a cancelled query or a killed task); it
     * sets the interrupt flag again, which catching {@link InterruptedException} cleared.
     */
    public static InterruptedIOException interrupted(String doing) {
        Thread.currentThread().interrupt();
        return stopped(doing + " (the thread was interrupted)");
    }

    /**
     * The I/O error a reader throws when its query was cancelled without interrupting it: HiveServer2 closed the reader
     * or the query's driver from another thread; {@code doing} says which, e.g. {@code "reading table db.t (the reader
     * was closed)"}.
     */
    public static InterruptedIOException stopped(String doing) {
        HandlerException error = cancelled(doing);
        InterruptedIOException exception = new InterruptedIOException(error.getMessage());
        exception.initCause(error);
        return exception;
    }
}
