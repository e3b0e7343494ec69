package io.hivenosql.bench.report;

import io.hivenosql.bench.failover.RequestType;
import io.hivenosql.bench.failover.Timeline;
import java.util.Map;

/** The failover report's sections after the tables: what happened when, how Hive ran the requests, failures, memory. */
final class FailoverSections {
    private FailoverSections() {}

    static void timeline(Markup html, FailoverResults results) {
        html.open("section", "id", "timeline").element("h2", "What happened when");
        html.open("ul");
        for (String event : results.events()) {
            html.element("li", event);
        }
        html.element(
                "li",
                "+"
                        + Format.seconds(results.timeline().phaseNanos(Timeline.Phase.ALL) / 1e9)
                        + " s: the last request ended");
        html.close("ul").close("section");
    }

    static void execution(Markup html, FailoverResults results) {
        html.open("section", "id", "execution").element("h2", "What ran concurrently");
        html.element(
                "p",
                "HiveServer2 runs in local mode in the bench's JVM, where it runs the jobs (Tez DAGs) of one query "
                        + "at a time (the sandbox's LocalJobSerializer, see docs/sandbox.md, \u201cConcurrent "
                        + "sessions\u201d): a query that needs a job waits for the others' jobs. Queries that run as "
                        + "fetch tasks (hive.fetch.task.conversion=more) read in HiveServer2's own threads, and the "
                        + "sessions run them at the same time; compilation runs in parallel too "
                        + "(hive.driver.parallel.compilation=true). EXPLAIN of each request type before the run:");
        html.open("table", "class", "machine");
        for (RequestType type : RequestType.values()) {
            HtmlTables.row(html, type.label(), results.execution().getOrDefault(type, Format.NONE));
        }
        html.close("table").close("section");
    }

    static void failures(Markup html, FailoverResults results) {
        Map<String, Long> details = FailoverReport.details(results);
        html.open("section", "id", "failures").element("h2", "Failures and wrong results");
        if (details.isEmpty()) {
            html.element("p", "None: every request succeeded with the right result.", "class", "ok-text");
            html.close("section");
            return;
        }
        html.element(
                "p",
                "Each distinct message (numbers such as keys, ports and counts as N), with its class (FAILED_NODE_LOSS counts "
                        + "in Fail) and how many requests ended so.");
        HtmlTables.openTable(html, "failures", "Requests", "Outcome: message");
        details.forEach((message, count) -> {
            html.open("tr");
            html.element("td", Format.count(count));
            html.element("td", message, "style", "text-align:left");
            html.close("tr");
        });
        HtmlTables.closeTable(html);
        html.close("section");
    }

    static void memory(Markup html, FailoverResults results) {
        html.open("section", "id", "memory").element("h2", "Memory");
        html.element(
                "p",
                "Resident memory of each process at the end of the run, and its peak (VmRSS, VmHWM). The bench's JVM "
                        + "holds HiveServer2, its fetch tasks and jobs, and the client threads.");
        HtmlTables.openTable(html, "memory", "Process", "pid", "Resident", "Peak");
        long resident = 0;
        long peak = 0;
        for (FailoverResults.ProcessMemory process : results.memory()) {
            html.open("tr");
            html.element("td", process.name());
            HtmlTables.cell(html, String.valueOf(process.pid()));
            HtmlTables.cell(html, Format.bytes(process.residentBytes()));
            HtmlTables.cell(html, Format.bytes(process.peakBytes()));
            html.close("tr");
            resident += process.residentBytes();
            peak += process.peakBytes();
        }
        html.open("tr").element("td", "all").element("td", "");
        HtmlTables.cell(html, Format.bytes(resident));
        HtmlTables.cell(html, Format.bytes(peak) + " (sum of peaks)");
        html.close("tr");
        HtmlTables.closeTable(html);
        html.close("section");
    }
}
