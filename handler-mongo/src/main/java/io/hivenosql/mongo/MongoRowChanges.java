package io.hivenosql.mongo;

import com.mongodb.ReadPreference;
import com.mongodb.client.FindIterable;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.config.BadRecordPolicy;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.pushdown.CompareOp;
import io.hivenosql.api.pushdown.Filter;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.ValueConversionException;
import io.hivenosql.api.types.VarcharType;
import io.hivenosql.mongo.bson.BsonRowDecoder;
import io.hivenosql.mongo.bson.BsonRowEncoder;
import io.hivenosql.mongo.bson.BsonText;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.StringJoiner;
import org.bson.BsonArray;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonValue;

/**
 * How the keys of a DELETE, UPDATE or MERGE find their documents ({@link MongoRowChangeWriter}), and which tables can
 * take such statements.
 *
 * <p>A key is the value of the column mapped to {@code _id} as Hive read it, and a column may read several BSON values
 * as one Hive value: a string column reads the ObjectId {@code 65a...}, the int32 {@code 7} and the strings
 * {@code "65a..."} and {@code "7"} as text, a bigint column the int32, int64 and whole double {@code 7}. So a key is
 * never encoded back into an {@code _id} to be deleted or updated: the documents of a batch of keys are found with the
 * filter that a pushed {@code id IN (...)} uses ({@link MongoPredicateTranslator}: every BSON value that reads as one of
 * the keys, a superset where its text cannot be told apart in a filter), ANDed with {@code mongo.input.query}, read
 * from the primary; each found {@code _id} is decoded as the reader decodes it and matched to its key; and the writes
 * name the stored {@code _id}s. A key whose text the filter cannot take ({@code '{"a": 1}'} in a string column, which
 * may be a document's JSON text) is found among the values of its type bracket and the strings; one no filter can take
 * at all, by its value as the writer encodes it.
 */
final class MongoRowChanges {
    /** Keys looked up by one {@code find}. */
    static final int KEYS_PER_FIND = 1_000;
    /** Found documents named in a message. */
    private static final int SHOWN = 5;

    private MongoRowChanges() {}

    /**
     * Why the table cannot take DELETE, UPDATE and MERGE, as a sentence; empty when it can: it needs one column mapped
     * to the whole {@code _id}, of a type by which documents are found exactly, and columns that one document can
     * hold together.
     */
    static Optional<String> refused(MongoTable table) {
        String mapping = MongoTableProperties.COLUMNS_MAPPING.key();
        for (ColumnMapping column : table.mapping().columns()) {
            if (column.path().startsWith(DocumentLayout.ID_FIELD + ".")) {
                return Optional.of("column " + column.name() + " is mapped to '" + column.path() + "', a field of the "
                        + "_id, and a document is found by its whole _id: map one column to _id in " + mapping
                        + " (DELETE, UPDATE and MERGE do not change compound _ids)");
            }
        }
        int id = table.idColumn();
        if (id < 0) {
            return Optional.of("no column is mapped to _id, which identifies a document; map one in " + mapping
                    + " (e.g. {\"id\":\"_id\"}) or in the mapping file");
        }
        ColumnMapping column = table.mapping().column(id);
        if (MongoFieldFilter.of(column, table.layout().isObjectId(id), BadRecordPolicy.FAIL, MongoDialect.MONGODB)
                .isEmpty()) {
            String fix = table.layout().objectIdFormat() == MongoObjectIdFormat.STRUCT
                            && table.layout().isObjectId(id)
                    ? "set " + DocumentLayout.OBJECTID_FORMAT_KEY + "=string and declare it string (ObjectIds read as "
                            + "their 24 hex digits)"
                    : "declare it string (ObjectIds read as their 24 hex digits), bigint, int, double, decimal, "
                            + "boolean, date, timestamp or varchar";
            return Optional.of("its _id column " + column.name() + " is of type "
                    + column.type().typeName() + ", by which documents cannot be looked up exactly; " + fix);
        }
        try {
            BsonRowEncoder.checkPaths(table.layout());
        } catch (HandlerException e) {
            return Optional.of(e.getMessage());
        }
        return Optional.empty();
    }

