package io.hivenosql.cassandra;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.DefaultConsistencyLevel;

/** The consistency levels a table property may name, written in lower case with '-' (e.g. {@code local-quorum}). */
public enum CassandraConsistency {
    ANY(DefaultConsistencyLevel.ANY),
    ONE(DefaultConsistencyLevel.ONE),
    TWO(DefaultConsistencyLevel.TWO),
    THREE(DefaultConsistencyLevel.THREE),
    QUORUM(DefaultConsistencyLevel.QUORUM),
    ALL(DefaultConsistencyLevel.ALL),
    LOCAL_ONE(DefaultConsistencyLevel.LOCAL_ONE),
    LOCAL_QUORUM(DefaultConsistencyLevel.LOCAL_QUORUM),
    EACH_QUORUM(DefaultConsistencyLevel.EACH_QUORUM);

    private final ConsistencyLevel level;

    CassandraConsistency(ConsistencyLevel level) {
        this.level = level;
    }

    public ConsistencyLevel level() {
        return level;
    }
}
