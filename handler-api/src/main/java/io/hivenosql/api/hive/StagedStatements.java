package io.hivenosql.api.hive;

import io.hivenosql.api.dml.StatementCommit;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.PlannedSpellings;
import java.io.IOException;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The commit of a DELETE, UPDATE or MERGE statement in HiveServer2: applies, or discards, what its tasks staged. */
final class StagedStatements {
    private static final Logger LOG = LoggerFactory.getLogger(StagedStatements.class);

    private StagedStatements() {}

    /** Applies the statement's staged changes to the table, if it staged any (it is a DELETE, UPDATE or MERGE). */
    static void apply(NoSqlConnector connector, TableContext table, Configuration conf, String queryId)
            throws IOException {
        Optional<Path> directory = RowLevelDml.stagingDirectory(conf, queryId, table.tableName());
        if (directory.isEmpty()) {
            return;
        }
        long started = System.nanoTime();
        // upserted rows are written with the field spellings the store uses, as an INSERT's tasks write them
        StatementCommit.Outcome outcome = StatementCommit.apply(
                connector,
                table,
                directory.get().getFileSystem(conf),
                directory.get(),
                upserted -> PlannedSpellings.shared().resolve(connector, upserted, conf));
        if (outcome.applied()) {
            LOG.info(
                    "table {}: query {} deleted {} and upserted {} records in {} ms",
                    table.tableName(),
                    queryId,
                    outcome.deleted(),
                    outcome.upserted(),
                    (System.nanoTime() - started) / 1_000_000);
        }
    }

    /** Deletes what the statement staged for the table, if anything. */
    static void discard(TableContext table, Configuration conf, String queryId) throws IOException {
        Optional<Path> directory = RowLevelDml.stagingDirectory(conf, queryId, table.tableName());
        if (directory.isPresent()) {
            StatementCommit.discard(directory.get().getFileSystem(conf), directory.get());
        }
    }
}
