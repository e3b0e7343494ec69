package io.hivenosql.bench.spark;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;

/**
 * What one peer run measured: its engine and connector, and per query either every round's time, the rows of the last
 * round and what the plan's scans pushed to the store, or why Spark could not run the query. Written by {@link
 * SparkPeerMain} and read by the bench; JDK only, as {@link PeerRequest}.
 *
 * @param engine e.g. {@code Spark 3.5.6 local[2]}
 * @param connector e.g. {@code spark-cassandra-connector 3.5.1}
 * @param notes how the peer reads the store's tables, for the report
 */
public record PeerResults(String engine, String connector, String notes, Map<String, QueryOutcome> queries) {
    public PeerResults {
        requireNonNull(engine, "engine is null");
        requireNonNull(connector, "connector is null");
        requireNonNull(notes, "notes is null");
        queries = new LinkedHashMap<>(requireNonNull(queries, "queries is null"));
    }

    @Override
    public Map<String, QueryOutcome> queries() {
        return new LinkedHashMap<>(queries);
    }

    /**
     * One query on the peer.
     *
     * @param millis every round's time, warm-ups first: from handing the text to Spark to the last row collected
     * @param rows the rows of the last round, fields tab-separated as beeline's tsv2 prints them
     * @param pushdown each scan of the plan as Spark describes it, with what it handed to the store
     * @param failure why Spark did not run the query (it ran in no round then)
     */
    public record QueryOutcome(List<Long> millis, List<String> rows, List<String> pushdown, Optional<String> failure) {
        public QueryOutcome {
            millis = List.copyOf(requireNonNull(millis, "millis is null"));
            rows = List.copyOf(requireNonNull(rows, "rows is null"));
            pushdown = List.copyOf(requireNonNull(pushdown, "pushdown is null"));
            requireNonNull(failure, "failure is null");
        }

        public static QueryOutcome failed(String why) {
            return new QueryOutcome(List.of(), List.of(), List.of(), Optional.of(why));
        }
    }

    public void write(Path file) throws IOException {
        Properties properties = new Properties();
        properties.setProperty("engine", engine);
        properties.setProperty("connector", connector);
        properties.setProperty("notes", notes);
        properties.setProperty("queries", String.join(",", queries.keySet()));
        queries.forEach((name, outcome) -> {
            String prefix = "query." + name + ".";
            outcome.failure().ifPresent(why -> properties.setProperty(prefix + "failure", why));
            properties.setProperty(
                    prefix + "millis",
                    String.join(
                            ",", outcome.millis().stream().map(String::valueOf).toList()));
            putList(properties, prefix + "row.", outcome.rows());
            putList(properties, prefix + "pushdown.", outcome.pushdown());
        });
        Path written = file.resolveSibling(file.getFileName() + ".tmp");
        try (Writer out = Files.newBufferedWriter(written, StandardCharsets.UTF_8)) {
            properties.store(out, "hive-nosql bench: one Spark peer run's results");
        }
        Files.move(written, file, StandardCopyOption.REPLACE_EXISTING);
    }

    public static PeerResults read(Path file) throws IOException {
        Properties properties = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            properties.load(in);
        }
        Map<String, QueryOutcome> queries = new LinkedHashMap<>();
        String names = properties.getProperty("queries", "");
        for (String name : names.isEmpty() ? new String[0] : names.split(",")) {
            String prefix = "query." + name + ".";
            String millis = properties.getProperty(prefix + "millis", "");
            queries.put(
                    name,
                    new QueryOutcome(
                            millis.isEmpty()
                                    ? List.of()
                                    : Arrays.stream(millis.split(","))
                                            .map(Long::valueOf)
                                            .toList(),
                            getList(properties, prefix + "row."),
                            getList(properties, prefix + "pushdown."),
                            Optional.ofNullable(properties.getProperty(prefix + "failure"))));
        }
        return new PeerResults(
                properties.getProperty("engine", "?"),
                properties.getProperty("connector", "?"),
                properties.getProperty("notes", ""),
                queries);
    }

    private static void putList(Properties properties, String prefix, List<String> values) {
        properties.setProperty(prefix + "count", Integer.toString(values.size()));
        for (int i = 0; i < values.size(); i++) {
            properties.setProperty(prefix + i, values.get(i));
        }
    }

    private static List<String> getList(Properties properties, String prefix) {
        int count = Integer.parseInt(properties.getProperty(prefix + "count", "0"));
        List<String> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(requireNonNull(properties.getProperty(prefix + i), () -> "no " + prefix + values.size()));
        }
        return values;
    }
}
