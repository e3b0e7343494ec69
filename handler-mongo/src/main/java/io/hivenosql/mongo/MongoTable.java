package io.hivenosql.mongo;

import com.mongodb.WriteConcern;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.StoreTable;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.tls.TlsSettings;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.bson.BsonDocument;
import org.bson.json.JsonParseException;

/**
 * A MongoDB collection as the connector sees it: the validated properties and, for each Hive column, the dotted field
 * path it maps to. Building one contacts no server.
 *
 * <p>The column mapped to {@code _id} gets {@link ColumnRole#KEY}. Field paths are MongoDB dotted paths
 * ({@code address.city}); a segment may not be empty or start with {@code $}.
 */
final class MongoTable extends StoreTable {
    private final MongoUri uri;
    private final String database;
    private final String collection;
    private final Optional<BsonDocument> inputQuery;
    private final DocumentLayout layout;
    private final int idColumn;

    private MongoTable(String name, TableConfig config, TableMapping mapping) {
        super(config, mapping);
        this.uri = MongoUri.parse(name, config.get(MongoTableProperties.URI));
        this.database = databaseOf(name, config, uri);
        this.collection = collectionOf(name, config, uri);
        this.inputQuery =
                config.<String>getOptional(MongoTableProperties.INPUT_QUERY).map(json -> parseQuery(name, json));
        this.layout = MongoTableProperties.layout(name, config, mapping);
        this.idColumn = layout.idColumn();
    }

    /** {@code mongo.database}, else the URI's database, else the Hive database of the table's qualified name. */
    static String databaseOf(String name, TableConfig config, MongoUri uri) {
        String[] parts = name.split("\\.", 2);
        return config.<String>getOptional(MongoTableProperties.DATABASE)
                .or(uri::database)
                .orElse(parts.length == 2 ? parts[0] : "default");
    }

    /** {@code mongo.collection}, else the URI's collection, else the Hive table of the table's qualified name. */
    static String collectionOf(String name, TableConfig config, MongoUri uri) {
        String[] parts = name.split("\\.", 2);
        return config.<String>getOptional(MongoTableProperties.COLLECTION)
                .or(uri::collection)
                .orElse(parts.length == 2 ? parts[1] : parts[0]);
    }

    /**
     * The handle {@link MongoConnector#bind} built for a connector call's table; the call's task attempt stays with the
     * context ({@link MongoClients#acquire(TableContext)} reads it).
     */
    static MongoTable of(TableContext context) {
        return context.handle(MongoTable.class);
    }

