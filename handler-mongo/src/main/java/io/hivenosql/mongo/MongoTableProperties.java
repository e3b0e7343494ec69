package io.hivenosql.mongo;

import static io.hivenosql.api.config.PropertyType.bool;
import static io.hivenosql.api.config.PropertyType.enumOf;
import static io.hivenosql.api.config.PropertyType.integer;
import static io.hivenosql.api.config.PropertyType.nonEmptyString;
import static io.hivenosql.api.config.PropertyType.string;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.tls.TlsProperties;
import io.hivenosql.mongo.bson.DocumentLayout;
import io.hivenosql.mongo.bson.MongoObjectIdFormat;

/**
 * The table properties of the MongoDB handler, declared once. {@code mongo.uri}, {@code mongo.columns.mapping} and
 * {@code mongo.input.query} keep mongo-hadoop's keys and meaning, so its users' DDL works unchanged.
 */
public enum MongoTableProperties implements TableProperty {
    URI(
            "mongo.uri",
            nonEmptyString(),
            null,
            true,
            "Connection string mongodb://host[:port][,host2...]/database.collection[?options] (or mongodb+srv://), as "
                    + "mongo-hadoop took it; driver options such as replicaSet or readPreference may follow '?'. User "
                    + "information (user@ or user:password@) in it is refused: use mongo.user and "
                    + "mongo.password.alias."),
    DATABASE(
            "mongo.database",
            nonEmptyString(),
            null,
            false,
            "The database; overrides the one in mongo.uri, which defaults to the Hive database name."),
    COLLECTION(
            "mongo.collection",
            nonEmptyString(),
            null,
            false,
            "The collection; overrides the one in mongo.uri, which defaults to the Hive table name."),
    COLUMNS_MAPPING(
            DocumentLayout.COLUMNS_MAPPING_KEY,
            nonEmptyString(),
            null,
            false,
            "Inline column mapping (SERDEPROPERTIES or TBLPROPERTIES), mongo-hadoop's JSON object of Hive column to "
                    + "dotted field path, e.g. {\"city\":\"address.city\",\"id\":\"_id\"}; a column not named there "
                    + "reads the field of its own name."),
    INPUT_QUERY(
            "mongo.input.query",
            nonEmptyString(),
            null,
            false,
            "A static filter in MongoDB Extended JSON, e.g. {\"status\": \"A\"}, ANDed with every pushed predicate: the "
                    + "table shows only the documents it matches (INSERT OVERWRITE replaces only those)."),
    USER(
            "mongo.user",
            nonEmptyString(),
            null,
            false,
            "User name to authenticate as; needs mongo.password.alias. A user in mongo.uri (user@host) is refused: "
                    + "set it here."),
    PASSWORD_ALIAS(
            "mongo.password.alias",
            nonEmptyString(),
            null,
            false,
            PropertySpec.PASSWORD_ALIAS_DOC + " or in mongo.uri."),
    AUTH_SOURCE(
            "mongo.auth.source",
            nonEmptyString(),
            null,
            false,
            "The database holding the user; defaults to the authSource option of mongo.uri, else admin."),
    AUTH_MECHANISM(
            "mongo.auth.mechanism",
            enumOf(MongoAuthMechanism.class),
            "default",
            false,
            "SASL mechanism: default (negotiated with the server), scram-sha-1 or scram-sha-256."),
    SSL(
            "mongo.ssl",
            bool(),
            "false",
            false,
            "Connect with TLS, trusting mongo.ssl.truststore or else the JVM's default trust store; same as "
                    + "tls=true in mongo.uri. Never falls back to plain text."),
    SSL_TRUSTSTORE("mongo.ssl.truststore", nonEmptyString(), null, false, TlsProperties.TRUST_STORE_DOC),
    SSL_TRUSTSTORE_PASSWORD_ALIAS(
            "mongo.ssl.truststore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.TRUST_STORE_PASSWORD_ALIAS_DOC),
    SSL_KEYSTORE("mongo.ssl.keystore", nonEmptyString(), null, false, TlsProperties.KEY_STORE_DOC),
    SSL_KEYSTORE_PASSWORD_ALIAS(
            "mongo.ssl.keystore.password.alias",
            nonEmptyString(),
            null,
            false,
            TlsProperties.KEY_STORE_PASSWORD_ALIAS_DOC),
    SSL_HOSTNAME_VERIFICATION(
            "mongo.ssl.hostname.verification",
            bool(),
            "true",
            false,
            TlsProperties.HOSTNAME_VERIFICATION_DOC + " tlsAllowInvalidHostnames=true in mongo.uri turns it off too."),
    READ_PREFERENCE(
            "mongo.read-preference",
            enumOf(MongoReadPreference.class),
            null,
            false,
            "Which members serve reads: primary, primary-preferred, secondary, secondary-preferred or nearest; "
                    + "defaults to readPreference of mongo.uri, else primary."),
    WRITE_CONCERN(
            "mongo.write-concern",
            nonEmptyString(),
            null,
            false,
            "Write acknowledgement: majority or a number of members (1 or more), optionally followed by ':journal' "
                    + "and ':wtimeout=<ms>' (how long to wait for the acknowledgement before the write fails), e.g. "
                    + "majority:journal:wtimeout=5000; what it leaves out comes from mongo.uri (w, journal, "
                    + "wtimeoutMS), else the server's default. Unacknowledged (0) writes are refused: a failed write "
                    + "must fail the query."),
    WRITE_MODE(
            "mongo.write.mode",
            enumOf(MongoWriteMode.class),
            "insert",
            false,
            "insert: add documents (a duplicate _id fails the query); upsert: set the mapped fields of the document "
                    + "with the row's _id, creating it if missing (other fields stay, also the sub-fields of a "
                    + "struct column that its type does not declare); replace: replace the whole document with the "
                    + "row's _id, creating it if missing. With mongo.write.staging=true (the default) a retried or "
                    + "speculative task attempt of an insert on Tez adds its rows once."),
    WRITE_STAGING(
            "mongo.write.staging",
            bool(),
            "true",
            false,
            "insert mode on Hive on Tez: true writes each task attempt's rows into a staging collection of the "
                    + "target database (__hivenosql_stage.<query>...), keeps the first successful attempt of each "
                    + "task and copies its rows into the collection when the query commits, so that a retried task "
                    + "adds its rows once (publishing copies every row once more on the server); false inserts "
                    + "directly, and a retried task may insert its rows again. upsert and replace always write "
                    + "directly: they are idempotent by _id."),
    WRITE_BATCH_SIZE(
            "mongo.write.batch-size", integer(1, 100_000), "1000", false, "Documents per unordered bulk write."),
    WRITE_NULLS(
            "mongo.write.nulls",
            bool(),
            "false",
            false,
            "false: a NULL column is left out of the document (a missing field reads as NULL); true: it is written "
                    + "as BSON null."),
    READ_BATCH_SIZE(
            "mongo.read.batch-size",
            integer(1, 1_000_000),
            "1000",
            false,
            "Documents fetched per cursor batch when reading."),
    READ_RESUME_ATTEMPTS(
            "mongo.read.resume-attempts",
            integer(0, 100),
            "5",
            false,
            "How often a split's cursor that fails in the middle for a transient reason (a lost connection, a "
                    + "primary that stepped down or is being elected, a cursor the server dropped) is resumed after "
                    + "the last _id it returned, without reading a document twice; resuming stops after these many "
                    + "attempts or mongo.timeout.ms without a document read. Splits in _id order resume (all but the "
                    + "chunks of a collection sharded on another key than {_id: 1}); they are read sorted by _id, "
                    + "which MongoDB serves from the _id index. 0: no resume and no sort, a failed cursor fails the "
                    + "task (Hive's retry of the task reads the split again)."),
    READ_PRUNE_NESTED(
            "mongo.read.prune-nested",
            bool(),
            "true",
            false,
            "Fetch only the sub-fields of a struct column that a query reads (Hive's nested column pruning). MongoDB "
                    + "matches projected paths case-sensitively while Hive lower-cases struct field names: set false "
                    + "when sub-document field names have upper-case letters, so that whole sub-documents are fetched "
                    + "and matched case-insensitively."),
    SPLIT_MODE(
            "mongo.split.mode",
            enumOf(MongoSplitMode.class),
            "auto",
            false,
            "auto: shard chunks for sharded collections, $sample-based _id ranges for large ones (interpolated "
                    + "between the first and last _id on a server without $sample), one split for small ones; "
                    + "sample, chunks or single force one method."),
    SPLIT_SIZE_MB(
            "mongo.split.size-mb",
            integer(1, 1 << 20),
            "64",
            false,
            "Target data size of a split in MB (from collStats); a collection no larger than this is read as one "
                    + "split."),
    SPLIT_COUNT(
            "mongo.split.count",
            integer(0, 1 << 16),
            "0",
            false,
            "Exact number of _id range splits of a scan; 0 sizes them by mongo.split.size-mb, at most Hive's hint. "
                    + "A filter that pins _id (= or IN) is one split (a list of more than 2,000 _ids, several)."),
    OBJECTID_FORMAT(
            DocumentLayout.OBJECTID_FORMAT_KEY,
            enumOf(MongoObjectIdFormat.class),
            "string",
            false,
            "How the ObjectId columns (mongo.objectid.columns) look in Hive: string (24 hex digits) or struct "
                    + "(mongo-hadoop's struct<oid:string,bsontype:int>)."),
    OBJECTID_COLUMNS(
            DocumentLayout.OBJECTID_COLUMNS_KEY,
            string(),
            null,
            false,
            "Comma-separated Hive columns whose values are ObjectIds, written back as ObjectIds; defaults to the "
                    + "column mapped to _id. Set it to '' when _id holds other values (strings, numbers)."),
    INDEXES(
            "mongo.indexes",
            nonEmptyString(),
            null,
            false,
            "For collections Hive creates: the indexes to build, ';'-separated; each a ','-separated list of "
                    + "column[:1|-1|hashed|text], optionally preceded by 'unique ', e.g. "
                    + "'unique o_orderkey; o_custkey, o_orderdate:-1'."),
    TIMEOUT_MS(
            "mongo.timeout.ms",
            integer(1, 3_600_000),
            "30000",
            false,
            "Timeout in milliseconds for selecting a server and for connecting; when this property is not set, "
                    + "serverSelectionTimeoutMS and connectTimeoutMS in mongo.uri win. Socket reads have no timeout "
                    + "(a selective scan may wait long for its first batch) unless mongo.uri sets socketTimeoutMS. A "
                    + "query fails within about this timeout of its servers becoming unreachable: the retries of a "
                    + "failed task wait only for what is left of it.");

    /** The TLS properties, for the core ({@link TlsProperties}). */
    static final TlsProperties TLS = new TlsProperties(
            SSL,
            SSL_TRUSTSTORE,
            SSL_TRUSTSTORE_PASSWORD_ALIAS,
            SSL_KEYSTORE,
            SSL_KEYSTORE_PASSWORD_ALIAS,
            SSL_HOSTNAME_VERIFICATION);

    private final PropertySpec spec;

    MongoTableProperties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
        this.spec = new PropertySpec(key, type, defaultValue, required, doc);
    }

    /**
     * The document layout a table's properties describe ({@code mongo.objectid.format}, {@code mongo.objectid.columns},
     * {@code mongo.write.nulls}), for collections and BSON files alike.
     *
     * @throws io.hivenosql.api.error.HandlerException naming the column when an ObjectId column is missing or of the
     *     wrong type
     */
    static DocumentLayout layout(String tableName, TableConfig config, TableMapping mapping) {
        return DocumentLayout.of(
                tableName,
                mapping,
                config.get(OBJECTID_FORMAT),
                config.getOptional(OBJECTID_COLUMNS),
                config.<Boolean>get(WRITE_NULLS));
    }

    @Override
    public PropertySpec spec() {
        return spec;
    }
}
