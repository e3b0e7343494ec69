package io.hivenosql.mongo;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.types.PrimitiveType;
import io.hivenosql.mongo.bson.DocumentLayout;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The collections of a database ({@link MongoConnector#listObjects}), for {@code bin/hive-nosql map}: the database of
 * {@code mongo.database} or {@code mongo.uri}'s path ({@code mongodb://host/shop}), which must be named (a scope has
 * no Hive table name to default to). MongoDB's own {@code system.*} collections are left out. Each collection's
 * properties are the scope's with {@code mongo.collection} naming it, which overrides any collection in the URI.
 */
final class MongoCatalog {
    private MongoCatalog() {}

    static List<StoreObject> list(TableConfig scope, SecretResolver secrets) {
        String scopeName = scope.tableName();
        boolean named = scope.isSet(MongoTableProperties.DATABASE)
                || MongoUri.parse(scopeName, scope.get(MongoTableProperties.URI))
                        .database()
                        .isPresent();
        if (!named) {
            throw new HandlerException(
                    HandlerErrorCode.MISSING_TABLE_PROPERTY,
                    scopeName + ": name the database whose collections to list, in " + MongoTableProperties.URI.key()
                            + " (mongodb://host:27017/shop) or " + MongoTableProperties.DATABASE.key());
        }
        // a stand-in column: the handle needs a mapping, and listing reads none of it
        TableMapping standIn = new TableMapping(
                List.of(new ColumnMapping("id", PrimitiveType.STRING, DocumentLayout.ID_FIELD, ColumnRole.KEY)));
        MongoTable table = MongoTable.bind(scopeName, scope, standIn);
        TreeSet<String> names = new TreeSet<>();
        try (MongoClients.Lease lease = MongoClients.acquire(new TableContext(table, secrets))) {
            lease.client().getDatabase(table.database()).listCollectionNames().forEach(name -> {
                if (!name.startsWith("system.")) {
                    names.add(name);
                }
            });
        } catch (RuntimeException e) {
            throw MongoErrors.storeError(
                    table, "listing the collections of database " + table.database(), e, HandlerErrorCode.STORE_ERROR);
        }
        List<StoreObject> objects = new ArrayList<>();
        for (String name : names) {
            Map<String, String> properties = new LinkedHashMap<>(scope.rawProperties());
            properties.put(MongoTableProperties.COLLECTION.key(), name);
            objects.add(new StoreObject(name, properties));
        }
        return objects;
    }
}
