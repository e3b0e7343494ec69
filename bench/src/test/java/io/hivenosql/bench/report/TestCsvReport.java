package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestCsvReport {
    private final BenchResults results = TestingBenchResults.twoScaleFactors();

    @Test
    void oneRowPerMeasurement() {
        List<Map<String, String>> rows = parse(CsvReport.results(results), CsvReport.RESULTS_HEADER);
        int measurements = results.scaleFactors().stream()
                .mapToInt(sf ->
                        sf.loads().size() + sf.queries().size() + sf.rawScans().size())
                .sum();
        assertThat(measurements).isEqualTo(13 + 5 * 4 * 4 + 3 * 2 * 4 + 1);
        assertThat(rows).hasSize(measurements);
        assertThat(rows.stream().filter(kind("load"))).hasSize(7);
        assertThat(rows.stream().filter(kind("raw_scan"))).hasSize(6);
        assertThat(rows.stream().filter(kind("query"))).hasSize(5 * 4 * 4 + 3 * 2 * 4 + 1);
    }

    @Test
    void writesExactNumbers() {
        List<Map<String, String>> rows = parse(CsvReport.results(results), CsvReport.RESULTS_HEADER);
        Map<String, String> orcScan = rows.stream()
                .filter(kind("query"))
                .filter(row -> row.get("scale_factor").equals("1")
                        && row.get("target").equals("hdfs-orc")
                        && row.get("table_or_query").equals("probe_full_scan")
                        && row.get("run").equals("2"))
                .findFirst()
                .orElseThrow();
        assertThat(orcScan)
                .containsEntry("warmup", "false")
                .containsEntry("seconds", "2.3")
                .containsEntry("rows", "42")
                .containsEntry("rows_per_second", "");
        Map<String, String> warmup = rows.stream()
                .filter(kind("query"))
                .filter(row -> row.get("run").equals("1"))
                .findFirst()
                .orElseThrow();
        assertThat(warmup).containsEntry("warmup", "true").containsEntry("seconds", "100");
        assertThat(rows.stream().filter(kind("raw_scan")).map(row -> row.get("rows_per_second")))
                .containsExactly("100000", "1000000", "4000000", "2000000", "500000", "1000000");
        assertThat(rows.stream().filter(kind("load")).filter(row -> row.get("scale_factor")
                        .equals("0.1")))
                .extracting(row -> row.get("rows_per_second"))
                .containsExactly("5", "");
    }

    @Test
    void quotesCommasAndQuotes() {
        String csv = CsvReport.results(results);
        assertThat(csv).contains(",\"q<&\"\"x,y\",").contains(",\"odd, \"\"table\"\" <&>\",");
        List<Map<String, String>> rows = parse(csv, CsvReport.RESULTS_HEADER);
        assertThat(rows)
                .filteredOn(row -> row.get("table_or_query").equals(TestingBenchResults.ODD_QUERY))
                .hasSize(12);
        assertThat(rows)
                .filteredOn(row -> row.get("table_or_query").equals(TestingBenchResults.ODD_TABLE))
                .hasSize(1);
        assertThat(CsvReport.field("plain")).isEqualTo("plain");
        assertThat(CsvReport.field("a\nb")).isEqualTo("\"a\nb\"");
        assertThat(CsvReport.field("")).isEqualTo("");
    }

    @Test
    void linesEndWithCrLf() {
        String csv = CsvReport.results(results);
        assertThat(csv)
                .startsWith(String.join(",", CsvReport.RESULTS_HEADER) + "\r\n")
                .endsWith("\r\n");
        assertThat(csv.replace("\r\n", "")).doesNotContain("\n").doesNotContain("\r");
    }

    @Test
    void summaryRowPerScaleFactorTargetAndQuery() {
        List<Map<String, String>> rows = parse(CsvReport.summary(results), CsvReport.SUMMARY_HEADER);
        assertThat(rows).hasSize(5 * 4 + 3 * 2 + 1);
        Map<String, String> redis = rows.stream()
                .filter(row -> row.get("scale_factor").equals("1")
                        && row.get("target").equals("redis")
                        && row.get("query").equals("probe_full_scan"))
                .findFirst()
                .orElseThrow();
        assertThat(redis)
                .containsEntry("runs", "3")
                .containsEntry("median_seconds", "12")
                .containsEntry("min_seconds", "11.9")
                .containsEntry("max_seconds", "12.3")
                .containsEntry("rows", "42")
                .containsEntry("results_match", "true")
                .containsEntry("difference", "");
        assertThat(rows)
                .filteredOn(row -> row.get("query").equals("probe_key_lookup"))
                .hasSize(5)
                .allSatisfy(row -> assertThat(row)
                        .containsEntry("results_match", "false")
                        .containsEntry("difference", TestingBenchResults.DIFFERENCE));
        // scale factors in ascending order, queries in TPC-H then probe order
        assertThat(rows.stream().map(row -> row.get("scale_factor")).distinct()).containsExactly("0.1", "1");
    }

    @Test
    void writesBothFiles(@TempDir Path dir) throws Exception {
        List<Path> files = CsvReport.write(results, dir.resolve("new"));
        assertThat(files)
                .extracting(path -> path.getFileName().toString())
                .containsExactly(CsvReport.RESULTS_FILE, CsvReport.SUMMARY_FILE);
        assertThat(Files.readString(files.get(0))).isEqualTo(CsvReport.results(results));
        assertThat(Files.readString(files.get(1))).isEqualTo(CsvReport.summary(results));
    }

    private static Predicate<Map<String, String>> kind(String kind) {
        return row -> row.get("kind").equals(kind);
    }

    /** Parses RFC 4180 CSV, checks the header and every record's width, and returns the records as maps. */
    static List<Map<String, String>> parse(String csv, List<String> header) {
        List<List<String>> records = records(csv);
        assertThat(records).isNotEmpty();
        assertThat(records.get(0)).containsExactlyElementsOf(header);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> record : records.subList(1, records.size())) {
            assertThat(record).hasSameSizeAs(header);
            rows.add(IntStream.range(0, header.size()).boxed().collect(Collectors.toMap(header::get, record::get)));
        }
        return rows;
    }

    private static List<List<String>> records(String csv) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < csv.length(); i++) {
            char c = csv.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < csv.length() && csv.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                assertThat(field)
                        .as("a quote inside an unquoted field at %s", i)
                        .isEmpty();
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\r') {
                assertThat(csv.charAt(i + 1)).isEqualTo('\n');
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
                i++;
            } else {
                assertThat(c).as("a bare line feed at %s", i).isNotEqualTo('\n');
                field.append(c);
            }
        }
        assertThat(quoted).as("an unterminated quoted field").isFalse();
        assertThat(record).isEmpty();
        return records;
    }
}
