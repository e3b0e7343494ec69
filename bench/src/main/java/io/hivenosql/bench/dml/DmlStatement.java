package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.TpchTables;

/** One HiveQL statement of the workload and the table it changes. */
public record DmlStatement(TpchTables table, String sql) {
    public DmlStatement {
        requireNonNull(table, "table is null");
        requireNonNull(sql, "sql is null");
    }
}
