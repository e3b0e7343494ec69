package io.hivenosql.bench.failover;

import static java.util.Objects.requireNonNull;

/**
 * One request of the failover workload as a client saw it: when it started and ended ({@link System#nanoTime()}), and
 * how it ended.
 *
 * @param index the request's number in the run (0 to requests - 1), which fixes its type and parameters
 * @param client the client thread that ran it
 * @param detail the error message of a failed request, what was wrong with a wrong result, else empty
 */
public record RequestRecord(
        int index, RequestType type, int client, long startNanos, long endNanos, Outcome outcome, String detail) {
    /** How a request ended. */
    public enum Outcome {
        /** It succeeded, and a read returned exactly the rows it must. */
        OK,
        /** It succeeded but returned a wrong result: a row it must return missing, a key twice, a wrong value. */
        WRONG,
        /** It failed because of the node loss: the error names an unreachable store or replica, a lost connection. */
        FAILED_NODE_LOSS,
        /** It failed for another reason. */
        FAILED_OTHER;

        public boolean failed() {
            return this == FAILED_NODE_LOSS || this == FAILED_OTHER;
        }
    }

    public RequestRecord {
        requireNonNull(type, "type is null");
        requireNonNull(outcome, "outcome is null");
        requireNonNull(detail, "detail is null");
        if (index < 0 || client < 0) {
            throw new IllegalArgumentException("index and client must be >= 0");
        }
        if (endNanos < startNanos) {
            throw new IllegalArgumentException("request " + index + " ends before it starts");
        }
    }

    public long latencyNanos() {
        return endNanos - startNanos;
    }
}
