package io.hivenosql.bench.dml;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.CommandLineValues;
import io.hivenosql.bench.ScaleFactors;
import io.hivenosql.bench.Target;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The command line of {@code bin/hive-nosql bench --workload dml}: one scale factor, the store targets, warm-up and
 * timed runs. Options take a value as {@code --name value} or {@code --name=value}.
 */
public record DmlOptions(
        double scaleFactor,
        List<Target> targets,
        int warmups,
        int runs,
        OptionalInt runtimeKeysMax,
        Optional<Integer> clusterNodeManagers,
        Path workDir,
        Path outputDir,
        List<Path> auxJars,
        boolean help) {
    public static final String USAGE =
            """
            usage: bin/hive-nosql bench --workload dml [options]
              row-level DML on TPC-H's orders and lineitem, through HiveServer2 (Tez local mode, or with --cluster Hive
              on Tez over the sandbox's YARN cluster) in the sandbox: the
              tables are generated into HDFS and loaded into ORC and into each store as the TPC-H suite loads them;
              each run times RF1 (INSERT INTO of 0.1% new orders and their lineitems), RF2 (DELETE of 0.1% old orders
              and their lineitems by key), and a MERGE of 1% of lineitem's rows against rewriting the whole table
              (INSERT OVERWRITE from the ORC copy joined with the changes), and checks after every statement that the
              store holds what the statement says (counts and checksums against the ORC copy with the same changes)
              --sf S                  scale factor (default 0.1); 0.1% of the orders are SF x 1,500
              --stores LIST           store targets, comma-separated (default redis,cassandra,mongo)
              --warmups N             untimed runs before the timed ones (default 1)
              --runs N                timed runs (default 3); each restores the tables' state after its statements
              --runtime-keys-max N    sets nosql.read.runtime-keys.max = N on each store's lineitem (default: the
                                      handlers' auto): how many runtime join keys are read by key before a scan
              --cluster               Hive on Tez over the sandbox's YARN cluster (HiveServer2, the Tez AM and every
                                      task in JVMs of their own; the data on the cluster's HDFS) instead of local mode:
                                      the splits of a statement run at once, as on a cluster
              --node-managers N       with --cluster: YARN NodeManagers (default 2)
              --work DIR              the work directory (default .sandbox/bench); the run uses DIR/dml
              --out DIR               where results/<timestamp>/ goes (default bench/results): dml.csv, checks.csv,
                                      summary.csv, summary.md, and each MERGE's EXPLAIN
              --aux-jars a.jar,b.jar  the handlers' -hive.jar files (bin/hive-nosql passes them)
            """;

    /** The targets that take DELETE, UPDATE and MERGE. */
    public static final List<Target> STORES = List.of(Target.REDIS, Target.CASSANDRA, Target.MONGO);

    public DmlOptions {
        targets = List.copyOf(requireNonNull(targets, "targets is null"));
        requireNonNull(workDir, "workDir is null");
        requireNonNull(outputDir, "outputDir is null");
        requireNonNull(runtimeKeysMax, "runtimeKeysMax is null");
        requireNonNull(clusterNodeManagers, "clusterNodeManagers is null");
        if (clusterNodeManagers.isPresent() && clusterNodeManagers.get() < 1) {
            throw new IllegalArgumentException("--node-managers: a YARN cluster needs at least 1 NodeManager");
        }
        auxJars = List.copyOf(requireNonNull(auxJars, "auxJars is null"));
        if (targets.isEmpty()) {
            throw new IllegalArgumentException("--stores: name at least one of redis, cassandra, mongo");
        }
        for (Target target : targets) {
            if (!STORES.contains(target)) {
                throw new IllegalArgumentException(
                        "--stores: the DML workload runs on redis, cassandra and mongo, not " + target.cliName());
            }
        }
        if (warmups < 0 || runs < 1) {
            throw new IllegalArgumentException("--warmups must be >= 0 and --runs >= 1");
        }
        if (DmlStaging.refreshOrders(scaleFactor) < 1) {
            throw new IllegalArgumentException("--sf: " + ScaleFactors.format(scaleFactor)
                    + " is too small: 0.1% of its orders is less than one order");
        }
    }

    /** Parses the arguments; {@code --workload dml} may be among them. */
    public static DmlOptions parse(List<String> args) {
        CommandLineValues line = CommandLineValues.parse(args, Set.of("--help", "-h", "--cluster"));
        Map<String, String> values = line.values();
        String workload = values.remove("--workload");
        if (workload != null && !workload.equals("dml")) {
            throw new IllegalArgumentException("--workload: expected dml, not '" + workload + "'");
        }
        List<Double> scaleFactors =
                ScaleFactors.parse(Optional.ofNullable(values.remove("--sf")).orElse("0.1"));
        if (scaleFactors.size() != 1) {
            throw new IllegalArgumentException("--sf: the DML workload runs at one scale factor");
        }
        String stores = Optional.ofNullable(values.remove("--stores")).orElse("redis,cassandra,mongo");
        List<Target> targets = Arrays.stream(stores.split(","))
                .map(String::trim)
                .filter(name -> !name.isEmpty())
                .map(Target::fromCliName)
                .distinct()
                .sorted()
                .toList();
        String nodeManagers = values.remove("--node-managers");
        if (nodeManagers != null && !line.flags().contains("--cluster")) {
            throw new IllegalArgumentException("--node-managers needs --cluster");
        }
        Optional<Integer> cluster = line.flags().contains("--cluster")
                ? Optional.of(CommandLineValues.wholeNumber(nodeManagers, "--node-managers", 2))
                : Optional.empty();
        DmlOptions options = new DmlOptions(
                scaleFactors.get(0),
                targets,
                CommandLineValues.wholeNumber(values.remove("--warmups"), "--warmups", 1),
                CommandLineValues.wholeNumber(values.remove("--runs"), "--runs", 3),
                Optional.ofNullable(values.remove("--runtime-keys-max"))
                        .map(value -> OptionalInt.of(CommandLineValues.wholeNumber(value, "--runtime-keys-max", 0)))
                        .orElse(OptionalInt.empty()),
                cluster,
                Path.of(Optional.ofNullable(values.remove("--work")).orElse(".sandbox/bench")),
                Path.of(Optional.ofNullable(values.remove("--out")).orElse("bench/results")),
                CommandLineValues.paths(values.remove("--aux-jars")),
                line.flags().contains("--help") || line.flags().contains("-h"));
        if (!values.isEmpty()) {
            throw new IllegalArgumentException("unknown option of the DML workload: "
                    + values.keySet().iterator().next() + " (see bench --workload dml --help)");
        }
        return options;
    }

    /** Whether the command line asks for this workload ({@code --workload dml}). */
    public static boolean requested(List<String> args) {
        for (int i = 0; i < args.size(); i++) {
            String arg = args.get(i);
            if (arg.equals("--workload=dml")
                    || (arg.equals("--workload")
                            && i + 1 < args.size()
                            && args.get(i + 1).equals("dml"))) {
                return true;
            }
        }
        return false;
    }

    /** What the run sets beyond the defaults, as the report says it; empty when nothing. */
    public String tuning() {
        List<String> settings = new java.util.ArrayList<>();
        runtimeKeysMax.ifPresent(keys -> settings.add(
                "each store's lineitem has nosql.read.runtime-keys.max = " + keys + " (--runtime-keys-max)"));
        return String.join("; ", settings);
    }

    /** The run's own directory under the work directory. */
    public Path runDir() {
        return workDir.resolve("dml");
    }

    @Override
    public String toString() {
        return "DmlOptions[sf=" + ScaleFactors.format(scaleFactor) + ", stores="
                + targets.stream().map(Target::cliName).toList() + ", warmups=" + warmups + ", runs=" + runs
                + clusterNodeManagers
                        .map(count -> ", cluster of " + count + " NodeManager(s)")
                        .orElse("")
                + (tuning().isEmpty() ? "" : ", " + tuning()) + "]";
    }
}
