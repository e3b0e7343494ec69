package io.hivenosql.bench.report;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.bench.Target;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class TestHtmlReport {
    private static final String XHTML = "http://www.w3.org/1999/xhtml";
    private static final String SVG = "http://www.w3.org/2000/svg";

    private final String html = HtmlReport.render(TestingBenchResults.twoScaleFactors());
    private final Document document = parse(html);

    @Test
    void isWellFormedXhtmlWithInlineSvg() {
        assertThat(html).startsWith("<!DOCTYPE html>\n<html xmlns=\"" + XHTML + "\"");
        assertThat(document.getDocumentElement().getLocalName()).isEqualTo("html");
        // per scale factor: scan rates, ratios, query times, loads; then the growth of rates and of ratios
        assertThat(elements(SVG, "svg")).hasSize(4 + 4 + 2);
        assertThat(elements(XHTML, "figure")).hasSize(10);
    }

    @Test
    void isSelfContained() {
        assertThat(html)
                .doesNotContain("<script")
                .doesNotContain("<link")
                .doesNotContain("@import")
                .doesNotContain("url(");
        Matcher addresses = Pattern.compile("https?://[^\"' )]+").matcher(html);
        List<String> found = new ArrayList<>();
        while (addresses.find()) {
            found.add(addresses.group());
        }
        assertThat(found).containsOnly(XHTML, SVG);
    }

    @Test
    void carriesItsStyleSheetOnceOnOneLine() {
        // the pages of two runs must not share a block of identical lines (the committed reports did, 61 lines)
        Matcher style = Pattern.compile("<style>(.*?)</style>", Pattern.DOTALL).matcher(html);
        assertThat(style.find()).isTrue();
        assertThat(style.group(1)).doesNotContain("\n").contains("table {").contains("@media print");
        assertThat(style.find()).isFalse();
        assertThat(html.substring(0, html.indexOf("<body>")).lines())
                .as("the doctype, <html>, then the whole <head> on one line")
                .hasSize(3);
    }

    @Test
    void hasNoNonFiniteNumbers() {
        assertThat(html).doesNotContain("NaN").doesNotContain("Infinity").doesNotContain("\u221e");
    }

    @Test
    void namesEveryTargetAndQuery() {
        String text = document.getDocumentElement().getTextContent();
        for (Target target : Target.all()) {
            assertThat(text).contains(target.cliName());
        }
        for (String query : TestingBenchResults.QUERIES) {
            assertThat(text).contains(query);
        }
        assertThat(text)
                .contains(TestingBenchResults.ODD_QUERY)
                .contains(TestingBenchResults.ODD_TABLE)
                .contains("test host <&\">");
    }

    @Test
    void escapesNames() {
        assertThat(html)
                .doesNotContain(TestingBenchResults.ODD_QUERY)
                .doesNotContain(TestingBenchResults.ODD_TABLE)
                .doesNotContain(TestingBenchResults.DIFFERENCE)
                .doesNotContain("<&")
                .contains("q&lt;&amp;&quot;x,y");
    }

    @Test
    void showsTheRunAndTheMachine() {
        String text = document.getDocumentElement().getTextContent();
        assertThat(text)
                .contains("2025-03-04 05:06:07 UTC")
                .contains("0.1, 1")
                .contains("3 timed runs after 1 warm-up (figures are the medians of the timed runs)")
                .contains("Synthetic CPU @ 3.0GHz (8 cores)")
                .contains("16.0 GiB")
                .contains("4.0.1 on Tez 0.10.4 (local)")
                .contains("How to read this");
    }

    @Test
    void labelsTheMongoTargetsAsWhatServesThem() {
        String page = HtmlReport.render(TestingBenchResults.mongoTargets());
        assertThat(parse(page).getDocumentElement().getTextContent())
                .contains("hdfs-orc, mongo (" + TestingBenchResults.DOUBLE_SERVER + "), mongo-ferretdb ("
                        + TestingBenchResults.FERRETDB_SERVER + ")")
                .contains("on mongo-ferretdb the handler stores the decimal(12,2) money columns as BSON doubles");
        assertThat(html).doesNotContain("mongo-ferretdb the handler stores");
    }

    @Test
    void showsHeadlineFigures() {
        Element headline = sectionTable("sf-1", "headline");
        String text = headline.getTextContent();
        assertThat(text)
                .contains("3,000,000") // hdfs-orc rows/s
                .contains("375") // hdfs-orc MB/s
                .contains("500,000") // redis rows/s
                .contains("0.33\u00d7") // redis / hdfs-text
                .contains("0.17\u00d7") // redis / hdfs-orc
                .contains("2,000,000") // redis raw driver
                .contains("0.25\u00d7") // redis / raw
                .contains("107,143"); // redis load rows/s
        assertThat(sectionTable("sf-0.1", "headline").getTextContent()).contains("\u2014");
    }

    @Test
    void showsTheMismatch() {
        Element badge = byClass("p", "badge bad").get(0);
        assertThat(badge.getTextContent()).contains("1 of 4 queries").contains("probe_key_lookup");
        Element details = byId("mismatch-1-probe_key_lookup");
        assertThat(details.getTextContent()).contains(TestingBenchResults.DIFFERENCE);
        assertThat(byClass("tr", "differs")).hasSize(1);
        assertThat(byClass("p", "badge ok")).hasSize(1);
        assertThat(byClass("p", "badge ok").get(0).getTextContent())
                .contains("All 2 queries return the same results on all 5 targets");
    }

    @Test
    void queryTableShowsMedianAndSpread() {
        String text = sectionTable("sf-1", "queries").getTextContent();
        assertThat(text)
                .contains("12.0 s")
                .contains("11.9\u201312.3")
                .doesNotContain("3 runs")
                .contains("\u2713 same");
        // cassandra's one timed run at scale factor 0.1 differs from the three configured
        assertThat(sectionTable("sf-0.1", "queries").getTextContent()).contains("0.000\u20130.000 \u00b7 1 run");
        assertThat(byClass("td", "best")).isNotEmpty();
    }

    @Test
    void growthCurveWithTwoScaleFactors() {
        Element growth = byId("growth");
        // rows/s: a line per target; over hdfs-orc's: every other target
        assertThat(growth.getElementsByTagNameNS(SVG, "polyline").getLength()).isEqualTo(5 + 4);
        assertThat(growth.getTextContent()).contains("SF 0.1").contains("SF 1");
    }

    @Test
    void noGrowthCurveWithOneScaleFactor() {
        String single = HtmlReport.render(TestingBenchResults.oneScaleFactor());
        Document parsed = parse(single);
        assertThat(single)
                .doesNotContain("id=\"growth\"")
                .doesNotContain("polyline")
                .doesNotContain("NaN");
        assertThat(parsed.getElementsByTagNameNS(SVG, "svg").getLength()).isEqualTo(4);
    }

    @Test
    void missingTargetsReadAsNotRun() {
        Element section = byId("sf-0.1");
        assertThat(section.getTextContent()).contains("mongo: not run").contains("cassandra: no full scan");
    }

    @Test
    void writesTheFile(@TempDir Path dir) throws Exception {
        Path file = HtmlReport.write(TestingBenchResults.twoScaleFactors(), dir.resolve("run"));
        assertThat(file.getFileName().toString()).isEqualTo(HtmlReport.FILE_NAME);
        assertThat(Files.readString(file)).isEqualTo(html);
    }

    private Element sectionTable(String section, String tableClass) {
        NodeList tables = byId(section).getElementsByTagNameNS(XHTML, "table");
        for (int i = 0; i < tables.getLength(); i++) {
            Element table = (Element) tables.item(i);
            if (table.getAttribute("class").equals(tableClass)) {
                return table;
            }
        }
        throw new AssertionError("no table " + tableClass + " in " + section);
    }

    private Element byId(String id) {
        NodeList all = document.getElementsByTagName("*");
        for (int i = 0; i < all.getLength(); i++) {
            Element element = (Element) all.item(i);
            if (element.getAttribute("id").equals(id)) {
                return element;
            }
        }
        throw new AssertionError("no element with id " + id);
    }

    private List<Element> byClass(String tag, String className) {
        List<Element> found = new ArrayList<>();
        for (Element element : elements(XHTML, tag)) {
            if (element.getAttribute("class").equals(className)) {
                found.add(element);
            }
        }
        return found;
    }

    private List<Element> elements(String namespace, String tag) {
        NodeList nodes = document.getElementsByTagNameNS(namespace, tag);
        List<Element> elements = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            elements.add((Element) nodes.item(i));
        }
        return elements;
    }

    static Document parse(String markup) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setNamespaceAware(true);
            factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
            return factory.newDocumentBuilder().parse(new InputSource(new StringReader(markup)));
        } catch (Exception e) {
            throw new AssertionError("the report is not well-formed XML: " + e.getMessage(), e);
        }
    }
}
