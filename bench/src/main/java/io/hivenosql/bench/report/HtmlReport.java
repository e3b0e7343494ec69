package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Target;
import java.io.IOException;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * {@code report.html}: one self-contained page (inline CSS, inline SVG charts, no script, nothing fetched from the
 * network) that says what was run on which machine, how to read it, and per scale factor the headline scan rates and
 * ratios, the charts, each query's times and whether its results agreed; with two or more scale factors, the growth
 * curve. The markup is XHTML-compatible, so it parses as XML as well as HTML.
 */
public final class HtmlReport {
    public static final String FILE_NAME = "report.html";

    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'");

    private HtmlReport() {}

    /** Writes {@code report.html} into {@code dir} (created if missing) and returns its path. */
    public static Path write(BenchResults results, Path dir) throws IOException {
        requireNonNull(results, "results is null");
        return ReportFiles.write(dir, FILE_NAME, render(results));
    }

    /** The page's markup. */
    public static String render(BenchResults results) {
        List<Statistics> scaleFactors = Statistics.of(results);
        String when =
                WHEN.format(results.started().truncatedTo(ChronoUnit.SECONDS).atOffset(ZoneOffset.UTC));
        Markup html = openPage("hive-nosql TPC-H report, " + when);
        header(html, results, scaleFactors, when);
        howToRead(html, results);
        navigation(html, scaleFactors);
        for (Statistics statistics : scaleFactors) {
            scaleFactor(html, statistics, results.runs());
        }
        ReportCharts.growth(scaleFactors).ifPresent(chart -> growth(html, scaleFactors, chart));
        return closePage(
                html,
                "Written by the hive-nosql bench module. Every figure is also in results.csv and summary.csv next to "
                        + "this page.");
    }

    /** A page up to its {@code <main>}: the head with its title and the inline style sheet. */
    static Markup openPage(String title) {
        Markup html = new Markup();
        html.open("html", "xmlns", "http://www.w3.org/1999/xhtml", "lang", "en").newline();
        html.open("head");
        html.empty("meta", "charset", "utf-8");
        html.empty("meta", "name", "viewport", "content", "width=device-width, initial-scale=1");
        html.element("title", title);
        html.open("style").verbatim(ReportStyle.CSS).close("style");
        html.close("head").newline();
        html.open("body").open("main");
        return html;
    }

    /** Ends a page {@link #openPage} began, with its footer; returns the document. */
    static String closePage(Markup html, String footer) {
        html.open("footer", "class", "muted").text(footer).close("footer");
        html.close("main").close("body").newline().close("html").newline();
        return "<!DOCTYPE html>\n" + html;
    }

    private static void header(Markup html, BenchResults results, List<Statistics> scaleFactors, String when) {
        html.open("header");
        html.element("h1", "hive-nosql TPC-H suite");
        html.element(
                "p",
                "Hive over NoSQL stores against Hive over HDFS: the 22 TPC-H queries and four scan probes, run "
                        + "unchanged through beeline against each target.",
                "class",
                "lead");
        html.open("dl", "class", "run");
        term(html, "Started", when);
        term(html, "Scale factors", scaleFactors.isEmpty() ? Format.NONE : Statistics.scaleFactors(results));
        term(
                html,
                "Targets",
                Statistics.targets(scaleFactors).stream().map(results::label).collect(Collectors.joining(", ")));
        term(html, "Runs per query", results.runsDescription() + " (figures are the medians of the timed runs)");
        html.close("dl");
        html.element("h2", "Machine");
        HtmlTables.machine(html, results.machine());
        html.close("header");
    }

    private static void howToRead(Markup html, BenchResults results) {
        openSection(
                html,
                "how-to-read",
                "How to read this",
                "Each target is one Hive database holding the same eight TPC-H tables: hdfs-orc and hdfs-text are "
                        + "ordinary Hive tables on HDFS (the baselines); redis, cassandra, mongo and mongo-ferretdb "
                        + "are tables of this project's storage handlers"
                        + ferretDbNote(results).map(note -> " (" + note + ")").orElse("")
                        + ". Times are beeline's own time for each statement; each "
                        + "query ran " + results.warmups() + " warm-up and " + results.runs() + " timed times, and "
                        + "the figures are the medians of the timed runs (whiskers and the small numbers under each "
                        + "time give the fastest and slowest).",
                "The Hive scan rate is lineitem's rows (and its size as dbgen text, in MB of 10^6 bytes) over the "
                        + "median time of " + Statistics.FULL_SCAN + ", an aggregate over every row. A ratio above "
                        + "1\u00d7 means faster than the baseline: \u00f7 hdfs-text and \u00f7 hdfs-orc compare a "
                        + "target with the HDFS tables; \u00f7 raw driver compares a store's Hive scan with a bare "
                        + "driver scan of the same rows as a hand-written client reads them (Jedis: SCAN and "
                        + "pipelined HGETALL; the Cassandra driver: token ranges with async paging, as many at once "
                        + "as --raw-parallelism; the MongoDB driver: find()), every value decoded and the connection "
                        + "opened before the clock starts, so it shows what Hive and the handler cost on top of the "
                        + "store. Every query's result is compared "
                        + "across the targets with numbers rounded; a red mark means they differ, with the first "
                        + "difference listed. A dash means not measured.");
        html.close("section");
    }

