package io.hivenosql.api.catalog;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import io.hivenosql.api.config.TableConfig;
import io.hivenosql.api.schema.InferredSchema;
import io.hivenosql.api.spi.NoSqlConnector;
import io.hivenosql.api.spi.SecretResolver;
import io.hivenosql.api.spi.StoreObject;
import io.hivenosql.api.spi.TableFiles;
import io.hivenosql.api.table.InferredSchemas;
import io.hivenosql.api.table.TableContexts;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The work of {@code bin/hive-nosql map}, free of Hive: lists each scope's objects through the connector, infers each
 * object's columns the way CREATE does ({@link InferredSchemas#sample}), writes its mapping file and adds its DDL to
 * {@value CatalogDdl#DDL_FILE} (rewritten after each object, so the file always holds what was mapped), and with
 * {@code --apply} runs the DDL at once. One line of progress per object; an object that fails is reported (and named in
 * the DDL file's comments) and the others go on.
 */
public final class CatalogMapper {
    /** Runs one statement in HiveServer2. */
    @FunctionalInterface
    public interface HiveStatements {
        void execute(String sql) throws Exception;
    }

    private final MapRequest request;
    private final NoSqlConnector connector;
    private final Function<TableConfig, SecretResolver> secrets;
    private final Optional<HiveStatements> hive;
    private final PrintStream out;
    private final Clock clock;

    /**
     * @param secrets the secrets of a table's properties (its credential provider)
     * @param hive where {@code --apply} runs the DDL; empty without it
     */
    public CatalogMapper(
            MapRequest request,
            NoSqlConnector connector,
            Function<TableConfig, SecretResolver> secrets,
            Optional<HiveStatements> hive,
            PrintStream out,
            Clock clock) {
        this.request = requireNonNull(request, "request is null");
        this.connector = requireNonNull(connector, "connector is null");
        this.secrets = requireNonNull(secrets, "secrets is null");
        this.hive = requireNonNull(hive, "hive is null");
        this.out = requireNonNull(out, "out is null");
        this.clock = requireNonNull(clock, "clock is null");
        if (request.apply() != hive.isPresent()) {
            throw new IllegalArgumentException("--apply needs a HiveServer2 to run the DDL in, and only --apply does");
        }
    }

    private record Listed(String scopeName, StoreObject object) {}

    /**
     * Maps every object.
     *
     * @return true when every scope was listed and every object mapped (and, with {@code --apply}, created)
     * @throws IOException when the output directory cannot be written
     */
    public boolean run() throws IOException {
        Files.createDirectories(request.outDir());
        boolean ok = true;
        List<Listed> objects = new ArrayList<>();
        for (Map<String, String> scope : request.scopes()) {
            String scopeName = request.store().scopeName(scope);
            try {
                TableConfig config = TableContexts.validate(connector, scopeName, scope);
                List<StoreObject> listed = connector.listObjects(config, secrets.apply(config));
                listed.forEach(object -> objects.add(new Listed(scopeName, object)));
                out.println(scopeName + ": " + listed.size() + " object" + (listed.size() == 1 ? "" : "s"));
            } catch (IOException | RuntimeException e) {
                out.println(scopeName + ": cannot list: " + e.getMessage());
                ok = false;
            }
            out.flush();
        }
        StringBuilder script = new StringBuilder(header());
        Path scriptFile = request.outDir().resolve(CatalogDdl.DDL_FILE);
        write(scriptFile, script.toString());
        if (hive.isPresent() && !request.hiveDatabase().equals("default")) {
            try {
                hive.get().execute(createDatabase());
            } catch (Exception e) {
                out.println("cannot create Hive database " + request.hiveDatabase() + ": " + e.getMessage());
                return false;
            }
        }
        List<HiveTableNames.Named> names = HiveTableNames.assign(
                objects.stream().map(listed -> listed.object().name()).toList());
        for (int i = 0; i < objects.size(); i++) {
            Listed listed = objects.get(i);
            HiveTableNames.Named named = names.get(i);
            String label = "[" + (i + 1) + "/" + objects.size() + "] "
                    + listed.object().name() + " -> " + request.hiveDatabase() + "." + named.hiveName();
            Mapped mapped = map(listed, named, label);
            if (mapped.table().isEmpty()) {
                ok = false;
                script.append(CatalogDdl.notMapped(label.substring(label.indexOf(' ') + 1), mapped.failure()))
                        .append('\n');
                write(scriptFile, script.toString());
                continue;
            }
            script.append(CatalogDdl.script(mapped.table().get())).append('\n');
            write(scriptFile, script.toString());
            ok &= apply(mapped.table().get());
        }
        out.println((ok ? "done: " : "done, with failures: ") + objects.size() + " object"
                + (objects.size() == 1 ? "" : "s") + "; DDL in " + scriptFile);
        out.flush();
        return ok;
    }

    /** An object's table, or why it has none. */
    private record Mapped(Optional<MappedTable> table, String failure) {}

    /** Infers and writes one object's mapping file; no table (reported) when that fails. */
    private Mapped map(Listed listed, HiveTableNames.Named named, String label) throws IOException {
        out.print(label + ": ");
        out.flush();
        String qualified = request.hiveDatabase() + "." + named.hiveName();
        InferredSchema schema;
        try {
            Map<String, String> sampled = new LinkedHashMap<>(listed.object().properties());
            sampled.putAll(request.sampling());
            TableConfig config = TableContexts.validate(connector, qualified, sampled);
            schema = InferredSchemas.sample(connector, config, secrets.apply(config), TableFiles.LOCAL);
        } catch (RuntimeException e) {
            // HandlerException says what and how to fix; a driver's own exception still names its cause
            out.println("failed: " + e.getMessage());
            out.flush();
            return new Mapped(Optional.empty(), String.valueOf(e.getMessage()));
        }
        MappedTable table = new MappedTable(
                listed.object().name(),
                listed.scopeName(),
                request.hiveDatabase(),
                named.hiveName(),
                request.store().storageHandlerClass(),
                listed.object().properties(),
                request.mappingUrlBase() + named.hiveName() + ".json",
                schema,
                named.note().map(List::of).orElse(List.of()),
                clock.instant());
        write(request.outDir().resolve(table.fileName()), CatalogDdl.mappingFile(table));
        int notes = table.allNotes().size();
        out.print(schema.mapping().size() + " column" + (schema.mapping().size() == 1 ? "" : "s") + ", " + notes
                + " note" + (notes == 1 ? "" : "s") + " ... ");
        out.flush();
        return new Mapped(Optional.of(table), "");
    }

    /** Creates the table with {@code --apply}; says "written" without. */
    private boolean apply(MappedTable table) {
        if (hive.isEmpty()) {
            out.println("written");
            out.flush();
            return true;
        }
        try {
            hive.get().execute(CatalogDdl.statement(table));
            out.println("created");
            return true;
        } catch (Exception e) {
            out.println("not created: " + e.getMessage());
            return false;
        } finally {
            out.flush();
        }
    }

    private String header() {
        StringBuilder header = new StringBuilder();
        header.append("-- written by bin/hive-nosql map ")
                .append(request.store().cliName())
                .append(" at ")
                .append(clock.instant().truncatedTo(java.time.temporal.ChronoUnit.SECONDS))
                .append('\n');
        header.append("-- the tables read their columns from the mapping files beside this one, as ")
                .append(request.mappingUrlBase())
                .append("<table>.json\n\n");
        if (!request.hiveDatabase().equals("default")) {
            header.append(createDatabase()).append(";\n\n");
        }
        return header.toString();
    }

    private String createDatabase() {
        return "CREATE DATABASE IF NOT EXISTS " + CatalogDdl.identifier(request.hiveDatabase());
    }

    /** Writes a file whole (a temporary file moved into place): a reader never sees half of it. */
    private static void write(Path file, String content) throws IOException {
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, content, UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }
}
