package io.hivenosql.mongo;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.StoredSpellings;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.ArrayList;
import java.util.List;
import org.bson.BsonDocument;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The field spellings a collection uses for the columns' paths ({@link StoredSpellings}), from its first
 * {@value #SAMPLE_DOCUMENTS} documents in natural order (those {@code mongo.input.query} matches): MongoDB projects and
 * filters by exact, case-sensitive paths while Hive lower-cases column names, so a column {@code publicationyear} must
 * fetch the collection's {@code publicationYear}. ({@code $sample} is not available on every server; the first
 * documents are what any server returns cheaply.) Paths under {@code _id} are never respelt: a document has one
 * {@code _id}. Columns that already have stored spellings (a mapping from the job configuration) are left alone.
 */
final class MongoSpellings {
    static final int SAMPLE_DOCUMENTS = 300;
    private static final Logger log = LoggerFactory.getLogger(MongoSpellings.class);

    private MongoSpellings() {}

    /** The table with every column's stored spellings; reads the collection's first documents. */
    static TableContext resolve(TableContext context) {
        TableMapping mapping = context.mapping();
        List<Integer> sampled = new ArrayList<>();
        List<ColumnMapping> columns = new ArrayList<>(mapping.columns());
        for (int i = 0; i < mapping.size(); i++) {
            ColumnMapping column = mapping.column(i);
            if (!column.storedPaths().isEmpty()) {
                continue; // already resolved
            }
            if (isId(column.path())) {
                columns.set(i, column.withStoredSpellings(List.of()));
            } else {
                sampled.add(i);
            }
        }
        if (sampled.isEmpty()) {
            return columns.equals(mapping.columns()) ? context : with(context, new TableMapping(columns));
        }
        MongoTable table = MongoTable.of(context);
        StoredSpellings spellings = new StoredSpellings(new TableMapping(columns), sampled, StoredSpellings::dotted);
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            for (BsonDocument document : lease.collection()
                    .find(table.inputQuery().orElseGet(BsonDocument::new))
                    .limit(SAMPLE_DOCUMENTS)
                    .batchSize(SAMPLE_DOCUMENTS)) {
                spellings.add(new SampledDocument(document));
            }
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table,
                    "reading the first " + SAMPLE_DOCUMENTS + " documents to learn how they spell the mapped fields",
                    e,
                    HandlerErrorCode.STORE_ERROR);
        }
        List<String> changes = spellings.changes();
        if (changes.isEmpty()) {
            log.debug(
                    "table {}: the fields of {} sampled documents are spelt as mapped",
                    table.name(),
                    spellings.records());
        } else {
            log.info(
                    "table {}: field spellings in {} sampled documents of {}: {}",
                    table.name(),
                    spellings.records(),
                    table.namespace(),
                    String.join("; ", changes));
        }
        return with(context, spellings.apply());
    }

    private static boolean isId(String path) {
        return path.equals(DocumentLayout.ID_FIELD) || path.startsWith(DocumentLayout.ID_FIELD + ".");
    }

    private static TableContext with(TableContext context, TableMapping mapping) {
        return context.withHandle(MongoTable.bind(context.tableName(), context.config(), mapping));
    }

    /** A document's field names and sub-documents. */
    private record SampledDocument(BsonDocument document) implements StoredSpellings.SampledRecord {
        @Override
        public Iterable<String> fieldNames() {
            return document.keySet();
        }

        @Override
        public StoredSpellings.SampledRecord child(String fieldName) {
            BsonValue value = document.get(fieldName);
            return value != null && value.isDocument() ? new SampledDocument(value.asDocument()) : null;
        }
    }
}
