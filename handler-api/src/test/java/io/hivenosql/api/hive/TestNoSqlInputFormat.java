package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.hive.serde2.ColumnProjectionUtils;
import org.junit.jupiter.api.Test;

/** The scan request a task's input format works out once for the splits of one scan. */
class TestNoSqlInputFormat {
    private final TestingInputFormat format = new TestingInputFormat();
    private final TableContext table = TableContexts.create(
            format.connector(),
            "db.people",
            Map.of("testing.dataset", "input-format-memo"),
            List.of(HiveColumn.of("id", "string"), HiveColumn.of("name", "string")),
            null);

    @Test
    void aScanRequestDependsOnlyOnTheColumnsReadNestedPathsAndFilter() throws IOException {
        ReadRequest first = format.readRequest(table, scan("1", "name"));

        // other settings, and column ids that Hive's column names override, ask for the same scan
        Configuration same = scan("1,0", "name");
        same.set("mapreduce.job.name", "another job");
        assertThat(format.readRequest(table, same)).isSameAs(first);
        assertThat(first.projection()).containsExactly(1);

        ReadRequest other = format.readRequest(table, scan("0", "id"));
        assertThat(other).isNotSameAs(first);
        assertThat(other.projection()).containsExactly(0);
        assertThat(format.readRequest(table, scan("0", "id"))).isSameAs(other);
    }

    private static Configuration scan(String columnIds, String columnNames) {
        Configuration conf = new Configuration(false);
        conf.setBoolean(ColumnProjectionUtils.READ_ALL_COLUMNS, false);
        conf.set(ColumnProjectionUtils.READ_COLUMN_IDS_CONF_STR, columnIds);
        conf.set(ColumnProjectionUtils.READ_COLUMN_NAMES_CONF_STR, columnNames);
        return conf;
    }
}
