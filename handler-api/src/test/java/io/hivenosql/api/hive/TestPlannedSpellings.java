package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.config.TableProperty;
import io.hivenosql.api.mapping.ColumnMapping;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.mapping.TableMapping;
import io.hivenosql.api.pushdown.FilterCapabilities;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSink;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.spi.TableHandle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/** The store is sampled once per query and table, whichever handler instance asks, and not for ever. */
class TestPlannedSpellings {
    private final AtomicLong clock = new AtomicLong();
    private final PlannedSpellings planned = new PlannedSpellings(clock::get);
    private final SamplingConnector connector = new SamplingConnector();

    @Test
    void oneSamplePerQueryAndTable() {
        TableContext table = table("db.a", "x");
        TableContext first = planned.resolve(connector, table, query("q1"));
        assertThat(first.mapping().column(1).path()).isEqualTo("Name1");
        TableContext again = planned.resolve(connector, table("db.a", "x"), query("q1"));
        assertThat(again.mapping()).isSameAs(first.mapping());
        assertThat(connector.samples.get()).isEqualTo(1);
        // another query samples again (the data may have changed), and so does another table
        assertThat(planned.resolve(connector, table, query("q2"))
                        .mapping()
                        .column(1)
                        .path())
                .isEqualTo("Name2");
        planned.resolve(connector, table("db.b", "x"), query("q2"));
        // a changed definition of the table is another table
        planned.resolve(connector, table("db.a", "y"), query("q2"));
        assertThat(connector.samples.get()).isEqualTo(4);
    }

    @Test
    void samplesExpire() {
        TableContext table = table("db.a", "x");
        planned.resolve(connector, table, new Configuration(false));
        clock.addAndGet((PlannedSpellings.UNKNOWN_QUERY_SECONDS - 1) * 1_000_000_000L);
        planned.resolve(connector, table, new Configuration(false));
        assertThat(connector.samples.get()).isEqualTo(1);
        clock.addAndGet(2_000_000_000L);
        planned.resolve(connector, table, new Configuration(false));
        assertThat(connector.samples.get()).isEqualTo(2);
        planned.resolve(connector, table, query("q"));
        clock.addAndGet((PlannedSpellings.QUERY_SECONDS - 1) * 1_000_000_000L);
        planned.resolve(connector, table, query("q"));
        assertThat(connector.samples.get()).isEqualTo(3);
    }

    @Test
    void keepsAtMostSoManyTables() {
        for (int i = 0; i <= PlannedSpellings.MAX_ENTRIES; i++) {
            planned.resolve(connector, table("db.t" + i, "x"), query("q"));
        }
        planned.resolve(connector, table("db.t" + PlannedSpellings.MAX_ENTRIES, "x"), query("q"));
        assertThat(connector.samples.get()).isEqualTo(PlannedSpellings.MAX_ENTRIES + 1);
        planned.resolve(connector, table("db.t0", "x"), query("q"));
        assertThat(connector.samples.get()).as("the oldest was dropped").isEqualTo(PlannedSpellings.MAX_ENTRIES + 2);
    }

    private static Configuration query(String id) {
        Configuration conf = new Configuration(false);
        conf.set(PlannedSpellings.QUERY_ID, id);
        return conf;
    }

    private TableContext table(String name, String dataset) {
        return TableContexts.create(
                connector,
                name,
                Map.of("testing.dataset", dataset),
                List.of(HiveColumn.of("id", "string"), HiveColumn.of("name", "string")),
                new Configuration(false));
    }

    /** The testing connector, whose sample spells column 1 {@code Name<n>} at the n-th sample. */
    private static final class SamplingConnector implements NoSqlConnector {
        private final TestingNoSqlConnector delegate = new TestingNoSqlConnector();
        private final AtomicInteger samples = new AtomicInteger();

        @Override
        public TableContext withStoredSpellings(TableContext table) {
            int sample = samples.incrementAndGet();
            List<ColumnMapping> columns = new ArrayList<>(table.mapping().columns());
            columns.set(1, columns.get(1).withStoredSpellings(List.of("Name" + sample)));
            return table.withHandle(bind(table.config(), new TableMapping(columns)));
        }

        @Override
        public String storeName() {
            return delegate.storeName();
        }

        @Override
        public List<? extends TableProperty> tableProperties() {
            return delegate.tableProperties();
        }

        @Override
        public String columnsMappingProperty() {
            return delegate.columnsMappingProperty();
        }

        @Override
        public TableHandle bind(TableConfig config, TableMapping mapping) {
            return delegate.bind(config, mapping);
        }

        @Override
        public FilterCapabilities filterCapabilities(TableContext table) {
            return delegate.filterCapabilities(table);
        }

        @Override
        public List<SplitSpec> planSplits(ReadRequest request, int desiredSplits) {
            throw new UnsupportedOperationException();
        }

        @Override
        public RecordSource openReader(ReadRequest request, SplitSpec split) {
            throw new UnsupportedOperationException();
        }

        @Override
        public RecordSink openWriter(TableContext table) {
            throw new UnsupportedOperationException();
        }

        @Override
        public void truncate(TableContext table) {
            throw new UnsupportedOperationException();
        }
    }
}
