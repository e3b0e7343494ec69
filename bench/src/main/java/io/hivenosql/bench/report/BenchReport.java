package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes every report file of a run into one directory: {@code results.csv}, {@code summary.csv}, {@code report.html}
 * and {@code summary.md}.
 */
public final class BenchReport {
    private BenchReport() {}

    /** Writes the report files into {@code dir} (created if missing) and returns their paths, the HTML page first. */
    public static List<Path> write(BenchResults results, Path dir) throws IOException {
        requireNonNull(results, "results is null");
        requireNonNull(dir, "dir is null");
        List<Path> files = new ArrayList<>();
        files.add(HtmlReport.write(results, dir));
        files.addAll(CsvReport.write(results, dir));
        files.add(ReportFiles.write(dir, MarkdownSummary.FILE_NAME, MarkdownSummary.render(results)));
        return List.copyOf(files);
    }
}
