package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.hive.HiveEngine;
import io.hivenosql.sandbox.hive.HiveRelease;
import io.hivenosql.sandbox.mongo.MongoFlavour;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The parsed command line of {@link SandboxMain}. Options take a value as {@code --name value} or {@code --name=value};
 * {@code --aux-jars} takes a comma-separated list and may be repeated; {@code --cluster} and {@code --tls} (of
 * {@code up} and {@code demo}) and {@code --replicated} (of {@code up}) take no value.
 *
 * @param cluster whether HiveServer2 runs Hive on Tez over a YARN cluster (see {@link StackBuilder#cluster(boolean)})
 * @param replicated whether the stores are replicated (see {@link StackBuilder#replicated(boolean)})
 * @param tls whether the stores speak TLS (see {@link StackBuilder#tls(boolean)})
 * @param mongo the MongoDB server of {@code --mongo} (of {@code up} and {@code demo}); empty: the one {@value
 *     MongoFlavour#VARIABLE} names, else the test double
 * @param hive the HiveServer2 release of {@code --hive} (of {@code up} and {@code demo}), 4.0.1 by default
 */
public record SandboxArguments(
        Command command,
        Path workDir,
        HiveRelease hive,
        HiveEngine engine,
        List<Path> auxJars,
        Optional<Path> examplesDir,
        boolean cluster,
        boolean replicated,
        boolean tls,
        Optional<MongoFlavour> mongo) {
    public enum Command {
        UP("up"),
        DEMO("demo"),
        BEELINE_ARGS("beeline-args"),
        PREPARE_MONGO("prepare-mongo"),
        HELP("help");

        private final String cliName;

        Command(String cliName) {
            this.cliName = cliName;
        }

        public String cliName() {
            return cliName;
        }
    }

    public static final String USAGE =
            """
            usage: SandboxMain <command> [options]
              up           --work DIR [--hive 4.0.1|3.1.3] [--engine tez|mr] [--cluster] [--replicated] [--tls]
                           [--mongo double|ferretdb] [--aux-jars a.jar,b.jar] [--examples DIR]
                           start HiveServer2 and the stores, write DIR/stack.properties, run until SIGTERM/SIGINT
                           (--examples: also pass the examples dir to beeline as ${examples_dir}; --cluster: Hive on
                           Tez over a YARN cluster with HDFS, HiveServer2 in its own JVM, the aux jars on HDFS, the
                           examples dir copied to HDFS and ${examples_dir} naming the copy; --replicated: a Redis
                           Cluster of 3 masters with a replica each and a 3-node Cassandra ring instead of one
                           server each; --mongo: the MongoDB server, the in-memory test double or FerretDB on a
                           private PostgreSQL, by default the one HIVE_NOSQL_MONGO names, else the double; MONGO_URI,
                           an external server, wins over both; --hive 3.1.3: Apache Hive 3.1.3's HiveServer2 in its
                           own JVM on Java 17, as Amazon EMR 7 runs it, with Tez 0.10.2 or MapReduce in local mode;
                           --tls: the stores speak only TLS with certificates of a CA made in DIR/tls, Redis with
                           client certificates, and HiveServer2's settings give every table the TLS material)
              demo         --work DIR --examples DIR [--hive 4.0.1|3.1.3] [--engine tez|mr] [--cluster] [--tls]
                           [--mongo double|ferretdb] [--aux-jars a.jar,b.jar]
                           start the stack, load the demo data, run every *.hql under the examples dir in path
                           order through beeline, stop at the first failing file, then stop the stack
              beeline-args --work DIR
                           print the beeline arguments (-u URL -n USER --hivevar k=v ...) for the stack running in DIR
              prepare-mongo [--mongo double|ferretdb]
                           make ready what the MongoDB server needs before a stack starts it: for FerretDB, build it
                           once (cached) and install PostgreSQL when root and missing; prints what was found
              help         print this text
            """;

    public SandboxArguments {
        requireNonNull(command, "command is null");
        requireNonNull(hive, "hive is null");
        requireNonNull(engine, "engine is null");
        auxJars = List.copyOf(requireNonNull(auxJars, "auxJars is null"));
        requireNonNull(examplesDir, "examplesDir is null");
        requireNonNull(mongo, "mongo is null");
        if (command != Command.HELP && command != Command.PREPARE_MONGO && workDir == null) {
            throw new IllegalArgumentException(command.cliName() + " needs --work DIR");
        }
        if (command == Command.DEMO && examplesDir.isEmpty()) {
            throw new IllegalArgumentException("demo needs --examples DIR");
        }
    }

    /** Parses the arguments; throws {@link IllegalArgumentException} with a message fit for the user. */
    public static SandboxArguments parse(List<String> arguments) {
        requireNonNull(arguments, "arguments is null");
        if (arguments.isEmpty()) {
            throw new IllegalArgumentException("no command given");
        }
        Command command = command(arguments.get(0));
        Path workDir = null;
        HiveRelease hive = HiveRelease.HIVE_4_0_1;
        HiveEngine engine = HiveEngine.TEZ;
        List<Path> auxJars = new ArrayList<>();
        Path examplesDir = null;
        boolean cluster = false;
        boolean replicated = false;
        boolean tls = false;
        MongoFlavour mongo = null;
        Set<String> seen = new HashSet<>();
        for (int i = 1; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            if (argument.equals("-h") || argument.equals("--help")) {
                return help();
            }
            if (!argument.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + argument + "'");
            }
            if (argument.equals("--cluster")) {
                cluster = flag(argument, cluster, command == Command.UP || command == Command.DEMO, "up and demo");
                continue;
            }
            if (argument.equals("--tls")) {
                tls = flag(argument, tls, command == Command.UP || command == Command.DEMO, "up and demo");
                continue;
            }
            if (argument.equals("--replicated")) {
                replicated = flag(argument, replicated, command == Command.UP, "up");
                continue;
            }
            String name;
            String value;
            int equals = argument.indexOf('=');
            if (equals > 0) {
                name = argument.substring(0, equals);
                value = argument.substring(equals + 1);
            } else {
                name = argument;
                if (i + 1 >= arguments.size()) {
                    throw new IllegalArgumentException(name + " needs a value");
                }
                value = arguments.get(++i);
            }
            if (!name.equals("--aux-jars") && !seen.add(name)) {
                throw new IllegalArgumentException(name + " is given twice");
            }
            switch (name) {
                case "--work" -> workDir = path(name, value);
                case "--engine" -> engine = HiveEngine.fromName(value);
                case "--hive" -> {
                    if (command != Command.UP && command != Command.DEMO) {
                        throw new IllegalArgumentException("--hive is an option of up and demo only");
                    }
                    hive = HiveRelease.of(value);
                }
                case "--aux-jars" -> {
                    for (String jar : value.split(",")) {
                        if (!jar.isBlank()) {
                            auxJars.add(Path.of(jar.trim()));
                        }
                    }
                }
                case "--examples" -> examplesDir = path(name, value);
                case "--mongo" -> {
                    if (command != Command.UP && command != Command.DEMO && command != Command.PREPARE_MONGO) {
                        throw new IllegalArgumentException("--mongo is an option of up, demo and prepare-mongo only");
                    }
                    mongo = MongoFlavour.fromName(value, "--mongo");
                }
                default -> throw new IllegalArgumentException("unknown option " + name + " for " + command.cliName());
            }
            if (command == Command.BEELINE_ARGS && !name.equals("--work")) {
                throw new IllegalArgumentException("beeline-args takes only --work");
            }
            if (command == Command.PREPARE_MONGO && !name.equals("--mongo")) {
                throw new IllegalArgumentException("prepare-mongo takes only --mongo");
            }
        }
        if (cluster && engine != HiveEngine.TEZ) {
            throw new IllegalArgumentException("--cluster runs Hive on Tez only: drop --engine " + engine.hiveName());
        }
        if (cluster && hive != HiveRelease.HIVE_4_0_1) {
            throw new IllegalArgumentException("--cluster runs HiveServer2 " + HiveRelease.HIVE_4_0_1.version()
                    + " only: drop --hive " + hive.version());
        }
        if (tls && replicated) {
            throw new IllegalArgumentException("--tls runs one server per store: drop --replicated");
        }
        return new SandboxArguments(
                command,
                workDir,
                hive,
                engine,
                auxJars,
                Optional.ofNullable(examplesDir),
                cluster,
                replicated,
                tls,
                Optional.ofNullable(mongo));
    }

    /** A flag without a value: set once, of the commands that take it. */
    private static boolean flag(String flag, boolean alreadySet, boolean taken, String commands) {
        if (!taken) {
            throw new IllegalArgumentException(flag + " is an option of " + commands + " only");
        }
        if (alreadySet) {
            throw new IllegalArgumentException(flag + " is given twice");
        }
        return true;
    }

    private static SandboxArguments help() {
        return new SandboxArguments(
                Command.HELP,
                null,
                HiveRelease.HIVE_4_0_1,
                HiveEngine.TEZ,
                List.of(),
                Optional.empty(),
                false,
                false,
                false,
                Optional.empty());
    }

    private static Command command(String name) {
        String normalized = name.toLowerCase(Locale.ROOT);
        if (normalized.equals("-h") || normalized.equals("--help")) {
            return Command.HELP;
        }
        for (Command command : Command.values()) {
            if (command.cliName().equals(normalized)) {
                return command;
            }
        }
        throw new IllegalArgumentException("unknown command '" + name + "'");
    }

    private static Path path(String option, String value) {
        if (value.isBlank()) {
            throw new IllegalArgumentException(option + " needs a non-empty value");
        }
        return Path.of(value).toAbsolutePath().normalize();
    }
}