    /**
     * Checks the mapping against the properties (no server contacted), marks the {@code _id} column as the key and
     * builds the handle.
     */
    static MongoTable bind(String tableName, TableConfig config, TableMapping mapping) {
        DocumentLayout.checkPaths(tableName, mapping, "MongoDB");
        DocumentLayout.checkRoles(tableName, mapping);
        MongoTable table = new MongoTable(tableName, config, mapping);
        // parsed here so that a bad or unacknowledged write concern fails the CREATE, not the first query
        table.writeConcern();
        if (table.writeMode().needsId() && table.idColumn < 0) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_MAPPING,
                    "table " + tableName + ": " + MongoTableProperties.WRITE_MODE.key() + "=" + table.writeMode()
                            + " writes by _id, but no column is mapped to _id; map one in "
                            + MongoTableProperties.COLUMNS_MAPPING.key() + " (e.g. {\"id\":\"_id\"}) or use "
                            + MongoTableProperties.WRITE_MODE.key() + "=insert");
        }
        TlsSettings.requireValid(config, MongoTableProperties.TLS, table.ssl());
        if (table.user().isPresent() != table.passwordAlias().isPresent()) {
            throw new HandlerException(
                    HandlerErrorCode.MISSING_TABLE_PROPERTY,
                    "table " + tableName + ": set " + MongoTableProperties.USER.key() + " and "
                            + MongoTableProperties.PASSWORD_ALIAS.key() + " together: the alias names the user's "
                            + "password in a Hadoop credential provider");
        }
        if (table.idColumn < 0) {
            return table;
        }
        List<ColumnMapping> bound = new ArrayList<>(mapping.columns());
        bound.set(table.idColumn, bound.get(table.idColumn).withRole(ColumnRole.KEY));
        return new MongoTable(tableName, config, new TableMapping(bound));
    }

    private static BsonDocument parseQuery(String tableName, String json) {
        try {
            return BsonDocument.parse(json);
        } catch (JsonParseException | org.bson.BsonInvalidOperationException e) {
            throw new HandlerException(
                    HandlerErrorCode.INVALID_TABLE_PROPERTY,
                    "table " + tableName + ": property '" + MongoTableProperties.INPUT_QUERY.key() + "' is not a "
                            + "JSON query document (" + e.getMessage() + "); write MongoDB Extended JSON such as "
                            + "{\"status\": \"A\", \"qty\": {\"$gt\": 5}}");
        }
    }

    MongoUri uri() {
        return uri;
    }

    String database() {
        return database;
    }

    String collection() {
        return collection;
    }

    /** {@code database.collection}, for messages. */
    String namespace() {
        return database + "." + collection;
    }

    Optional<BsonDocument> inputQuery() {
        return inputQuery.map(BsonDocument::clone);
    }

    /** The index of the column mapped to {@code _id}, or -1. */
    int idColumn() {
        return idColumn;
    }

    /** How rows and documents convert (shared with the BSON file SerDe). */
    DocumentLayout layout() {
        return layout;
    }

    /** {@code mongo.user} (a user in {@code mongo.uri} is refused). */
    Optional<String> user() {
        return config().getOptional(MongoTableProperties.USER);
    }

    Optional<String> passwordAlias() {
        return config().getOptional(MongoTableProperties.PASSWORD_ALIAS);
    }

    /** The database holding the user: {@code mongo.auth.source}, else the URI's authSource, else {@code admin}. */
    String authSource() {
        return config().<String>getOptional(MongoTableProperties.AUTH_SOURCE)
                .or(uri::authSource)
                .orElse("admin");
    }

    MongoAuthMechanism authMechanism() {
        return config().get(MongoTableProperties.AUTH_MECHANISM);
    }

    boolean ssl() {
        return ssl(config(), uri);
    }

    /** Whether a table connects with TLS: {@code mongo.ssl}, or {@code tls=true} (or {@code ssl=true}) in its URI. */
    static boolean ssl(TableConfig config, MongoUri uri) {
        return config.<Boolean>get(MongoTableProperties.SSL)
                || Boolean.TRUE.equals(uri.connectionString().getSslEnabled());
    }

    /**
     * The TLS settings of a table that connects with TLS; the certificate's host name is not checked when the table
     * turns the check off or the URI allows invalid host names.
     */
    Optional<TlsSettings> tls() {
        return TlsSettings.of(config(), MongoTableProperties.TLS, ssl())
                .map(settings -> Boolean.TRUE.equals(uri.connectionString().getSslInvalidHostnameAllowed())
                        ? new TlsSettings(
                                settings.tableName(),
                                settings.properties(),
                                settings.trustStore(),
                                settings.trustStorePasswordAlias(),
                                settings.keyStore(),
                                settings.keyStorePasswordAlias(),
                                false)
                        : settings);
    }

    Optional<MongoReadPreference> readPreference() {
        return config().getOptional(MongoTableProperties.READ_PREFERENCE);
    }

    /** The write concern of {@code mongo.write-concern}, if set; never unacknowledged. */
    Optional<WriteConcern> writeConcern() {
        Optional<String> raw = config().getOptional(MongoTableProperties.WRITE_CONCERN);
        if (raw.isEmpty()) {
            WriteConcern fromUri = uri.connectionString().getWriteConcern();
            if (fromUri != null && !fromUri.isAcknowledged()) {
                throw unacknowledged("w=0 in " + MongoTableProperties.URI.key());
            }
            return Optional.ofNullable(fromUri);
        }
        return Optional.of(parseWriteConcern(raw.get()));
    }

    /**
     * {@code w[:journal][:wtimeout=<ms>]}: majority or a number of members, then optionally journal and a wtimeout in
     * milliseconds, in either order. What the property leaves out (journal, wtimeout) comes from the write concern of
     * mongo.uri ({@code journal=true}, {@code wtimeoutMS=...}).
     */
    private WriteConcern parseWriteConcern(String raw) {
        String key = MongoTableProperties.WRITE_CONCERN.key();
        String[] parts = raw.trim().split(":", -1);
        String w = parts[0].trim();
        WriteConcern concern;
        if (w.equalsIgnoreCase("majority")) {
            concern = WriteConcern.MAJORITY;
        } else {
            int members;
            try {
                members = Integer.parseInt(w);
            } catch (NumberFormatException e) {
                throw badWriteConcern(raw);
            }
            if (members < 1) {
                throw unacknowledged(key + "=" + raw);
            }
            concern = new WriteConcern(members);
        }
        WriteConcern fromUri = uri.connectionString().getWriteConcern();
        Boolean journal = fromUri == null ? null : fromUri.getJournal();
        Integer wtimeout = fromUri == null ? null : fromUri.getWTimeout(TimeUnit.MILLISECONDS);
        boolean journalSet = false;
        boolean wtimeoutSet = false;
        for (int i = 1; i < parts.length; i++) {
            String part = parts[i].trim().toLowerCase(Locale.ROOT);
            if (part.equals("journal") && !journalSet) {
                journal = true;
                journalSet = true;
            } else if (part.startsWith("wtimeout=") && !wtimeoutSet) {
                try {
                    wtimeout = Integer.parseInt(part.substring("wtimeout=".length()));
                } catch (NumberFormatException e) {
                    throw badWriteConcern(raw);
                }
                if (wtimeout < 0) {
                    throw badWriteConcern(raw);
                }
                wtimeoutSet = true;
            } else {
                throw badWriteConcern(raw);
            }
        }
        if (journal != null) {
            concern = concern.withJournal(journal);
        }
        return wtimeout == null ? concern : concern.withWTimeout(wtimeout, TimeUnit.MILLISECONDS);
    }

    private HandlerException badWriteConcern(String raw) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + name() + ": property '" + MongoTableProperties.WRITE_CONCERN.key() + "' is '" + raw
                        + "'; write majority or a number of members such as 1 or 2, optionally followed by "
                        + "':journal' and ':wtimeout=<milliseconds>', e.g. majority:journal:wtimeout=5000");
    }

    private HandlerException unacknowledged(String what) {
        return new HandlerException(
                HandlerErrorCode.INVALID_TABLE_PROPERTY,
                "table " + name() + ": " + what + " asks for unacknowledged writes, which could lose rows without "
                        + "failing the query; use " + MongoTableProperties.WRITE_CONCERN.key() + "=1 or majority");
    }

    MongoWriteMode writeMode() {
        return config().get(MongoTableProperties.WRITE_MODE);
    }

    /** Whether an insert stages each task attempt's rows and publishes them at commit ({@link MongoStagedInsert}). */
    boolean writeStaging() {
        boolean staging = config().get(MongoTableProperties.WRITE_STAGING);
        return writeMode() == MongoWriteMode.INSERT && staging;
    }

    int writeBatchSize() {
        return config().get(MongoTableProperties.WRITE_BATCH_SIZE);
    }

    int readBatchSize() {
        return config().get(MongoTableProperties.READ_BATCH_SIZE);
    }

    /** How often a failed cursor of a split resumes after its last _id ({@code mongo.read.resume-attempts}). */
    int resumeAttempts() {
        return config().get(MongoTableProperties.READ_RESUME_ATTEMPTS);
    }

    /** Whether a scan fetches only the struct sub-fields Hive's nested column pruning names. */
    boolean pruneNested() {
        return config().get(MongoTableProperties.READ_PRUNE_NESTED);
    }

    MongoSplitMode splitMode() {
        return config().get(MongoTableProperties.SPLIT_MODE);
    }

    long splitSizeBytes() {
        return config().<Integer>get(MongoTableProperties.SPLIT_SIZE_MB) * 1024L * 1024L;
    }

    int splitCount() {
        return config().get(MongoTableProperties.SPLIT_COUNT);
    }

    Optional<String> indexes() {
        return config().getOptional(MongoTableProperties.INDEXES);
    }

    int timeoutMillis() {
        return config().get(MongoTableProperties.TIMEOUT_MS);
    }

    @Override
    public String toString() {
        return name() + " (" + namespace() + ")";
    }
}
