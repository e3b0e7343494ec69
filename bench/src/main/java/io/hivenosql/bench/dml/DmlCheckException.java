package io.hivenosql.bench.dml;

/** A store table that does not hold what a statement says it should: the run fails. */
public final class DmlCheckException extends IllegalStateException {
    public DmlCheckException(String message) {
        super(message);
    }
}
