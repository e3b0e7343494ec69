package io.hivenosql.mongo;

import static java.util.Objects.requireNonNull;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.mongo.MongoDialect.Unheld;
import io.hivenosql.mongo.bson.BsonText;
import java.math.BigDecimal;
import java.util.Map;
import java.util.Optional;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonDouble;
import org.bson.BsonValue;
import org.bson.types.Decimal128;

/**
 * The writer's check that a row's document holds only values its server can store ({@link MongoDialect}), made before
 * the document is sent: FerretDB 1.x drops the connection of a command that carries a NaN or a decimal128 (the driver
 * then reports only "Prematurely reached end of stream", naming no row), and refuses infinities with a bare "infinity
 * values are not allowed".
 *
 * <p>Hive writes a decimal column as decimal128. On a server without decimal128, a decimal is written instead as the
 * double whose shortest decimal text ({@link BigDecimal#valueOf(double)}, what the reader turns a double into for a
 * decimal column) is the same number, when there is one: every decimal of at most 15 significant digits has one (TPC-H's
 * {@code decimal(15,2)} money columns, prices, rates), so such a column reads back exactly what was written. A decimal
 * with no such double, and NaN or infinite doubles, fail the query here, naming the table, the column, the row and the
 * value, saying why and what to do. Nothing is rounded: a NaN written as NULL, or a decimal written as a nearby double,
 * would read back as another value.
 */
final class MongoUnheldValues {
    private MongoUnheldValues() {}

    /**
     * Fails when the document (an inserted or replacing document, or the operand of {@code $set}, keyed by dotted
     * paths) holds a value the dialect's server cannot store.
     *
     * @param id the row's {@code _id} as written, for the message; null when none
     * @throws HandlerException BAD_RECORD
     */
    static void check(MongoTable table, MongoDialect dialect, BsonDocument document, BsonValue id) {
        requireNonNull(table, "table is null");
        requireNonNull(dialect, "dialect is null");
        requireNonNull(document, "document is null");
        if (!dialect.holdsDecimal128()) {
            exactDoubles(document);
        }
        Optional<Unheld> unheld = dialect.firstUnheld(document, "");
        if (unheld.isPresent()) {
            throw failure(table, dialect, unheld.get(), id);
        }
    }

    /** Replaces, in place and at any depth, each decimal128 that a double holds exactly (see the class) by it. */
    static void exactDoubles(BsonDocument document) {
        for (Map.Entry<String, BsonValue> entry : document.entrySet()) {
            exactDouble(entry.getValue()).ifPresent(entry::setValue);
        }
    }

    private static Optional<BsonValue> exactDouble(BsonValue value) {
        switch (value.getBsonType()) {
            case DECIMAL128 -> {
                Decimal128 decimal = value.asDecimal128().getValue();
                if (!decimal.isFinite()) {
                    return Optional.empty();
                }
                if (decimal.isNegative() && decimal.compareTo(Decimal128.NEGATIVE_ZERO) == 0) {
                    return Optional.empty(); // -0 has no double that reads back as decimal -0; it stays and fails
                }
                BigDecimal exact = decimal.bigDecimalValue();
                double nearest = exact.doubleValue();
                if (Double.isFinite(nearest) && BigDecimal.valueOf(nearest).compareTo(exact) == 0) {
                    return Optional.of(new BsonDouble(nearest));
                }
                return Optional.empty();
            }
            case DOCUMENT -> exactDoubles(value.asDocument());
            case ARRAY -> {
                BsonArray array = value.asArray();
                for (int i = 0; i < array.size(); i++) {
                    int index = i;
                    exactDouble(array.get(i)).ifPresent(replacement -> array.set(index, replacement));
                }
            }
            default -> {
                // other values are written as they are
            }
        }
        return Optional.empty();
    }

    private static HandlerException failure(MongoTable table, MongoDialect dialect, Unheld unheld, BsonValue id) {
        String column = column(table, unheld.path());
        String rowId = id == null ? "" : ", row with _id " + BsonText.json(id);
        String value = value(unheld.value());
        String remedy =
                switch (unheld.kind()) {
                    case DECIMAL128 -> "no double has exactly its digits (decimals of up to 15 significant digits "
                            + "are written as doubles there); declare the column string (the exact digits, e.g. "
                            + "CAST(col AS STRING)) or double (an approximate value), or write to a server that "
                            + "stores decimal128 (MongoDB)";
                    case NAN, INFINITY -> "filter such rows out or replace the value (e.g. with NULL: CASE WHEN col "
                            + "IN (...) THEN NULL ELSE col END), or write it to a string column";
                    default -> "write the value to a string column";
                };
        return new HandlerException(
                HandlerErrorCode.BAD_RECORD,
                "table " + table.name() + ", column " + column + rowId + ": cannot write " + value + " to "
                        + table.namespace() + ": the server (" + dialect.server() + ") cannot store "
                        + kind(unheld.kind()) + "; " + remedy);
    }

    /** The column writing the dotted path, with the path when it is inside the column's value. */
    private static String column(MongoTable table, String path) {
        ColumnMapping best = null;
        for (int c = 0; c < table.mapping().size(); c++) {
            ColumnMapping column = table.mapping().column(c);
            if ((path.equals(column.path()) || path.startsWith(column.path() + "."))
                    && (best == null || column.path().length() > best.path().length())) {
                best = column;
            }
        }
        if (best == null) {
            return "at " + path;
        }
        return path.equals(best.path()) ? best.name() : best.name() + " (at " + path + ")";
    }

    private static String value(BsonValue value) {
        return switch (value.getBsonType()) {
            case DOUBLE -> Double.toString(value.asDouble().getValue());
            case DECIMAL128 -> value.asDecimal128().getValue().toString() + " (a decimal)";
            default -> value.getBsonType().name();
        };
    }

    private static String kind(MongoDialect.Missing kind) {
        return switch (kind) {
            case NAN -> "NaN";
            case INFINITY -> "infinite doubles";
            case DECIMAL128 -> "decimal128 values (a Hive decimal column writes those)";
            default -> "values of BSON type " + kind.alias().orElse(kind.name());
        };
    }
}
