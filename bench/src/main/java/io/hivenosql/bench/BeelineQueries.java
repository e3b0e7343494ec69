package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.BeelineRunner;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs queries through the real beeline, the way a user runs a script: one beeline process per call, connected to the
 * target's database, running the queries in order ({@code beeline -u <url>/<database> -f script}, tsv2 output). Each
 * query's time is the one beeline itself prints ({@code 4 rows selected (1.234 seconds)}: compile, run and fetch,
 * without the client's start-up); its rows are the tsv2 lines it printed.
 */
final class BeelineQueries {
    private static final Pattern SELECTED =
            Pattern.compile("^(?:No rows|([\\d,]+) rows?) selected \\(([\\d,.]+) seconds\\)\\s*$");

    private final String jdbcUrl;
    private final String user;
    private final Optional<Path> passwordFile;
    private final Duration timeout;

    BeelineQueries(String jdbcUrl, String user, Optional<Path> passwordFile, Duration timeout) {
        this.jdbcUrl = requireNonNull(jdbcUrl, "jdbcUrl is null");
        this.user = requireNonNull(user, "user is null");
        this.passwordFile = requireNonNull(passwordFile, "passwordFile is null");
        this.timeout = requireNonNull(timeout, "timeout is null");
    }

    /** One query's outcome: beeline's time for it and its rows (tab-separated fields). */
    record Outcome(Query query, Duration elapsed, List<String> rows) {
        Outcome {
            requireNonNull(query, "query is null");
            requireNonNull(elapsed, "elapsed is null");
            rows = List.copyOf(requireNonNull(rows, "rows is null"));
        }
    }

    /**
     * Runs the queries once each, in order, in one beeline session on the target's database.
     *
     * @throws QueryFailedException naming the target and the first query that failed, with beeline's error
     */
    List<Outcome> run(Target target, List<Query> queries) {
        StringBuilder script = new StringBuilder();
        for (Query query : queries) {
            script.append("-- ")
                    .append(query.name())
                    .append('\n')
                    .append(query.text().strip())
                    .append("\n\n");
        }
        List<String> jvm = new ArrayList<>(BeelineRunner.defaultJvmOptions());
        // beeline formats its counts and times in the default locale: pin one the parser reads
        jvm.addAll(List.of("-Duser.language=en", "-Duser.country=US"));
        BeelineRunner.Builder beeline = BeelineRunner.builder(JdbcUrls.withDatabase(jdbcUrl, target.database()))
                .user(user)
                .jvmOptions(jvm)
                .silent(false)
                .timeout(timeout);
        passwordFile.ifPresent(beeline::passwordFile);
        BeelineRunner.Result result = beeline.build().runScript(script.toString());
        List<Selected> selected = selected(result.stderr());
        if (!result.succeeded()) {
            String failed = selected.size() < queries.size()
                    ? queries.get(selected.size()).name()
                    : "(after the last query)";
            throw new QueryFailedException("query " + failed + " failed on " + target.cliName() + " (database "
                    + target.database() + "): " + result.describe());
        }
        if (selected.size() != queries.size()) {
            throw new QueryFailedException("beeline reported " + selected.size() + " results for " + queries.size()
                    + " queries on " + target.cliName() + ": " + result.describe());
        }
        List<List<String>> rows = split(result.stdout(), selected, target);
        List<Outcome> outcomes = new ArrayList<>();
        for (int i = 0; i < queries.size(); i++) {
            outcomes.add(new Outcome(queries.get(i), selected.get(i).elapsed(), rows.get(i)));
        }
        return outcomes;
    }

    record Selected(long rows, Duration elapsed) {}

    static List<Selected> selected(String stderr) {
        List<Selected> selected = new ArrayList<>();
        for (String line : stderr.split("\n")) {
            Matcher matcher = SELECTED.matcher(line.strip());
            if (matcher.matches()) {
                long rows = matcher.group(1) == null
                        ? 0
                        : Long.parseLong(matcher.group(1).replace(",", ""));
                BigDecimal seconds = new BigDecimal(matcher.group(2).replace(",", ""));
                selected.add(new Selected(
                        rows, Duration.ofNanos(seconds.movePointRight(9).longValue())));
            }
        }
        return selected;
    }

    /** Cuts stdout into each query's rows by the counts beeline reported. */
    static List<List<String>> split(String stdout, List<Selected> selected, Target target) {
        List<String> lines = new ArrayList<>(List.of(stdout.split("\n", -1)));
        if (lines.get(lines.size() - 1).isEmpty()) {
            // the text after the last line's newline is no row
            lines.remove(lines.size() - 1);
        }
        long expected = selected.stream().mapToLong(Selected::rows).sum();
        List<String> rows = lines;
        if (rows.size() != expected) {
            rows = lines.stream().filter(line -> !line.isBlank()).toList();
        }
        if (rows.size() != expected) {
            throw new QueryFailedException("beeline printed " + rows.size() + " result lines on " + target.cliName()
                    + " where it reported " + expected + " rows");
        }
        List<List<String>> split = new ArrayList<>();
        int at = 0;
        for (Selected one : selected) {
            split.add(List.copyOf(rows.subList(at, at + (int) one.rows())));
            at += (int) one.rows();
        }
        return split;
    }
}
