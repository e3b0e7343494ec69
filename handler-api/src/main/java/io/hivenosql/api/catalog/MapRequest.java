package io.hivenosql.api.catalog;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * A parsed {@code bin/hive-nosql map} command line (see {@link #USAGE}).
 *
 * @param store the store
 * @param scopes the table properties of each scope to list (one for a keyspace or database, one per Redis prefix),
 *     without the sampling properties
 * @param sampling the {@code nosql.schema.*} properties that bound each sample, added only while inferring
 * @param outDir where the mapping files and the DDL go
 * @param hiveDatabase the Hive database of the tables, lower case
 * @param mappingUrlBase what each table's {@code nosql.mapping.url} starts with, ending with {@code /}
 * @param apply whether to run the DDL through HiveServer2
 * @param jdbcUrl HiveServer2's JDBC URL (with {@code apply})
 * @param user the JDBC user
 */
public record MapRequest(
        MapStore store,
        List<Map<String, String>> scopes,
        Map<String, String> sampling,
        Path outDir,
        String hiveDatabase,
        String mappingUrlBase,
        boolean apply,
        Optional<String> jdbcUrl,
        String user) {
    public static final String USAGE =
            """
            usage: bin/hive-nosql map cassandra --hosts HOST:PORT[,...] [--local-dc DC] --keyspace KS [options]
                   bin/hive-nosql map mongo --uri mongodb://HOST:PORT[,...]/DATABASE [options]
                   bin/hive-nosql map redis --nodes HOST:PORT[,...] --prefix PREFIX [--key-columns C[,C...]]
                                          [--value-type hash|string] [--key-separator S] [--prefix ...] [options]
            Infers the columns of every CQL table of the keyspace, every collection of the database (not system.*) or
            each Redis prefix (--key-columns, --value-type, --key-separator after a --prefix apply to it; before the
            first, to all), and writes one mapping file per object (<table>.json) and create-tables.hql with a
            CREATE EXTERNAL TABLE per object into the output directory.
            options:
              --out DIR                 the output directory (required)
              --database NAME           the Hive database of the tables (default: default)
              --sample-size N           records sampled per object (nosql.schema.sample-size, default 1000)
              --sample-seconds N        longest sample per object (nosql.schema.sample-seconds, default 30)
              --property KEY=VALUE      a table property for every table, e.g. cassandra.user=u,
                                        cassandra.password.alias=a, nosql.credentials.provider=jceks://...
              --mapping-url-base URL    what the tables' nosql.mapping.url start with (default: the output
                                        directory as a file: URL, which HiveServer2 must list in
                                        hivenosql.mapping.file.roots); copy the files there yourself
              --apply                   also create each table through HiveServer2 as it is written
              --jdbc-url URL            HiveServer2's JDBC URL (default with bin/hive-nosql: the running stack's)
              --user NAME               the JDBC user (default: the current user)
            """;

    public MapRequest {
        requireNonNull(store, "store is null");
        scopes = scopes.stream()
                .map(scope -> Collections.unmodifiableMap(new LinkedHashMap<>(scope)))
                .toList();
        sampling = Collections.unmodifiableMap(new LinkedHashMap<>(requireNonNull(sampling, "sampling is null")));
        requireNonNull(outDir, "outDir is null");
        requireNonNull(hiveDatabase, "hiveDatabase is null");
        requireNonNull(mappingUrlBase, "mappingUrlBase is null");
        requireNonNull(jdbcUrl, "jdbcUrl is null");
        requireNonNull(user, "user is null");
        if (scopes.isEmpty()) {
            throw new IllegalArgumentException("a map needs at least one scope");
        }
        if (!hiveDatabase.matches("[a-z0-9_]+")) {
            throw new IllegalArgumentException(
                    "--database: '" + hiveDatabase + "' is not a Hive database name " + "(letters, digits and '_')");
        }
        if (!mappingUrlBase.endsWith("/")) {
            throw new IllegalArgumentException("the mapping URL base must end with '/': " + mappingUrlBase);
        }
        if (apply && jdbcUrl.isEmpty()) {
            throw new IllegalArgumentException("--apply needs --jdbc-url (HiveServer2's JDBC URL)");
        }
    }

    /**
     * Parses a command line (without {@code map}); {@code --opt value} and {@code --opt=value} both work.
     *
     * @throws IllegalArgumentException naming what is wrong
     */
    public static MapRequest parse(List<String> args) {
        if (args.isEmpty()) {
            throw new IllegalArgumentException("name the store: cassandra, mongo or redis");
        }
        MapStore store = MapStore.named(args.get(0))
                .orElseThrow(() ->
                        new IllegalArgumentException("unknown store '" + args.get(0) + "': cassandra, mongo or redis"));
        Map<String, String> shared = new LinkedHashMap<>();
        List<Map<String, String>> objects = new ArrayList<>();
        Map<String, String> sampling = new LinkedHashMap<>();
        Path outDir = null;
        String database = "default";
        String base = null;
        boolean apply = false;
        String jdbcUrl = null;
        String user = System.getProperty("user.name", "hive");
        for (int i = 1; i < args.size(); i++) {
            String arg = args.get(i);
            if (!arg.startsWith("--")) {
                throw new IllegalArgumentException("unexpected argument '" + arg + "'");
            }
            String name = arg.substring(2);
            String value = null;
            int equals = name.indexOf('=');
            if (equals >= 0) {
                value = name.substring(equals + 1);
                name = name.substring(0, equals);
            }
            if (name.equals("apply")) {
                if (value != null) {
                    throw new IllegalArgumentException("--apply takes no value");
                }
                apply = true;
                continue;
            }
            if (value == null) {
                if (i + 1 >= args.size()) {
                    throw new IllegalArgumentException("--" + name + " needs a value");
                }
                value = args.get(++i);
            }
            switch (name) {
                case "out" -> outDir = Path.of(value);
                case "database" -> database = value.toLowerCase(Locale.ROOT);
                case "sample-size" -> sampling.put("nosql.schema.sample-size", value);
                case "sample-seconds" -> sampling.put("nosql.schema.sample-seconds", value);
                case "mapping-url-base" -> base = value.endsWith("/") ? value : value + "/";
                case "jdbc-url" -> jdbcUrl = value;
                case "user" -> user = value;
                case "property" -> {
                    int at = value.indexOf('=');
                    if (at <= 0) {
                        throw new IllegalArgumentException("--property takes KEY=VALUE, not '" + value + "'");
                    }
                    shared.put(value.substring(0, at).trim(), value.substring(at + 1));
                }
                default -> storeOption(store, name, value, shared, objects);
            }
        }
        if (outDir == null) {
            throw new IllegalArgumentException("--out DIR is required: where the mapping files and DDL go");
        }
        List<Map<String, String>> scopes = scopes(store, shared, objects);
        String mappingUrlBase = base != null
                ? base
                : outDir.toAbsolutePath().normalize().toUri().toString();
        return new MapRequest(
                store,
                scopes,
                sampling,
                outDir,
                database,
                mappingUrlBase.endsWith("/") ? mappingUrlBase : mappingUrlBase + "/",
                apply,
                Optional.ofNullable(jdbcUrl),
                user);
    }

    private static void storeOption(
            MapStore store, String name, String value, Map<String, String> shared, List<Map<String, String>> objects) {
        String property = store.options().get(name);
        if (property == null) {
            throw new IllegalArgumentException("unknown option --" + name + " for " + store.cliName() + " (known: --"
                    + String.join(
                            ", --", new java.util.TreeSet<>(store.options().keySet())) + ")");
        }
        if (store.objectOption().filter(name::equals).isPresent()) {
            Map<String, String> object = new LinkedHashMap<>();
            object.put(property, value);
            objects.add(object);
        } else if (store.perObjectOptions().contains(name) && !objects.isEmpty()) {
            objects.get(objects.size() - 1).put(property, value);
        } else {
            shared.put(property, value);
        }
    }

    /** Each object's properties over the shared ones; one scope of the shared ones when the store has no objects. */
    private static List<Map<String, String>> scopes(
            MapStore store, Map<String, String> shared, List<Map<String, String>> objects) {
        List<Map<String, String>> scopes = new ArrayList<>();
        if (store.objectOption().isEmpty()) {
            scopes.add(shared);
        }
        for (Map<String, String> object : objects) {
            Map<String, String> scope = new LinkedHashMap<>(shared);
            scope.putAll(object);
            scopes.add(scope);
        }
        if (store.objectOption().isPresent() && objects.isEmpty()) {
            throw new IllegalArgumentException(
                    "--" + store.objectOption().get() + " is required for " + store.cliName() + " (one per table)");
        }
        for (String option : store.required()) {
            String property = store.options().get(option);
            if (scopes.isEmpty() || scopes.stream().anyMatch(scope -> !scope.containsKey(property))) {
                throw new IllegalArgumentException("--" + option + " is required for " + store.cliName());
            }
        }
        return scopes;
    }
}
