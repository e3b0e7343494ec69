package io.hivenosql.bench;

/** A query of the suite failed or gave output the suite cannot read: the run stops, naming the query and target. */
public final class QueryFailedException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public QueryFailedException(String message) {
        super(message);
    }
}
