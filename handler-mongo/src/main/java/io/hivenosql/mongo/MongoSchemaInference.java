package io.hivenosql.mongo;

import com.mongodb.MongoServerException;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.schema.DocumentSchemaInference;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.schema.SampledValue;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.spi.TaskAttempt;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.api.types.StructType;
import io.hivenosql.mongo.bson.BsonSampledValues;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.LongSupplier;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonType;
import org.bson.BsonValue;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The columns of a collection whose table has no column list ({@link MongoConnector#inferSchema}), from a sample of
 * its documents (those {@code mongo.input.query} matches): {@code $sample} of the budget's documents where the server
 * runs it, else the first documents in {@code _id} order (a server without {@code $sample}, or one that fails it: tried
 * once). Reading stops at the budget's time. The documents' values become {@link io.hivenosql.api.schema.SampledValue}s
 * ({@link BsonSampledValues}) and {@link DocumentSchemaInference} types the columns, {@code _id} first; an {@code _id}
 * of ObjectIds is {@code mongo.objectid.format}'s form (string, or mongo-hadoop's struct).
 */
final class MongoSchemaInference {
    static final StructType OBJECT_ID_STRUCT = new StructType(List.of(
            new StructType.Field("oid", PrimitiveType.STRING), new StructType.Field("bsontype", PrimitiveType.INT)));
    private static final int UNAUTHORIZED = 13;
    private static final Logger log = LoggerFactory.getLogger(MongoSchemaInference.class);

    private MongoSchemaInference() {}

    /** How the documents were chosen. */
    enum Sampling {
        /** {@code $sample}, falling back to the first documents when the server refuses it. */
        SAMPLE,
        /** The first documents in {@code _id} order. */
        FIRST
    }

    static InferredSchema infer(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget) {
        return infer(tableName, config, secrets, files, budget, Sampling.SAMPLE, System::nanoTime);
    }

    /**
     * @param sampling {@link Sampling#FIRST} skips {@code $sample} (tests of the fallback)
     * @param clock nanoseconds, for the time budget
     */
    static InferredSchema infer(
            String tableName,
            TableConfig config,
            SecretResolver secrets,
            TableFiles files,
            SampleBudget budget,
            Sampling sampling,
            LongSupplier clock) {
        MongoTable table = bindWithoutColumns(tableName, config);
        TableContext context = new TableContext(table, secrets, TaskAttempt.NONE, files);
        DocumentSchemaInference inference = new DocumentSchemaInference(List.of(DocumentLayout.ID_FIELD));
        IdKinds ids = new IdKinds();
        Set<String> nestedSpellings = new TreeSet<>();
        long start = clock.getAsLong();
        long deadline = start + budget.time().toNanos();
        String how;
        boolean outOfTime = false;
        long estimated = -1;
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            MongoCollection<BsonDocument> collection = lease.collection();
            BsonDocument query = table.inputQuery().orElseGet(BsonDocument::new);
            MongoCursor<BsonDocument> cursor = null;
            how = "$sample";
            if (sampling == Sampling.SAMPLE) {
                try {
                    cursor = sample(collection, query, budget.records());
                } catch (MongoServerException e) {
                    if (e.getCode() == UNAUTHORIZED) {
                        throw e;
                    }
                    log.info(
                            "table {}: $sample failed on {} ({}); inferring the columns from the first documents "
                                    + "in _id order",
                            tableName,
                            table.namespace(),
                            e.getMessage());
                    how = "the first documents in _id order: $sample failed (" + e.getMessage() + ")";
                }
            } else {
                how = "the first documents in _id order";
            }
            if (cursor == null) {
                cursor = first(collection, query, budget.records());
            }
            try (MongoCursor<BsonDocument> documents = cursor) {
                while (inference.documents() < budget.records() && documents.hasNext()) {
                    BsonDocument document = documents.next();
                    ids.add(document.get(DocumentLayout.ID_FIELD));
                    SampledValue.Document sampledDocument = BsonSampledValues.document(document);
                    inference.add(sampledDocument);
                    for (SampledValue.Field field : sampledDocument.fields()) {
                        collectNestedSpellings(field.value(), field.name(), nestedSpellings);
                    }
                    if (clock.getAsLong() - deadline >= 0) {
                        outOfTime = inference.documents() < budget.records() && documents.hasNext();
                        break;
                    }
                }
            }
            estimated = estimatedCount(collection, query);
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table, "sampling documents to infer the table's columns", e, HandlerErrorCode.STORE_ERROR);
        }
        Duration took = Duration.ofNanos(clock.getAsLong() - start);
        String sampled = String.format(
                Locale.ROOT,
                "%,d%s document%s in %s (%s) in %.1f s%s",
                inference.documents(),
                estimated >= 0 ? String.format(Locale.ROOT, " of about %,d", estimated) : "",
                inference.documents() == 1 && estimated < 0 ? "" : "s",
                table.namespace(),
                how,
                took.toNanos() / 1e9,
                outOfTime ? ", stopped at the time limit of " + budget.time().toSeconds() + " s" : "");
        InferredSchema schema =
                withIdForm(inference.infer(tableName, sampled), ids, config.get(MongoTableProperties.OBJECTID_FORMAT));
        return nestedSpellings.isEmpty() ? schema : withWholeStructs(schema, nestedSpellings);
    }

    /**
     * Hive's struct field names are lower case, and the server matches a projected path's case: a query reading only
     * {@code address.postcode} would get no {@code postCode} from a pruned projection ({@link MongoProjection}). A
     * table whose nested fields are spelt otherwise fetches whole struct columns, which the reader matches to the
     * struct's fields whatever their case.
     */
    private static InferredSchema withWholeStructs(InferredSchema schema, Set<String> spellings) {
        List<String> shown = spellings.stream().limit(5).toList();
        String key = MongoTableProperties.READ_PRUNE_NESTED.key();
        return schema.withProperty(
                key,
                "false",
                "nested fields spelt with capitals (" + String.join(", ", shown)
                        + (spellings.size() > shown.size() ? ", ..." : "") + "): " + key
                        + "=false fetches whole struct columns, which read them whatever their case");
    }

    /** The paths of nested fields (inside a top-level document or array) whose names are not lower case. */
    private static void collectNestedSpellings(SampledValue value, String path, Set<String> found) {
        if (value instanceof SampledValue.Document document) {
            for (SampledValue.Field field : document.fields()) {
                String fieldPath = path + "." + field.name();
                if (!field.name().equals(field.name().toLowerCase(Locale.ROOT)) && found.size() < 100) {
                    found.add(fieldPath);
                }
                collectNestedSpellings(field.value(), fieldPath, found);
            }
        } else if (value instanceof SampledValue.Array array) {
            for (SampledValue element : array.elements()) {
                collectNestedSpellings(element, path + "[]", found);
            }
        }
    }

    private static MongoCursor<BsonDocument> sample(
            MongoCollection<BsonDocument> collection, BsonDocument query, int records) {
        List<BsonDocument> pipeline = new ArrayList<>();
        if (!query.isEmpty()) {
            pipeline.add(new BsonDocument("$match", query));
        }
        pipeline.add(new BsonDocument("$sample", new BsonDocument("size", new BsonInt32(records))));
        return collection
                .aggregate(pipeline)
                .batchSize(Math.min(records, 1_000))
                .cursor();
    }

    private static MongoCursor<BsonDocument> first(
            MongoCollection<BsonDocument> collection, BsonDocument query, int records) {
        return collection
                .find(query)
                .sort(new BsonDocument(DocumentLayout.ID_FIELD, new BsonInt32(1)))
                .limit(records)
                .batchSize(Math.min(records, 1_000))
                .cursor();
    }

    /** The collection's estimated size for the report (-1 when the server cannot tell, or the table filters it). */
    private static long estimatedCount(MongoCollection<BsonDocument> collection, BsonDocument query) {
        if (!query.isEmpty()) {
            return -1;
        }
        try {
            return collection.estimatedDocumentCount();
        } catch (MongoServerException e) {
            return -1;
        }
    }

    /**
     * The table bound with a stand-in column ({@code _id}), for a client: the connector binds tables with columns, and
     * inference has none yet. {@code mongo.objectid.columns} names columns that do not exist yet, so it is left out.
     */
    static MongoTable bindWithoutColumns(String tableName, TableConfig config) {
        Map<String, String> properties = new LinkedHashMap<>(config.rawProperties());
        properties.remove(MongoTableProperties.OBJECTID_COLUMNS.key());
        TableConfig bindable = TableContexts.validate(new MongoConnector(), tableName, properties);
        TableMapping standIn = new TableMapping(
                List.of(new ColumnMapping("id", PrimitiveType.STRING, DocumentLayout.ID_FIELD, ColumnRole.KEY)));
        return MongoTable.bind(tableName, bindable, standIn);
    }

    /**
     * The {@code _id} column in the table's ObjectId form when every sampled {@code _id} is an ObjectId (struct with
     * {@code mongo.objectid.format=struct}), with a note when {@code _id} holds other values in a string column, which
     * the table would otherwise write back as ObjectIds.
     */
    private static InferredSchema withIdForm(InferredSchema schema, IdKinds ids, MongoObjectIdFormat format) {
        List<ColumnMapping> columns = new ArrayList<>(schema.mapping().columns());
        List<String> notes = new ArrayList<>(schema.notes());
        for (int i = 0; i < columns.size(); i++) {
            ColumnMapping column = columns.get(i);
            if (!column.path().equals(DocumentLayout.ID_FIELD)) {
                continue;
            }
            if (ids.onlyObjectIds() && format == MongoObjectIdFormat.STRUCT) {
                columns.set(i, new ColumnMapping(column.name(), OBJECT_ID_STRUCT, column.path(), column.role()));
            } else if (column.type() == PrimitiveType.STRING && !ids.onlyObjectIds()) {
                notes.add(column.name() + ": _id holds " + String.join(", ", ids.kinds) + " values: set "
                        + MongoTableProperties.OBJECTID_COLUMNS.key() + "='' so that writes keep them as they are "
                        + "(else a string _id is written as an ObjectId)");
            }
        }
        return new InferredSchema(new TableMapping(columns), notes, schema.sampled());
    }

    /** The BSON types of the sampled {@code _id}s. */
    private static final class IdKinds {
        private final java.util.SortedSet<String> kinds = new java.util.TreeSet<>();
        private boolean objectIds;
        private boolean others;

        void add(BsonValue id) {
            if (id == null) {
                return;
            }
            if (id.getBsonType() == BsonType.OBJECT_ID) {
                objectIds = true;
            } else {
                others = true;
            }
            kinds.add(id.getBsonType().name().toLowerCase(Locale.ROOT));
        }

        boolean onlyObjectIds() {
            return objectIds && !others;
        }
    }
}
