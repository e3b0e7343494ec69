package io.hivenosql.mongo;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoCollection;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.bson.BsonDocument;

/**
 * Builds the {@link TableContext} of a MongoDB table as the Hive adapters do ({@link TableContexts#create}), on a
 * collection of the shared test server, and checks collections with a plain driver client.
 */
final class TestingMongoWriteTables {
    static final MongoConnector CONNECTOR = new MongoConnector();

    private final String database;
    private final String name;
    private final List<HiveColumn> columns = new ArrayList<>();
    private final Map<String, String> properties = new LinkedHashMap<>();

    private TestingMongoWriteTables(String database, String name, String uri) {
        this.database = database;
        this.name = name;
        properties.put("mongo.uri", uri);
    }

    /** Hive table {@code <database>.<collection>} on collection {@code <database>.<collection>} of {@code server}. */
    static TestingMongoWriteTables table(TestingMongoServer server, String database, String collection) {
        return new TestingMongoWriteTables(database, collection, server.databaseUri(database, collection));
    }

    /** A table whose {@code mongo.uri} names {@code uri} (e.g. a server that does not answer). */
    static TestingMongoWriteTables table(String uri, String database, String collection) {
        return new TestingMongoWriteTables(database, collection, uri);
    }

    TestingMongoWriteTables column(String column, String hiveType) {
        columns.add(HiveColumn.of(column, hiveType));
        return this;
    }

    TestingMongoWriteTables property(String key, String value) {
        if (value == null) {
            properties.remove(key);
        } else {
            properties.put(key, value);
        }
        return this;
    }

    /** Sets {@code mongo.columns.mapping} from pairs of Hive column and field path. */
    TestingMongoWriteTables mapping(String... columnsAndPaths) {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i < columnsAndPaths.length; i += 2) {
            json.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(columnsAndPaths[i])
                    .append("\":\"")
                    .append(columnsAndPaths[i + 1])
                    .append('"');
        }
        return property("mongo.columns.mapping", json.append('}').toString());
    }

    TableContext build() {
        return build(null);
    }

    /** The table as a task (or HiveServer2) with {@code conf} opens it: the task attempt comes from there. */
    TableContext build(org.apache.hadoop.conf.Configuration conf) {
        return TableContexts.create(CONNECTOR, database + "." + name, properties, columns, conf);
    }

    /** A plain driver client on the server; the caller closes it. */
    static MongoClient client(TestingMongoServer server) {
        return com.mongodb.client.MongoClients.create(server.uri());
    }

    static MongoCollection<BsonDocument> collection(MongoClient client, String database, String collection) {
        return client.getDatabase(database).getCollection(collection, BsonDocument.class);
    }

    /** The documents of a collection sorted by {@code _id}. */
    static List<BsonDocument> documents(MongoCollection<BsonDocument> collection) {
        return collection
                .find()
                .sort(new BsonDocument("_id", new org.bson.BsonInt32(1)))
                .into(new ArrayList<>());
    }

    static void write(TableContext table, List<Object[]> rows) throws IOException {
        try (RecordSink sink = CONNECTOR.openWriter(table)) {
            for (Object[] row : rows) {
                sink.write(row);
            }
        }
    }
}
