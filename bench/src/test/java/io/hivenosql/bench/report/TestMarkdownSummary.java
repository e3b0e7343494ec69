package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.Target;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMarkdownSummary {
    @Test
    void headlineTablePerScaleFactor() {
        String markdown = MarkdownSummary.render(TestingBenchResults.twoScaleFactors());
        assertThat(markdown)
                .contains("### Scale factor 1 (6,000,000 lineitem rows, 3 timed runs after 1 warm-up)")
                .contains("| redis | 500,000 | 62.5 | 0.33\u00d7 | 0.17\u00d7 | 0.25\u00d7 | 107,143 |")
                .contains("| mongo | 750,000 | 93.8 | 0.50\u00d7 | 0.25\u00d7 | \u2014 | 150,000 |")
                .contains("**1 of 4 queries return different results:** probe_key_lookup.")
                .contains("All 2 queries return the same results on all 5 targets.")
                .contains("### Hive scan rows/s by scale factor")
                .contains("| hdfs-orc | 3,000,000 | 3,000,000 |")
                .contains("| cassandra | \u2014 | 250,000 |")
                .doesNotContain("NaN");
        assertThat(markdown.indexOf("### Scale factor 0.1")).isLessThan(markdown.indexOf("### Scale factor 1 "));
    }

    @Test
    void namesWhatServesEachMongoTarget() {
        BenchResults results = TestingBenchResults.mongoTargets();
        assertThat(results.label(Target.MONGO_FERRETDB))
                .isEqualTo("mongo-ferretdb (FerretDB 1.24 on PostgreSQL 15, a MongoDB-compatible server, not mongod)");
        assertThat(results.label(Target.HDFS_ORC)).isEqualTo("hdfs-orc");
        assertThat(MarkdownSummary.render(results))
                .contains("| mongo-ferretdb | 7,522 |")
                .contains("Servers: mongo (" + TestingBenchResults.DOUBLE_SERVER + "); mongo-ferretdb ("
                        + TestingBenchResults.FERRETDB_SERVER
                        + "). On mongo-ferretdb the handler stores the decimal(12,2) "
                        + "money columns as BSON doubles");
        // a run that does not know its servers names none
        assertThat(MarkdownSummary.render(TestingBenchResults.oneScaleFactor())).doesNotContain("Servers:");
    }

    @Test
    void noGrowthTableWithOneScaleFactor() {
        assertThat(MarkdownSummary.render(TestingBenchResults.oneScaleFactor())).doesNotContain("by scale factor");
    }

    @Test
    void countsRunsInWords() {
        BenchResults three = TestingBenchResults.oneScaleFactor();
        assertThat(three.runsDescription()).isEqualTo("3 timed runs after 1 warm-up");
        assertThat(new BenchResults(three.started(), three.machine(), 0, 1, three.scaleFactors()).runsDescription())
                .isEqualTo("1 timed run, no warm-up");
        assertThat(new BenchResults(three.started(), three.machine(), 2, 5, three.scaleFactors()).runsDescription())
                .isEqualTo("5 timed runs after 2 warm-ups");
    }

    @Test
    void escapesTableCells() {
        assertThat(MarkdownSummary.cell("a|b<c\nd")).isEqualTo("a\\|b&lt;c d");
    }

    @Test
    void writesEveryReportFile(@TempDir Path dir) throws Exception {
        BenchResults results = TestingBenchResults.twoScaleFactors();
        assertThat(BenchReport.write(results, dir))
                .extracting(path -> path.getFileName().toString())
                .containsExactly("report.html", "results.csv", "summary.csv", "summary.md");
        assertThat(Files.readString(dir.resolve("summary.md"))).isEqualTo(MarkdownSummary.render(results));
    }
}
