package io.hivenosql.api.dml;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.DataType;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies what a DELETE, UPDATE or MERGE statement staged for a table, in HiveServer2 once the statement's tasks have
 * all succeeded: its net effect, which depends neither on the order in which its branches ran nor on retried attempts.
 *
 * <ul>
 *   <li>A key the statement upserts is upserted: the record takes the new row's values, whether or not the statement
 *       also deleted the key (the delete half of an UPDATE, or of a MERGE's update, is then void).
 *   <li>A key the statement only deletes is deleted.
 *   <li>A key upserted twice with different rows (two source rows of a MERGE inserting the same new key) fails the
 *       statement before anything is written: the store holds one record per key.
 * </ul>
 *
 * <p>Every file staged by an attempt whose writer closed counts: the attempts of one task stage the same changes, and
 * each key is applied once. Upserts go first, then deletes: they touch different keys, so their order does not change
 * the result, and a row the store refuses fails the statement before the old record of a moved row is deleted. The
 * staging directory is deleted afterwards. Hive calls the commit once per branch: the first call applies everything, the
 * others find nothing left.
 */
public final class StatementCommit {
    private static final Logger LOG = LoggerFactory.getLogger(StatementCommit.class);
    private static final Map<Path, Object> LOCKS = new ConcurrentHashMap<>();

    private StatementCommit() {}

    /** How many keys a commit deleted and how many rows it upserted; {@code applied} false when nothing was staged. */
    public record Outcome(boolean applied, long deleted, long upserted) {
        static final Outcome NOTHING = new Outcome(false, 0, 0);
    }

    /** The table as the rows are upserted into it (with the field spellings its store uses), asked only when needed. */
    @FunctionalInterface
    public interface UpsertTable {
        TableContext resolve(TableContext table) throws IOException;
    }

    /** Applies the changes staged in {@code directory}, then deletes it. */
    public static Outcome apply(NoSqlConnector connector, TableContext table, FileSystem fs, Path directory)
            throws IOException {
        return apply(connector, table, fs, directory, resolved -> resolved);
    }

    /** {@link #apply(NoSqlConnector, TableContext, FileSystem, Path)}, upserting into {@code upsertTable}'s table. */
    public static Outcome apply(
            NoSqlConnector connector, TableContext table, FileSystem fs, Path directory, UpsertTable upsertTable)
            throws IOException {
        synchronized (LOCKS.computeIfAbsent(directory, d -> new Object())) {
            try {
                List<StagedFile> files = StagedChanges.list(fs, directory);
                if (files.isEmpty()) {
                    return fs.exists(directory) ? finish(fs, directory, new Outcome(true, 0, 0)) : Outcome.NOTHING;
                }
                return finish(fs, directory, applyFiles(connector, table, fs, directory, files, upsertTable));
            } finally {
                LOCKS.remove(directory);
            }
        }
    }

    /** Deletes what a failed statement staged. */
    public static void discard(FileSystem fs, Path directory) throws IOException {
        if (fs.exists(directory)) {
            fs.delete(directory, true);
        }
    }

    private static Outcome finish(FileSystem fs, Path directory, Outcome outcome) throws IOException {
        fs.delete(directory, true);
        return outcome;
    }

    private static Outcome applyFiles(
            NoSqlConnector connector,
            TableContext table,
            FileSystem fs,
            Path directory,
            List<StagedFile> files,
            UpsertTable upsertTable)
            throws IOException {
        TableMapping mapping = table.mapping();
        int[] keyIndexes = keyIndexes(mapping);
        List<DataType> rowTypes =
                mapping.columns().stream().map(ColumnMapping::type).toList();
        List<DataType> keyTypes = Arrays.stream(keyIndexes)
                .mapToObj(i -> mapping.column(i).type())
                .toList();
        // the keys the statement upserts, each with its row's hash: a key twice with different rows fails it
        Map<Key, Integer> upserted = new HashMap<>();
        for (StagedFile file : of(files, RowChange.UPSERT)) {
            StagedChanges.read(fs, new Path(directory, file.name()), RowChange.UPSERT, rowTypes, row -> {
                Key key = Key.of(row, keyIndexes);
                int nullKey = key.values().indexOf(null);
                if (nullKey >= 0) {
                    throw new HandlerException(
                            HandlerErrorCode.NULL_KEY,
                            "table " + table.tableName() + ": the statement writes a row whose key column '"
                                    + mapping.column(keyIndexes[nullKey]).name() + "' is NULL, which no record of the "
                                    + "store can have; nothing was changed. Filter such rows out (WHERE "
                                    + mapping.column(keyIndexes[nullKey]).name() + " IS NOT NULL)");
                }
                Integer hash = Arrays.deepHashCode(row);
                Integer before = upserted.putIfAbsent(key, hash);
                if (before != null && !before.equals(hash)) {
                    throw new HandlerException(
                            HandlerErrorCode.WRITE_FAILED,
                            "table " + table.tableName() + ": the statement writes two different rows with the key "
                                    + key.describe(mapping, keyIndexes) + ": a MERGE whose source has two rows that "
                                    + "insert that key, an UPDATE that moves two rows onto it, or a non-deterministic "
                                    + "value (rand()) in a retried task. The store holds one record per key, so "
                                    + "nothing was changed");
                }
            });
        }
        // every file is read before anything is written: a cut or foreign file fails the statement unapplied
        Set<Key> deletes = new LinkedHashSet<>();
        for (StagedFile file : of(files, RowChange.DELETE)) {
            StagedChanges.read(fs, new Path(directory, file.name()), RowChange.DELETE, keyTypes, key -> {
                Key doomed = Key.of(key);
                if (!upserted.containsKey(doomed)) {
                    deletes.add(doomed); // each key once, though retried attempts may have staged it again
                }
            });
        }
        long[] done = new long[2];
        try {
            // upserts first: a key they move is deleted only once its new record is written, so that a row the store
            // refuses (a key it cannot hold) fails the statement before its old record is gone
            if (!upserted.isEmpty()) {
                try (RecordSink upserter = connector.openUpserter(upsertTable.resolve(table))) {
                    Map<Key, Integer> pending = new HashMap<>(upserted);
                    for (StagedFile file : of(files, RowChange.UPSERT)) {
                        StagedChanges.read(fs, new Path(directory, file.name()), RowChange.UPSERT, rowTypes, row -> {
                            // a row staged twice (the same row from two source rows) is written once
                            if (pending.remove(Key.of(row, keyIndexes)) != null) {
                                upserter.write(row);
                            }
                        });
                    }
                    upserter.flush();
                    done[1] = upserter.written();
                }
            }
            if (!deletes.isEmpty()) {
                try (RecordSink deleter = connector.openDeleter(table)) {
                    for (Key key : deletes) {
                        deleter.write(key.values().stream().map(Key::unwrap).toArray());
                    }
                    deleter.flush();
                    done[0] = deleter.written();
                }
            }
        } catch (IOException | RuntimeException e) {
            throw new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "table " + table.tableName() + ": the statement's tasks succeeded, but applying its changes to the "
                            + "store failed, so the store may hold part of them (upserts go first: " + done[1] + " of "
                            + upserted.size() + " upserts and " + done[0] + " of " + deletes.size() + " deletes were "
                            + "acknowledged): " + e.getMessage() + ". Check the rows the statement selects before you "
                            + "run it again: a statement whose new values depend on the old ones (balance + 1) would "
                            + "apply twice to the rows already changed",
                    e);
        }
        long deleted = deletes.size();
        long rows = upserted.size();
        LOG.info(
                "table {}: applied the statement's changes from {} staged files: {} keys deleted, {} rows upserted",
                table.tableName(),
                files.size(),
                deleted,
                rows);
        return new Outcome(true, deleted, rows);
    }

    private static List<StagedFile> of(List<StagedFile> files, RowChange change) {
        return files.stream().filter(file -> file.change() == change).toList();
    }

    /** The positions of the table's key columns in its mapping; refuses a table without one. */
    public static int[] keyIndexes(TableMapping mapping) {
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < mapping.size(); i++) {
            if (mapping.column(i).role() == ColumnRole.KEY) {
                indexes.add(i);
            }
        }
        return indexes.stream().mapToInt(Integer::intValue).toArray();
    }

    /** A key's values, compared by value (binary keys by content). */
    record Key(List<Object> values) {
        static Key of(Object[] row, int[] indexes) {
            Object[] key = new Object[indexes.length];
            for (int i = 0; i < indexes.length; i++) {
                key[i] = row[indexes[i]];
            }
            return of(key);
        }

        static Key of(Object[] key) {
            List<Object> values = new ArrayList<>(key.length);
            for (Object value : key) {
                values.add(value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value);
            }
            return new Key(values);
        }

        static Object unwrap(Object value) {
            return value instanceof ByteBuffer buffer ? buffer.array() : value;
        }

        String describe(TableMapping mapping, int[] indexes) {
            StringBuilder text = new StringBuilder("(");
            for (int i = 0; i < indexes.length; i++) {
                text.append(i == 0 ? "" : ", ")
                        .append(mapping.column(indexes[i]).name())
                        .append('=');
                Object value = values.get(i);
                text.append(value instanceof String ? "'" + value + "'" : String.valueOf(value));
            }
            return text.append(')').toString();
        }
    }
}
