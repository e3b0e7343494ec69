package io.hivenosql.sandbox.hive;

import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Puts a {@link LocalHiveServer}'s aux jars on the server's classpath, as {@code HIVE_AUX_JARS_PATH} does for a real
 * HiveServer2 (its launcher adds those jars to the server JVM's classpath and sets {@code hive.aux.jars.path}).
 *
 * <p>Why: with the jars only in {@code hive.aux.jars.path}, each Hive session loads them in its own class loader and
 * closes it when the session ends, while classes it defined stay cached JVM-wide (Kryo's class-name cache of the
 * pooled plan serializers); a later session then fails with {@code ClassNotFoundException} for classes of the same
 * jar. Measured with Hive 4.0.1 in Tez local mode: the second beeline session over a handler table failed.
 *
 * <p>How: the application class loader's own hook for {@code java.lang.instrument}
 * ({@code appendToClassPathForInstrumentation}); it needs {@code --add-opens=java.base/jdk.internal.loader=ALL-UNNAMED}.
 * The test classpath itself stays free of handler classes: they become visible only once the server starts.
 */
final class ServerClassPath {
    static final String REQUIRED_FLAG = "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED";

    private static final Logger log = LoggerFactory.getLogger(ServerClassPath.class);

    private ServerClassPath() {}

    /** Appends the jars to the application class path; false (with a warning) when this JVM does not allow it. */
    static boolean append(List<Path> jars) {
        if (jars.isEmpty()) {
            return true;
        }
        ClassLoader application = ClassLoader.getSystemClassLoader();
        try {
            Method append =
                    application.getClass().getDeclaredMethod("appendToClassPathForInstrumentation", String.class);
            append.setAccessible(true);
            for (Path jar : jars) {
                append.invoke(application, jar.toString());
            }
            return true;
        } catch (ReflectiveOperationException | RuntimeException e) {
            log.warn(
                    "Cannot put the aux jars on the server classpath ({}): start the JVM with {}; until then a second "
                            + "Hive session may fail with ClassNotFoundException for handler classes",
                    e.toString(),
                    REQUIRED_FLAG);
            return false;
        }
    }
}
