package io.hivenosql.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.hive.TestingNoSqlConnector;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.ColumnRole;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.spi.BoundTable;
import io.hivenosql.api.spi.TableHandle;
import io.hivenosql.api.types.PrimitiveType;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class TestBoundTables {
    private final BoundTables tables = new BoundTables();
    private final TestingNoSqlConnector model = new TestingNoSqlConnector();
    private final AtomicInteger binds = new AtomicInteger();

    @Test
    void bindsTheSameTextOnce() {
        TableHandle first = tables.get(model, "db.t", "{\"columns\":[]}", "{\"a\":\"1\"}", bind("db.t"));
        TableHandle second = tables.get(model, "db.t", "{\"columns\":[]}", "{\"a\":\"1\"}", bind("db.t"));

        assertThat(second).isSameAs(first);
        assertThat(binds).hasValue(1);
    }

    @Test
    void bindsAgainWhenAnythingOfTheTableChanged() {
        TableHandle handle = tables.get(model, "db.t", "m", "p", bind("db.t"));

        assertThat(tables.get(model, "db.t", "m2", "p", bind("db.t"))).isNotSameAs(handle);
        assertThat(tables.get(model, "db.t", "m", "p2", bind("db.t"))).isNotSameAs(handle);
        assertThat(tables.get(model, "db.u", "m", "p", bind("db.u"))).isNotSameAs(handle);
        assertThat(binds).hasValue(4);
    }

    @Test
    void bindsTheSameValuesOnceAndAgainWhenAnyOfThemChanged() {
        TableMapping mapping =
                new TableMapping(List.of(new ColumnMapping("id", PrimitiveType.STRING, "id", ColumnRole.FIELD)));
        TableMapping other =
                new TableMapping(List.of(new ColumnMapping("id", PrimitiveType.STRING, "ID", ColumnRole.FIELD)));
        TableHandle first = tables.get(model, "db.t", mapping, Map.of("a", "1", "b", "2"), bind("db.t"));

        assertThat(tables.get(
                        model, "db.t", mapping, new java.util.TreeMap<>(Map.of("b", "2", "a", "1")), bind("db.t")))
                .isSameAs(first);
        assertThat(binds).hasValue(1);
        assertThat(tables.get(model, "db.t", other, Map.of("a", "1", "b", "2"), bind("db.t")))
                .isNotSameAs(first);
        assertThat(tables.get(model, "db.t", mapping, Map.of("a", "1"), bind("db.t")))
                .isNotSameAs(first);
        assertThat(tables.get(model, "db.u", mapping, Map.of("a", "1", "b", "2"), bind("db.u")))
                .isNotSameAs(first);
        assertThat(binds).hasValue(4);
    }

    @Test
    void neverKeepsATableWhosePropertiesAreUnknown() {
        tables.get(model, "db.t", "m", null, bind("db.t"));
        tables.get(model, "db.t", "m", null, bind("db.t"));

        assertThat(binds).hasValue(2);
        assertThat(tables.size()).isZero();
    }

    @Test
    void keepsOnlyTheTablesUsedLast() {
        for (int i = 0; i < 40; i++) {
            tables.get(model, "db.t" + i, "m", "p", bind("db.t" + i));
        }
        tables.get(model, "db.t39", "m", "p", bind("db.t39"));
        tables.get(model, "db.t0", "m", "p", bind("db.t0"));

        assertThat(tables.size()).isEqualTo(32);
        assertThat(binds).hasValue(41);
    }

    private Supplier<TableHandle> bind(String name) {
        return () -> {
            binds.incrementAndGet();
            return new BoundTable(
                    TableConfig.validate(name, Map.of(), List.of(), Set.of()),
                    new TableMapping(List.of(new ColumnMapping("id", PrimitiveType.STRING, "id", ColumnRole.FIELD))));
        };
    }
}
