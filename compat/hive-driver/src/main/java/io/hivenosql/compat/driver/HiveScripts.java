package io.hivenosql.compat.driver;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.hive.conf.HiveConf;
import org.apache.hadoop.hive.ql.session.SessionState;

/**
 * Runs HiveQL scripts through Hive's own Driver in this JVM, one Hive session per script, with the hive-site.xml
 * found on the classpath (its directory first, as Hive's launcher puts {@code HIVE_CONF_DIR}).
 *
 * <pre>
 * HiveScripts --out DIR [--user NAME] [--hivevar K=V]... [--hiveconf K=V]... SCRIPT...
 * </pre>
 *
 * <p>Script N's result rows go to {@code DIR/N.out} (N from 1). Exit 0 when every statement succeeded; 1 at the first
 * that failed (its text and Hive's error on standard error); 2 on bad arguments. Standard output stays free of
 * results: Tez's local AM prints its progress there.
 */
public final class HiveScripts {
    private HiveScripts() {}

    public static void main(String[] args) {
        int status;
        try {
            status = run(args);
        } catch (IllegalArgumentException e) {
            System.err.println("HiveScripts: " + e.getMessage());
            status = 2;
        }
        // Tez's local mode and Hadoop leave threads that are not daemons
        System.exit(status);
    }

    static int run(String[] args) {
        Path out = null;
        String user = System.getProperty("user.name", "hive");
        Map<String, String> variables = new LinkedHashMap<>();
        List<Path> scripts = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--out" -> out = Path.of(value(args, ++i, "--out"));
                case "--user" -> user = value(args, ++i, "--user");
                case "--hivevar" -> put(variables, value(args, ++i, "--hivevar"));
                case "--hiveconf" -> {
                    // before HiveConf exists: it reads some keys (hive.aux.jars.path) only when it is built
                    Map<String, String> setting = new LinkedHashMap<>();
                    put(setting, value(args, ++i, "--hiveconf"));
                    setting.forEach(System::setProperty);
                }
                default -> scripts.add(Path.of(args[i]));
            }
        }
        if (out == null || scripts.isEmpty()) {
            throw new IllegalArgumentException(
                    "usage: HiveScripts --out DIR [--user NAME] [--hivevar K=V]... " + "[--hiveconf K=V]... SCRIPT...");
        }
        PrintStream console = System.out;
        System.setOut(System.err);
        try {
            Files.createDirectories(out);
            HiveConf conf = new HiveConf(SessionState.class);
            for (int n = 1; n <= scripts.size(); n++) {
                long start = System.nanoTime();
                new ScriptSession(conf, user, variables).run(scripts.get(n - 1), out.resolve(n + ".out"));
                console.printf("%s: ok in %d ms%n", scripts.get(n - 1), (System.nanoTime() - start) / 1_000_000);
            }
            return 0;
        } catch (ScriptSession.ScriptFailure e) {
            System.err.println(e.getMessage());
            if (e.getCause() != null && e.getCause().getCause() != null) {
                e.getCause().getCause().printStackTrace();
            }
            return 1;
        } catch (Exception | LinkageError e) {
            e.printStackTrace();
            return 1;
        } finally {
            console.flush();
        }
    }

    private static String value(String[] args, int index, String option) {
        if (index >= args.length) {
            throw new IllegalArgumentException(option + " needs a value");
        }
        return args[index];
    }

    private static void put(Map<String, String> map, String assignment) {
        int equals = assignment.indexOf('=');
        if (equals <= 0) {
            throw new IllegalArgumentException("expected KEY=VALUE, got '" + assignment + "'");
        }
        map.put(assignment.substring(0, equals), assignment.substring(equals + 1));
    }
}
