package io.hivenosql.sandbox.mongo;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * Which MongoDB-compatible server a {@link TestingMongoServer} starts. No genuine {@code mongod} can be installed on
 * these machines, so there are two stand-ins: the in-memory test double (fast, the default) and FerretDB on
 * PostgreSQL (a real server with real storage, slower to start, and with gaps of its own). The environment variable
 * {@value #VARIABLE} picks the default of every builder; {@code MONGO_URI} (an external server) wins over both.
 */
public enum MongoFlavour {
    /** mongo-java-server (memory backend) in its own JVM: a MongoDB-protocol test double reporting MongoDB 5.0. */
    DOUBLE("double"),
    /**
     * FerretDB {@value FerretDbBinary#VERSION} over a private PostgreSQL cluster: a MongoDB-compatible server (it
     * reports MongoDB 7.0), not mongod.
     */
    FERRETDB("ferretdb");

    /** The environment variable naming the flavour of the sandbox's MongoDB server: {@code double} or {@code ferretdb}. */
    public static final String VARIABLE = "HIVE_NOSQL_MONGO";

    private final String cliName;

    MongoFlavour(String cliName) {
        this.cliName = cliName;
    }

    /** The name on command lines and in {@value #VARIABLE}. */
    public String cliName() {
        return cliName;
    }

    /**
     * The flavour named {@code name} (case-insensitive); throws naming {@code source} (an option or variable) and the
     * names it takes when there is none.
     */
    public static MongoFlavour fromName(String name, String source) {
        requireNonNull(name, "name is null");
        requireNonNull(source, "source is null");
        String normalized = name.trim().toLowerCase(Locale.ROOT);
        return Arrays.stream(values())
                .filter(flavour -> flavour.cliName.equals(normalized))
                .findFirst()
                .orElseThrow(() -> new IllegalArgumentException(source + " must be one of " + names() + ": '" + name
                        + "' (double: the in-memory test double; ferretdb: FerretDB on PostgreSQL)"));
    }

    /** The flavour of {@value #VARIABLE}, {@link #DOUBLE} when it is unset or blank. */
    public static MongoFlavour fromEnvironment() {
        return fromValue(Optional.ofNullable(System.getenv(VARIABLE)));
    }

    /** The flavour a value of {@value #VARIABLE} names; {@link #DOUBLE} when there is none or it is blank. */
    static MongoFlavour fromValue(Optional<String> value) {
        return value.filter(text -> !text.isBlank())
                .map(text -> fromName(text, "the environment variable " + VARIABLE))
                .orElse(DOUBLE);
    }

    private static String names() {
        return Arrays.stream(values()).map(MongoFlavour::cliName).collect(Collectors.joining(", "));
    }

    /**
     * Makes ready what a server of this flavour needs, so that its start takes seconds: for FerretDB the binary
     * (built once, some minutes on a fresh machine) and PostgreSQL (installed when root and missing); nothing for the
     * test double. Returns what was found, for the user; throws with the fix when something is missing.
     */
    public String prepare() {
        return switch (this) {
            case DOUBLE -> "MongoDB: the in-memory test double (mongo-java-server), nothing to prepare";
            case FERRETDB -> {
                Path binary = FerretDbBinary.obtain();
                Path log = binary.resolveSibling(FerretDbStarter.TOOL_LOG);
                PostgresBinaries postgres = PostgresBinaries.locate(log);
                yield "MongoDB: FerretDB " + FerretDbBinary.VERSION + " (" + binary + ") on " + postgres.version(log)
                        + " (" + postgres.binDir()
                        + postgres.user().map(user -> ", run as " + user).orElse("")
                        + "): a MongoDB-compatible server, not mongod";
            }
        };
    }
}
