package io.hivenosql.api.error;

/** Who has to act on an error: the user (bad DDL or data), the store (unreachable, failing) or us (a bug). */
public enum ErrorCategory {
    USER,
    EXTERNAL,
    INTERNAL
}
