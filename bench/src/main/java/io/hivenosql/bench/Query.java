package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;

/**
 * One query file of the suite ({@code io/hivenosql/bench/queries/<name>.sql}): a header of comments and one HiveQL
 * statement ending with {@code ;}, written without database names, so it runs unchanged in every target's database.
 */
public record Query(String name, String text) {
    /** The scan probes, after the 22 TPC-H queries. */
    public static final String FULL_SCAN = "probe_full_scan";

    public static final String SELECTIVE_SCAN = "probe_selective_scan";
    public static final String KEY_LOOKUP = "probe_key_lookup";
    public static final String JOIN_HDFS = "probe_join_hdfs";
    public static final String COUNT = "probe_count";
    public static final String JOIN_SELECTIVE = "probe_join_selective";
    public static final List<String> PROBES =
            List.of(FULL_SCAN, SELECTIVE_SCAN, KEY_LOOKUP, JOIN_HDFS, COUNT, JOIN_SELECTIVE);

    /** {@code q01} ... {@code q22}. */
    public static final List<String> TPCH = IntStream.rangeClosed(1, 22)
            .mapToObj(i -> String.format(Locale.ROOT, "q%02d", i))
            .toList();

    private static final Pattern QUERY_NUMBER = Pattern.compile("q0*(\\d{1,2})");
    private static final String RESOURCES = "/io/hivenosql/bench/queries/";

    public Query {
        requireNonNull(name, "name is null");
        requireNonNull(text, "text is null");
        String statement = text.strip();
        if (!statement.endsWith(";")) {
            throw new IllegalArgumentException("query " + name + " must end with ';'");
        }
    }

    /** The statement without its closing {@code ;}, as JDBC's {@code EXPLAIN} and Spark SQL's parser take it. */
    public String statement() {
        String statement = text.strip();
        return statement.substring(0, statement.length() - 1);
    }

    /** Every query name in suite order: the TPC-H queries, then the probes. */
    public static List<String> allNames() {
        List<String> names = new ArrayList<>(TPCH);
        names.addAll(PROBES);
        return names;
    }

    /**
     * The queries a command line selects, in suite order: names ({@code q6} or {@code q06}, {@code probe_full_scan}),
     * {@code tpch} (the 22), {@code probes}, or {@code all}.
     */
    public static List<Query> select(List<String> selection) {
        Set<String> wanted = new LinkedHashSet<>();
        for (String item : selection) {
            String name = item.trim().toLowerCase(Locale.ROOT);
            Matcher number = QUERY_NUMBER.matcher(name);
            if (name.equals("all")) {
                wanted.addAll(allNames());
            } else if (name.equals("tpch")) {
                wanted.addAll(TPCH);
            } else if (name.equals("probes")) {
                wanted.addAll(PROBES);
            } else if (number.matches()
                    && TPCH.contains(String.format(Locale.ROOT, "q%02d", Integer.parseInt(number.group(1))))) {
                wanted.add(String.format(Locale.ROOT, "q%02d", Integer.parseInt(number.group(1))));
            } else if (PROBES.contains(name)) {
                wanted.add(name);
            } else {
                throw new IllegalArgumentException("Unknown query '" + item + "': use q1..q22, "
                        + String.join(", ", PROBES) + ", tpch, probes or all");
            }
        }
        return allNames().stream().filter(wanted::contains).map(Query::load).toList();
    }

    /** The query file of a name, from this module's resources. */
    public static Query load(String name) {
        try (InputStream in = Query.class.getResourceAsStream(RESOURCES + name + ".sql")) {
            if (in == null) {
                throw new IllegalArgumentException("No query file " + RESOURCES + name + ".sql");
            }
            return new Query(name, new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read the query file of " + name, e);
        }
    }
}
