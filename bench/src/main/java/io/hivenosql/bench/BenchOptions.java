package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.cluster.ClusterHiveConf;
import io.hivenosql.sandbox.cluster.MiniHadoopCluster;
import io.hivenosql.sandbox.hive.HiveEngine;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The command line of {@link BenchMain}. Options take a value as {@code --name value} or {@code --name=value}. Without
 * {@code --jdbc-url} the suite starts the sandbox (HiveServer2 in process, the stores it needs and an HDFS
 * MiniDFSCluster); with it, it runs against that HiveServer2, the stores given by {@code --redis}, {@code --cassandra}
 * and {@code --mongo}, and a Hadoop directory both sides reach ({@code --data-root}).
 */
public record BenchOptions(
        BenchSettings settings,
        Path outputDir,
        Optional<String> jdbcUrl,
        String user,
        Optional<String> dataRoot,
        StoreAddresses stores,
        Path workDir,
        HiveEngine engine,
        Optional<Integer> clusterNodeManagers,
        List<Path> auxJars,
        Optional<PeerOptions> peers,
        boolean help) {
    public static final String USAGE =
            """
            usage: bin/hive-nosql bench [options]
              --workload tpch|failover|dml  tpch (default): the TPC-H suite below; failover: a node of a replicated
                                      store killed under concurrent JDBC sessions, see bench --workload failover
                                      --help; dml: RF1, RF2 and a 1% MERGE against a rewrite on each store, see
                                      bench --workload dml --help
              --sf 0.01|0.1|1[,...]   scale factors, run in the order given (default 0.01); two or more give the
                                      growth curve; the report of finished ones is kept when a later one fails
              --stores LIST           targets, comma-separated (default all but mongo-ferretdb): hdfs-orc, hdfs-text,
                                      redis, cassandra, mongo, mongo-ferretdb; results are compared with the first
                                      one. mongo is the sandbox's MongoDB server (the in-memory test double, or
                                      FerretDB with --mongo ferretdb); mongo-ferretdb is FerretDB on PostgreSQL
                                      beside it
              --queries LIST          q1..q22, probe_full_scan, probe_selective_scan, probe_key_lookup,
                                      probe_join_hdfs, probe_count, probe_join_selective, tpch, probes (the 6
                                      probes) or all (default all)
              --warmups N             untimed rounds before the timed ones (default 1)
              --runs N                timed rounds (default 3); each round runs every query once on every target
              --check                 correctness only: no warm-up, one round, no raw scans
              --no-raw-scans          skip the raw driver scans of lineitem
              --raw-parallelism N     token ranges the raw Cassandra scan reads at once, each with async paging
                                      (default: Hive's task slots: 1 in local mode, which runs one task at a time;
                                      with --cluster the NodeManagers' task containers)
              --timeout-minutes N     longest one beeline session (one round on one target) may take (default 240)
              --out DIR               where results/<timestamp>/ goes (default bench/results)
              --peers spark           after the Hive rounds, Spark SQL 3.5 (local mode, a JVM of its own) reads each
                                      store target's tables with the store's own connector (spark-cassandra-connector,
                                      the MongoDB Spark connector, spark-redis) and runs the same queries in as many
                                      rounds; the report sets it beside Hive, query by query (off by default)
              --peer-cores N          Spark's local cores (default: this machine's, which Hive's JVM had)
              --peer-heap-mb N        the Spark JVM's heap (default 4096)
              --peer-queries LIST     the queries Spark runs, among --queries (default: all of them)
            sandbox (the default): --work DIR (default .sandbox/bench), --engine tez|mr
              --cluster               Hive on Tez over the sandbox's YARN cluster (HiveServer2, the Tez AM and every
                                      task in JVMs of their own; the data on the cluster's HDFS) instead of local mode
              --node-managers N       with --cluster: YARN NodeManagers (default 2), 2048 MB of containers each
              --aux-jars a.jar,b.jar  the handlers' -hive.jar files (bin/hive-nosql passes them; with --jdbc-url the
                                      raw Cassandra scan uses the driver in handler-cassandra's)
            an existing HiveServer2 and stores:
              --jdbc-url URL          e.g. jdbc:hive2://hs2:10000/default (user: --user or HIVE_JDBC_USER; a
                                      password only through HIVE_JDBC_PASSWORD: the loads use it over JDBC, beeline
                                      reads it from an owner-only file in --work, deleted afterwards)
              --data-root URI         a directory this machine and HiveServer2 both reach, e.g.
                                      hdfs://namenode:8020/tmp/hive-nosql-bench (the text and ORC tables go there)
              --redis HOST:PORT  --cassandra HOST:PORT[,...]  --cassandra-dc DC  --mongo mongodb://HOST:PORT
              --mongo-ferretdb mongodb://HOST:PORT
                                      the stores (each needed when its target runs; no credentials here: configure
                                      them on HiveServer2 through the handlers' credential provider)
            """;

    private static final Set<String> FLAGS = Set.of("--check", "--no-raw-scans", "--cluster", "--help", "-h");

    public BenchOptions {
        requireNonNull(settings, "settings is null");
        requireNonNull(outputDir, "outputDir is null");
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        requireNonNull(dataRoot, "dataRoot is null");
        requireNonNull(stores, "stores is null");
        requireNonNull(workDir, "workDir is null");
        requireNonNull(engine, "engine is null");
        auxJars = List.copyOf(requireNonNull(auxJars, "auxJars is null"));
        requireNonNull(clusterNodeManagers, "clusterNodeManagers is null");
        requireNonNull(peers, "peers is null");
        if (clusterNodeManagers.isPresent() && jdbcUrl.isPresent()) {
            throw new IllegalArgumentException("--cluster starts the sandbox's cluster: it cannot go with --jdbc-url");
        }
        if (clusterNodeManagers.isPresent() && clusterNodeManagers.get() < 1) {
            throw new IllegalArgumentException("--node-managers: a YARN cluster needs at least 1 NodeManager");
        }
        if (jdbcUrl.isPresent() && dataRoot.isEmpty()) {
            throw new IllegalArgumentException(
                    "--jdbc-url needs --data-root: a directory URI this machine and HiveServer2 both reach");
        }
    }

    public static BenchOptions parse(List<String> args) {
        CommandLineValues line = CommandLineValues.parse(args, FLAGS);
        Map<String, String> values = line.values();
        Set<String> flags = line.flags();
        boolean help = flags.contains("--help") || flags.contains("-h");
        String workload = values.remove("--workload");
        if (workload != null && !workload.equals("tpch")) {
            throw new IllegalArgumentException(
                    "--workload: '" + workload + "' is not tpch, failover or dml (those take their own options)");
        }
        boolean check = flags.contains("--check");
        List<Target> targets = split(
                        values.remove("--stores"),
                        Target.defaults().stream().map(Target::cliName).collect(Collectors.joining(",")))
                .stream()
                .map(Target::fromCliName)
                .distinct()
                .sorted()
                .toList();
        List<Query> queries = Query.select(split(values.remove("--queries"), "all"));
        int warmups = CommandLineValues.wholeNumber(values.remove("--warmups"), "--warmups", 1);
        int runs = CommandLineValues.wholeNumber(values.remove("--runs"), "--runs", 3);
        if (check) {
            warmups = 0;
            runs = 1;
        }
        boolean raw = !check && !flags.contains("--no-raw-scans");
        Duration timeout = Duration.ofMinutes(
                CommandLineValues.wholeNumber(values.remove("--timeout-minutes"), "--timeout-minutes", 240));
        Optional<String> jdbcUrl = Optional.ofNullable(values.remove("--jdbc-url"));
        String nodeManagers = values.remove("--node-managers");
        if (nodeManagers != null && !flags.contains("--cluster")) {
            throw new IllegalArgumentException("--node-managers needs --cluster");
        }
        Optional<Integer> cluster = flags.contains("--cluster")
                ? Optional.of(CommandLineValues.wholeNumber(nodeManagers, "--node-managers", 2))
                : Optional.empty();
        Optional<PeerOptions> peers = PeerOptions.parse(
                values.remove("--peers"),
                values.remove("--peer-cores"),
                values.remove("--peer-heap-mb"),
                values.remove("--peer-queries"),
                queries);
        BenchSettings settings = new BenchSettings(
                ScaleFactors.parse(Optional.ofNullable(values.remove("--sf")).orElse("0.01")),
                targets,
                queries,
                warmups,
                runs,
                raw,
                CommandLineValues.wholeNumber(
                        values.remove("--raw-parallelism"), "--raw-parallelism", taskSlots(cluster)),
                timeout);
        String defaultUser =
                Optional.ofNullable(System.getenv("HIVE_JDBC_USER")).orElse(System.getProperty("user.name", "hive"));
        BenchOptions options = new BenchOptions(
                settings,
                Path.of(Optional.ofNullable(values.remove("--out")).orElse("bench/results")),
                jdbcUrl,
                Optional.ofNullable(values.remove("--user")).orElse(defaultUser),
                Optional.ofNullable(values.remove("--data-root")),
                new StoreAddresses(
                        Optional.ofNullable(values.remove("--redis")),
                        Optional.ofNullable(values.remove("--cassandra")),
                        Optional.ofNullable(values.remove("--cassandra-dc")),
                        Optional.ofNullable(values.remove("--mongo")),
                        Optional.ofNullable(values.remove("--mongo-ferretdb"))),
                Path.of(Optional.ofNullable(values.remove("--work")).orElse(".sandbox/bench")),
                HiveEngine.fromName(
                        Optional.ofNullable(values.remove("--engine")).orElse("tez")),
                cluster,
                CommandLineValues.paths(values.remove("--aux-jars")),
                peers,
                help);
        if (!values.isEmpty()) {
            throw new IllegalArgumentException(
                    "unknown option " + values.keySet().iterator().next());
        }
        return options;
    }

    private static List<String> split(String value, String defaultValue) {
        String text = value == null ? defaultValue : value;
        List<String> items = Arrays.stream(text.split(","))
                .map(String::trim)
                .filter(s -> !s.isEmpty())
                .toList();
        if (items.isEmpty()) {
            throw new IllegalArgumentException("an empty list: '" + text + "'");
        }
        return items;
    }

    /**
     * The map tasks Hive runs at once: one in local mode (Tez runs its tasks one after another in HiveServer2's
     * JVM), and on the sandbox's cluster as many task containers as the NodeManagers hold, less the Tez AM's.
     */
    static int taskSlots(Optional<Integer> clusterNodeManagers) {
        return clusterNodeManagers
                .map(nodeManagers -> Math.max(
                        1,
                        nodeManagers * (MiniHadoopCluster.NODE_MANAGER_MEMORY_MB / ClusterHiveConf.CONTAINER_MB) - 1))
                .orElse(1);
    }

    /** Whether the suite starts its own sandbox (no {@code --jdbc-url}). */
    public boolean sandbox() {
        return jdbcUrl.isEmpty();
    }

    @Override
    public String toString() {
        return "BenchOptions[sf=" + settings.scaleFactors() + ", targets="
                + settings.targets().stream().map(Target::cliName).toList() + ", queries="
                + settings.queries().size()
                + ", warmups=" + settings.warmups() + ", runs=" + settings.runs() + ", raw parallelism="
                + settings.rawScanParallelism() + ", engine="
                + engine.name().toLowerCase(Locale.ROOT)
                + peers.map(peer -> ", peers=spark local[" + peer.cores() + "] " + peer.heapMegabytes() + " MB")
                        .orElse("")
                + "]";
    }
}
