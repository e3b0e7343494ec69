package io.hivenosql.api.catalog;

import static io.hivenosql.api.config.PropertyType.nonEmptyString;

import io.hivenosql.api.config.PropertySpec;
import io.hivenosql.api.config.PropertyType;
import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.schema.SampleBudget;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.spi.TableHandle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A store of named schemas for {@link CatalogMapper}'s tests: {@code shelf.scope} lists the objects whose names start
 * with the scope and a dot; an object whose schema is null fails inference; {@code shelf.scope} = {@code broken} fails
 * the listing. It reads and writes nothing.
 */
final class TestingCatalogConnector implements NoSqlConnector {
    enum Properties implements TableProperty {
        SCOPE("shelf.scope", nonEmptyString(), null, true, "What to list."),
        OBJECT("shelf.object", nonEmptyString(), null, false, "The object of a table."),
        PASSWORD_ALIAS("shelf.password.alias", nonEmptyString(), null, false, "Alias of the password.");

        private final PropertySpec spec;

        Properties(String key, PropertyType<?> type, String defaultValue, boolean required, String doc) {
            this.spec = new PropertySpec(key, type, defaultValue, required, doc);
        }

        @Override
        public PropertySpec spec() {
            return spec;
        }
    }

    private final Map<String, InferredSchema> schemas;
    final List<String> inferred = new ArrayList<>();
    final List<Integer> budgets = new ArrayList<>();

    private final boolean lists;

    TestingCatalogConnector(Map<String, InferredSchema> schemas) {
        this(schemas, true);
    }

    /** @param lists false: the SPI's default listing (a store that cannot list) */
    TestingCatalogConnector(Map<String, InferredSchema> schemas, boolean lists) {
        this.schemas = new LinkedHashMap<>(schemas);
        this.lists = lists;
    }

    @Override
    public List<StoreObject> listObjects(TableConfig scope, SecretResolver secrets) throws IOException {
        if (!lists) {
            return NoSqlConnector.super.listObjects(scope, secrets);
        }
        String prefix = scope.get(Properties.SCOPE);
        if (prefix.equals("broken")) {
            throw new IOException("the shelf fell over");
        }
        List<StoreObject> objects = new ArrayList<>();
        for (String name : schemas.keySet()) {
            if (name.startsWith(prefix + ".")) {
                Map<String, String> properties = new LinkedHashMap<>(scope.rawProperties());
                properties.put(Properties.OBJECT.key(), name);
                objects.add(new StoreObject(name.substring(prefix.length() + 1), properties));
            }
        }
        return objects;
    }

    @Override
    public InferredSchema inferSchema(
            String tableName, TableConfig config, SecretResolver secrets, TableFiles files, SampleBudget budget) {
        String object = config.get(Properties.OBJECT);
        inferred.add(tableName + "=" + object);
        budgets.add(budget.records());
        InferredSchema schema = schemas.get(object);
        if (schema == null) {
            throw new HandlerException(HandlerErrorCode.UNSUPPORTED_TYPE, "object " + object + " has a strange type");
        }
        return schema;
    }

    @Override
    public String storeName() {
        return "shelf";
    }

    @Override
    public List<Properties> tableProperties() {
        return List.of(Properties.values());
    }

    @Override
    public String columnsMappingProperty() {
        return "shelf.columns.mapping";
    }

    @Override
    public TableHandle bind(TableConfig config, TableMapping mapping) {
        throw new UnsupportedOperationException("map binds no table");
    }

    @Override
    public FilterCapabilities filterCapabilities(TableContext table) {
        throw new UnsupportedOperationException("map reads nothing");
    }

    @Override
    public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) {
        throw new UnsupportedOperationException("map reads nothing");
    }

    @Override
    public RecordSource openReader(ReadRequest request, SplitSpec split) {
        throw new UnsupportedOperationException("map reads nothing");
    }

    @Override
    public RecordSink openWriter(TableContext table) {
        throw new UnsupportedOperationException("map writes nothing");
    }

    @Override
    public void truncate(TableContext table) {
        throw new UnsupportedOperationException("map writes nothing");
    }
}