    /** A key as found documents are matched to it: numbers of one kind by value, binaries by content. */
    static Object matchKey(Object value) {
        if (value instanceof BigDecimal decimal) {
            return decimal.signum() == 0 ? BigDecimal.ZERO : decimal.stripTrailingZeros();
        }
        if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
            return ((Number) value).longValue();
        }
        return value instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : value;
    }

    /**
     * The documents whose {@code _id} reads as each of the keys (keys by {@link #matchKey}); keys without a document
     * are absent.
     *
     * @param whole whether to fetch whole documents, else only their {@code _id}
     */
    static Map<Object, List<BsonDocument>> find(
            MongoTable table,
            MongoCollection<BsonDocument> collection,
            MongoDialect dialect,
            List<Object> keys,
            boolean whole) {
        int id = table.idColumn();
        BsonRowDecoder decoder = new BsonRowDecoder(table.layout(), List.of(id));
        Map<Object, List<BsonDocument>> found = new LinkedHashMap<>();
        MongoCollection<BsonDocument> primary = collection.withReadPreference(ReadPreference.primary());
        for (int from = 0; from < keys.size(); from += KEYS_PER_FIND) {
            List<Object> chunk = keys.subList(from, Math.min(keys.size(), from + KEYS_PER_FIND));
            Set<Object> wanted = new HashSet<>();
            chunk.forEach(key -> wanted.add(matchKey(key)));
            FindIterable<BsonDocument> documents = primary.find(filter(table, dialect, chunk));
            if (!whole) {
                documents = documents.projection(new BsonDocument(DocumentLayout.ID_FIELD, new BsonInt32(1)));
            }
            for (BsonDocument document : documents) {
                decoder.reset(document);
                Object key;
                try {
                    key = matchKey(decoder.get(id));
                } catch (ValueConversionException e) {
                    continue; // reads as no key
                }
                if (key != null && wanted.contains(key)) {
                    found.computeIfAbsent(key, k -> new ArrayList<>(1)).add(document);
                }
            }
        }
        return found;
    }

    /**
     * The filter of the documents whose {@code _id} may read as one of the keys (distinct, non-NULL neutral values of
     * the {@code _id} column), ANDed with {@code mongo.input.query}.
     */
    static BsonDocument filter(MongoTable table, MongoDialect dialect, List<Object> keys) {
        MongoPredicateTranslator translator = MongoPredicateTranslator.of(table, dialect);
        String column = table.mapping().column(table.idColumn()).name();
        Optional<BsonDocument> all = keys.size() == 1
                ? translator.translate(new Filter.Compare(column, CompareOp.EQ, keys.get(0)))
                : translator.translate(new Filter.In(column, keys));
        BsonDocument filter;
        if (all.isPresent()) {
            filter = all.get();
        } else {
            BsonArray alternatives = new BsonArray();
            for (Object key : keys) {
                alternatives.add(one(table, translator, column, key));
            }
            filter =
                    alternatives.size() == 1 ? alternatives.get(0).asDocument() : new BsonDocument("$or", alternatives);
        }
        Optional<BsonDocument> query = table.inputQuery();
        return query.isEmpty() || query.get().isEmpty()
                ? filter
                : new BsonDocument("$and", new BsonArray(List.of(filter, query.get())));
    }

    /** The filter of one key the translator does not take in a list. */
    private static BsonDocument one(MongoTable table, MongoPredicateTranslator translator, String column, Object key) {
        Optional<BsonDocument> equal = translator.translate(new Filter.Compare(column, CompareOp.EQ, key));
        if (equal.isPresent()) {
            return equal.get();
        }
        if (key instanceof String text && text.startsWith("{") && isText(table)) {
            // a document, a date, a decimal128... reads as JSON text that starts with '{', as such a string does
            Optional<BsonDocument> braces = translator.translate(new Filter.And(List.of(
                    new Filter.Compare(column, CompareOp.GE, "{"), new Filter.Compare(column, CompareOp.LT, "|"))));
            if (braces.isPresent()) {
                return braces.get();
            }
        }
        // no array is an _id: a text that starts with '[' is a string's
        Object[] row = new Object[table.mapping().size()];
        row[table.idColumn()] = key;
        return new BsonDocument(DocumentLayout.ID_FIELD, new BsonRowEncoder(table.layout()).id(row));
    }

    private static boolean isText(MongoTable table) {
        ColumnMapping column = table.mapping().column(table.idColumn());
        return !table.layout().isObjectId(table.idColumn())
                && (column.type() == PrimitiveType.STRING || column.type() instanceof VarcharType);
    }

    /**
     * Fails when a key found several documents (their {@code _id}s read as the same Hive value): the statement cannot
     * tell which of them its row is.
     *
     * @param doing what the statement does to the key, for the message ("delete", "update")
     * @throws HandlerException WRITE_FAILED naming the table, the collection, the column, the key and the _ids
     */
    static void checkOneEach(MongoTable table, Map<Object, List<BsonDocument>> found, String doing) {
        for (Map.Entry<Object, List<BsonDocument>> entry : found.entrySet()) {
            List<BsonDocument> documents = entry.getValue();
            if (documents.size() < 2) {
                continue;
            }
            StringJoiner ids = new StringJoiner(", ");
            for (BsonDocument document : documents.subList(0, Math.min(SHOWN, documents.size()))) {
                BsonValue id = document.get(DocumentLayout.ID_FIELD);
                ids.add(BsonText.json(id) + " (" + BsonText.typeName(id.getBsonType()) + ")");
            }
            ColumnMapping column = table.mapping().column(table.idColumn());
            throw new HandlerException(
                    HandlerErrorCode.WRITE_FAILED,
                    "table " + table.name() + ": " + documents.size() + " documents of " + table.namespace()
                            + " have an _id that column " + column.name() + " ("
                            + column.type().typeName()
                            + ") reads as " + column.name() + "=" + text(entry.getKey()) + ": " + ids + ". The "
                            + "statement cannot tell which of them its row is, so this batch of its changes was "
                            + "not applied (MongoDB applies a statement's batches one by one, without a transaction: "
                            + "those before it stay applied). Declare the column so that it tells these _ids apart ("
                            + DocumentLayout.OBJECTID_COLUMNS_KEY + ", another type), or " + doing
                            + " such documents with the MongoDB shell");
        }
    }

    private static String text(Object key) {
        return key instanceof String ? "'" + key + "'" : String.valueOf(key);
    }
}
