package io.hivenosql.compat.driver;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.common.io.SessionStream;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.conf.VariableSubstitution;
import org.apache.hadoop.hive.ql.IDriver;
import org.apache.hadoop.hive.ql.processors.CommandProcessor;
import org.apache.hadoop.hive.ql.processors.CommandProcessorException;
import org.apache.hadoop.hive.ql.processors.CommandProcessorFactory;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * One script in a Hive session of its own, as a HiveServer2 session runs it: the session's aux jars loaded, the
 * variables set, each statement through the processor Hive picks for it (the Driver for queries and DDL, the SET / ADD
 * JAR processors for those), every result row written to the script's output as Hive's fetch formats it (columns
 * separated by tabs, NULL as {@code NULL}).
 */
final class ScriptSession {
    private final HiveConf conf;
    private final String user;
    private final Map<String, String> variables;

    ScriptSession(HiveConf conf, String user, Map<String, String> variables) {
        this.conf = conf;
        this.user = user;
        this.variables = Map.copyOf(variables);
    }

    /**
     * Runs the script, writing its rows to {@code output}; the first failing statement ends it.
     *
     * @throws ScriptFailure naming the statement, with Hive's error
     */
    void run(Path script, Path output) throws Exception {
        List<String> statements = Statements.split(Files.readString(script, UTF_8));
        try (PrintStream rows = new PrintStream(Files.newOutputStream(output), true, UTF_8)) {
            SessionState session = new SessionState(new HiveConf(conf), user);
            session.out = new SessionStream(rows, true, UTF_8.name());
            session.info = new SessionStream(System.err, true, UTF_8.name());
            session.err = new SessionStream(System.err, true, UTF_8.name());
            // formats as HiveServer2 does (e.g. DESCRIBE's columns unpadded), for rows comparable with beeline's
            session.setIsHiveServerQuery(true);
            SessionState.start(session);
            try {
                // as HiveServer2 opens a session: the aux jars, then the client's variables
                session.loadAuxJars();
                session.loadReloadableAuxJars();
                session.getHiveVariables().putAll(variables);
                VariableSubstitution substitution = new VariableSubstitution(session::getHiveVariables);
                for (String statement : statements) {
                    String text = substitution.substitute(session.getConf(), statement);
                    try {
                        execute(session, text, rows);
                    } catch (CommandProcessorException e) {
                        throw new ScriptFailure(script, statement, e.getMessage(), e);
                    }
                }
            } finally {
                session.close();
                SessionState.detachSession();
            }
        }
    }

    private static void execute(SessionState session, String statement, PrintStream rows) throws Exception {
        String[] tokens = statement.split("\\s+");
        CommandProcessor processor = CommandProcessorFactory.get(tokens, session.getConf());
        try {
            if (processor instanceof IDriver driver) {
                driver.run(statement);
                List<Object> batch = new ArrayList<>();
                while (driver.getResults(batch)) {
                    batch.forEach(row -> rows.println(format(row)));
                    batch.clear();
                }
            } else {
                // SET, ADD JAR, RESET ...: their output goes to the session's streams
                processor.run(statement.substring(tokens[0].length()).strip());
            }
        } finally {
            processor.close();
        }
    }

    /**
     * A row as beeline prints it: Hive's fetch gives text rows, but a fetch of a HiveServer2 session may give the
     * columns' values instead (tab-separated here, NULL for a null).
     */
    static String format(Object row) {
        if (!(row instanceof Object[] values)) {
            return String.valueOf(row);
        }
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < values.length; i++) {
            text.append(i == 0 ? "" : "\t").append(values[i] == null ? "NULL" : values[i].toString());
        }
        return text.toString();
    }

    /** A statement of a script failed; the message names both. */
    static final class ScriptFailure extends Exception {
        private static final long serialVersionUID = 1L;

        ScriptFailure(Path script, String statement, String error, Throwable cause) {
            super(script + ": the statement failed:\n" + statement + "\n" + error, cause);
        }
    }
}
