package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.failover.RequestRecord;
import io.hivenosql.bench.failover.RequestRecord.Outcome;
import io.hivenosql.bench.failover.RowsCheck;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class TestFailoverReport {
    private static final String XHTML = "http://www.w3.org/1999/xhtml";

    @Test
    void thePageIsWellFormedAndHasTheStudysTables() throws Exception {
        List<RequestRecord> records = TestingFailoverResults.with(
                TestingFailoverResults.clean(), 150, Outcome.FAILED_NODE_LOSS, "HNS-204 REPLICAS_UNAVAILABLE <x>");
        String html = FailoverReport.render(TestingFailoverResults.results(
                records, false, Optional.of(Duration.ofMillis(1500)), TestingFailoverResults.nothingLost()));
        Document document = parse(html);
        NodeList tables = document.getElementsByTagNameNS(XHTML, "table");
        // machine, by phase, by phase and type, rows lost, execution, failures, memory
        assertThat(tables.getLength()).isEqualTo(7);
        assertThat(html)
                .contains(
                        "<th>Test</th>",
                        "<th>Req/Sec</th>",
                        "<th>Millis</th>",
                        ">50%</th>",
                        ">99.5%</th>",
                        ">99.9%</th>",
                        ">Max</th>",
                        ">Mean</th>",
                        ">Err</th>",
                        ">Fail</th>",
                        ">Thr</th>")
                .contains("failure detection")
                .contains("1,500 ms (measured)")
                .contains("HNS-204 REPLICAS_UNAVAILABLE &lt;x&gt;")
                .contains("\u2717 Target missed (0 failed requests, 0 rows lost, no wrong result): 1 failed requests");
    }

    @Test
    void cassandraMustNotFailAtAll() {
        FailoverResults clean = TestingFailoverResults.results(
                TestingFailoverResults.clean(), false, Optional.empty(), TestingFailoverResults.nothingLost());
        assertThat(FailoverReport.verdict(clean)).isEmpty();
        assertThat(FailoverReport.render(clean)).contains("\u2713 Target met");
        RowsCheck lost = RowsCheck.of(Set.of(1L, 2L), Set.of(), 1, List.of(1L), List.of(1L));
        assertThat(FailoverReport.verdict(
                        TestingFailoverResults.results(TestingFailoverResults.clean(), false, Optional.empty(), lost)))
                .containsExactly("1 rows lost");
        List<RequestRecord> wrong =
                TestingFailoverResults.with(TestingFailoverResults.clean(), 3, Outcome.WRONG, "returned k = 7 twice");
        assertThat(FailoverReport.verdict(TestingFailoverResults.results(
                        wrong, false, Optional.empty(), TestingFailoverResults.nothingLost())))
                .containsExactly("1 reads with a wrong result");
    }

    @Test
    void redisMayFailOnlyDuringThePromotionWindow() {
        // request 150 ends at 14.5 s, well after the kill at 10 s
        List<RequestRecord> late = TestingFailoverResults.with(
                TestingFailoverResults.clean(), 150, Outcome.FAILED_NODE_LOSS, "CLUSTERDOWN");
        assertThat(FailoverReport.verdict(TestingFailoverResults.results(
                        late, true, Optional.of(Duration.ofSeconds(1)), TestingFailoverResults.nothingLost())))
                .containsExactly("1 failed requests outside the promotion window");
        assertThat(FailoverReport.verdict(TestingFailoverResults.results(
                        late, true, Optional.of(Duration.ofSeconds(6)), TestingFailoverResults.nothingLost())))
                .isEmpty();
    }

    @Test
    void writesTheCsvFilesAndTheSummary(@TempDir Path dir) throws Exception {
        FailoverResults results = TestingFailoverResults.results(
                TestingFailoverResults.clean(),
                true,
                Optional.of(Duration.ofMillis(1234)),
                TestingFailoverResults.nothingLost());
        List<Path> files = FailoverReport.write(results, dir);
        assertThat(files)
                .extracting(path -> path.getFileName().toString())
                .containsExactly("report.html", "failover.csv", "requests.csv", "summary.md");
        List<String> table = Files.readAllLines(dir.resolve("failover.csv"));
        assertThat(table.get(0)).isEqualTo(String.join(",", FailoverCsv.TABLE_HEADER));
        // 4 phases, then 4 phases x 3 request types
        assertThat(table).hasSize(1 + 4 + 12);
        assertThat(table.get(1)).startsWith("redis,before the kill,100,10,10000,");
        List<String> requests = Files.readAllLines(dir.resolve("requests.csv"));
        assertThat(requests).hasSize(301);
        assertThat(requests.get(1)).isEqualTo("0,lookup,0,89,1,before the kill,OK,");
        assertThat(Files.readString(dir.resolve("summary.md")))
                .contains("promotion window: 1,234 ms (measured)")
                .contains("| Test | Requests | Req/Sec | Millis | 50% |")
                .contains("| whole run | 300 | 10.0 | 30,000 |")
                .contains("Target (0 rows lost, no wrong result; only requests in flight during the promotion "
                        + "window may fail): met");
    }

    private static Document parse(String html) throws Exception {
        DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
        factory.setNamespaceAware(true);
        return factory.newDocumentBuilder()
                .parse(new InputSource(new StringReader(html.substring(html.indexOf("<html")))));
    }
}