    /**
     * What sets mongo-ferretdb's tables apart, when it ran: FerretDB 1.x holds no BSON decimal128, so the handler stores
     * the money columns as doubles (that read back as the same decimals).
     */
    static Optional<String> ferretDbNote(BenchResults results) {
        boolean ran =
                results.scaleFactors().stream().anyMatch(sf -> sf.targets().contains(Target.MONGO_FERRETDB));
        return ran
                ? Optional.of("on mongo-ferretdb the handler stores the decimal(12,2) money columns as BSON doubles "
                        + "that read back as the same decimals, as FerretDB 1.x holds no decimal128")
                : Optional.empty();
    }

    private static void navigation(Markup html, List<Statistics> scaleFactors) {
        html.open("nav");
        for (Statistics statistics : scaleFactors) {
            html.element(
                    "a",
                    "Scale factor " + Format.scaleFactor(statistics.scaleFactor()),
                    "href",
                    "#" + sectionId(statistics));
        }
        if (ReportCharts.growth(scaleFactors).isPresent()) {
            html.element("a", "Growth", "href", "#growth");
        }
        html.close("nav");
    }

    private static void scaleFactor(Markup html, Statistics statistics, int runs) {
        ScaleFactorResults results = statistics.results();
        html.open("section", "id", sectionId(statistics));
        html.open("h2").text("Scale factor " + Format.scaleFactor(statistics.scaleFactor()) + " ");
        html.element(
                "small",
                Format.count(results.lineitemRows()) + " lineitem rows \u00b7 "
                        + Format.number(results.lineitemBytes() / 1e6) + " MB as text");
        html.close("h2");
        agreement(html, statistics);
        HtmlTables.headline(html, statistics);
        figure(
                html,
                "Hive scan rate of lineitem",
                ReportCharts.scanRates(statistics).svg());
        figure(
                html,
                "Ratios to HDFS and to the raw driver scan",
                ReportCharts.ratios(statistics).svg());
        figure(
                html,
                "Median time per query",
                ReportCharts.queryTimes(statistics).svg());
        if (!results.loads().isEmpty()) {
            figure(
                    html,
                    "Load rate by target and table",
                    ReportCharts.loadRates(statistics).svg());
        }
        html.element("h3", "Queries");
        html.element(
                "p",
                "Median of the " + runs + " timed runs; under it the fastest and slowest (and the number of runs "
                        + "when it differs); the fastest target in bold.",
                "class",
                "muted");
        HtmlTables.queries(html, statistics, runs);
        HtmlTables.mismatches(html, statistics);
        PeerSections.html(html, statistics);
        html.close("section").newline();
    }

    private static void agreement(Markup html, Statistics statistics) {
        int queries = statistics.queries().size();
        int targets = statistics.targets().size();
        List<ResultCheck> mismatches = statistics.mismatches();
        List<String> unchecked = statistics.unchecked();
        if (statistics.allResultsMatch()) {
            html.element(
                    "p",
                    "\u2713 All " + queries + " queries return the same results on all " + targets + " targets",
                    "class",
                    "badge ok");
        } else if (!mismatches.isEmpty()) {
            html.element(
                    "p",
                    "\u2717 " + mismatches.size() + " of " + queries + " queries return different results: "
                            + mismatches.stream().map(ResultCheck::query).collect(Collectors.joining(", ")),
                    "class",
                    "badge bad");
        } else {
            html.element(
                    "p",
                    "? " + unchecked.size() + " of " + queries + " queries were not compared: "
                            + String.join(", ", unchecked),
                    "class",
                    "badge warn");
        }
    }

    private static void growth(Markup html, List<Statistics> scaleFactors, SvgLineChart chart) {
        openSection(
                html,
                "growth",
                "Growth with the scale factor",
                "The Hive scan rate of each target at each scale factor, then as a multiple of hdfs-orc's. A flat "
                        + "rate means the time grows in proportion to the data; a rising one, that fixed costs "
                        + "(planning, start-up) weigh less on more data; a falling one, that the target slows down "
                        + "as the data grows.");
        figure(html, "Hive scan rate by scale factor", chart.svg());
        ReportCharts.growthRatios(scaleFactors)
                .ifPresent(ratios -> figure(html, "Hive scan rate relative to hdfs-orc by scale factor", ratios.svg()));
        HtmlTables.growth(html, scaleFactors);
        html.close("section").newline();
    }

    /** Opens {@code <section id=..>} with its heading and lead paragraphs; the caller writes the rest and closes it. */
    private static void openSection(Markup html, String id, String title, String... paragraphs) {
        html.open("section", "id", id).element("h2", title);
        for (String paragraph : paragraphs) {
            html.element("p", paragraph);
        }
    }

    private static void figure(Markup html, String caption, Markup svg) {
        html.open("figure")
                .element("figcaption", caption)
                .append(svg)
                .close("figure")
                .newline();
    }

    private static void term(Markup html, String name, String value) {
        html.element("dt", name).element("dd", value);
    }

    static String sectionId(Statistics statistics) {
        return "sf-" + Format.scaleFactor(statistics.scaleFactor());
    }
}
