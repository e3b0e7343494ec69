package io.hivenosql.bench.report;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The peers' part of the report ({@code --peers spark}): per store, Hive with hive-nosql beside Spark SQL with the
 * store's connector, query by query: both medians, the ratio of the peer's time to Hive's (above 1x Hive is faster),
 * whether the peer's rows agree, and what each side's scans handed to the store (Hive's EXPLAIN, Spark's plan).
 */
public final class PeerSections {
    private PeerSections() {}

    /** The peer's median over Hive's median on the store target: above 1 Hive is faster. */
    public static OptionalDouble ratio(Statistics statistics, PeerStoreResults store, PeerQueryResult query) {
        Optional<Duration> peer = query.median();
        Optional<RunSummary> hive = statistics.query(store.store(), query.query());
        if (peer.isEmpty() || hive.isEmpty() || hive.get().median().isZero()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(
                Statistics.seconds(peer.get()) / Statistics.seconds(hive.get().median()));
    }

    /** How many of the store's queries both ran, and on how many of them Hive was faster. */
    public static String tally(Statistics statistics, PeerStoreResults store) {
        int both = 0;
        int hiveFaster = 0;
        for (PeerQueryResult query : store.queries()) {
            OptionalDouble ratio = ratio(statistics, store, query);
            if (ratio.isPresent()) {
                both++;
                hiveFaster += ratio.getAsDouble() > 1 ? 1 : 0;
            }
        }
        long notRun = store.queries().stream()
                .filter(query -> query.failure().isPresent())
                .count();
        long disagree = store.queries().stream()
                .filter(query ->
                        query.check().isPresent() && !query.check().get().matches())
                .count();
        if (both == 0 && notRun == store.queries().size()) {
            return "Spark ran none of the " + notRun + " queries (the rows column says why)";
        }
        return "Hive faster on " + hiveFaster + " of " + both + " queries"
                + (notRun > 0 ? "; " + notRun + " not run by Spark (the rows column says why)" : "")
                + (disagree > 0 ? "; **" + disagree + " with other rows**" : "; the rows agree");
    }

    /** The markdown tables of one scale factor's peers, for {@code summary.md}. */
    public static void markdown(StringBuilder md, Statistics statistics) {
        for (PeerStoreResults store : statistics.results().peers()) {
            md.append("#### ")
                    .append(store.store().cliName())
                    .append(": Hive with hive-nosql against ")
                    .append(store.engine())
                    .append(" with ")
                    .append(store.connector())
                    .append("\n\n")
                    .append(MarkdownSummary.cell(tally(statistics, store)))
                    .append(". Spark ")
                    .append(MarkdownSummary.cell(store.notes()))
                    .append(".\n\n");
            md.append(
                    "| query | Hive s | Spark s | Spark ÷ Hive | rows | Hive's scans (EXPLAIN) | Spark's scans (plan) |\n");
            md.append("|---|--:|--:|--:|---|---|---|\n");
            for (PeerQueryResult query : store.queries()) {
                md.append("| ")
                        .append(query.query())
                        .append(" | ")
                        .append(hiveSeconds(statistics, store, query))
                        .append(" | ")
                        .append(query.median().map(Format::seconds).orElse(Format.NONE))
                        .append(" | ")
                        .append(Format.ratio(ratio(statistics, store, query)))
                        .append(" | ")
                        .append(MarkdownSummary.cell(agreement(query)))
                        .append(" | ")
                        .append(MarkdownSummary.cell(String.join("; ", query.hiveScans())))
                        .append(" | ")
                        .append(MarkdownSummary.cell(String.join("; ", query.peerScans())))
                        .append(" |\n");
            }
            md.append('\n');
        }
    }

    /** The HTML tables of one scale factor's peers. */
    static void html(Markup html, Statistics statistics) {
        if (statistics.results().peers().isEmpty()) {
            return;
        }
        html.element("h3", "Hive with hive-nosql against Spark SQL with each store's connector");
        html.element(
                "p",
                "After the Hive rounds, Spark SQL in a JVM of its own read each store's tables (as the Hive loads "
                        + "wrote them) with the store's connector and ran the same query files in as many rounds. "
                        + "Spark ÷ Hive is the peer's median time over Hive's: above 1× Hive is faster.",
                "class",
                "muted");
        for (PeerStoreResults store : statistics.results().peers()) {
            html.element("h4", store.store().cliName() + ": " + store.engine() + " with " + store.connector());
            html.element("p", tally(statistics, store).replace("**", "") + ". Spark " + store.notes() + ".");
            HtmlTables.openTable(
                    html,
                    "queries",
                    "query",
                    "Hive",
                    "Spark",
                    "Spark ÷ Hive",
                    "rows",
                    "Hive's scans (EXPLAIN)",
                    "Spark's scans (plan)");
            for (PeerQueryResult query : store.queries()) {
                html.open("tr");
                HtmlTables.cell(html, query.query());
                HtmlTables.cell(html, hiveSeconds(statistics, store, query));
                HtmlTables.cell(html, query.median().map(Format::seconds).orElse(Format.NONE));
                HtmlTables.cell(html, Format.ratio(ratio(statistics, store, query)));
                HtmlTables.cell(html, agreement(query));
                HtmlTables.cell(html, String.join("\n", query.hiveScans()));
                HtmlTables.cell(html, String.join("\n", query.peerScans()));
                html.close("tr");
            }
            HtmlTables.closeTable(html);
        }
    }

    /** Hive's median on the store target, in seconds. */
    private static String hiveSeconds(Statistics statistics, PeerStoreResults store, PeerQueryResult query) {
        return statistics
                .query(store.store(), query.query())
                .map(summary -> Format.seconds(summary.median()))
                .orElse(Format.NONE);
    }

    /** "agree", the first difference, or why Spark did not run the query. */
    static String agreement(PeerQueryResult query) {
        if (query.failure().isPresent()) {
            return "not run: " + query.failure().get();
        }
        ResultCheck check = query.check().orElseThrow();
        return check.matches() ? "agree" : "differ: " + check.difference();
    }
}
