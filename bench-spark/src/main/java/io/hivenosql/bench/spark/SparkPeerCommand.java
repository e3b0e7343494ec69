package io.hivenosql.bench.spark;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The command line of the Spark peer's JVM: this JDK's {@code java}, the module openings Spark 3.5 needs on JDK 17 (its
 * launcher adds the same), UTC as the JVM's zone (Spark turns dates into {@code java.sql.Date} in it), the heap, and
 * the classpath of this module (Spark, the connectors, their dependencies; written by the build, never on the bench's
 * own classpath). JDK only: the bench builds it.
 */
public final class SparkPeerCommand {
    static final String CLASSPATH_RESOURCE = "spark.classpath";

    /** What Spark 3.5's launcher passes on JDK 17 ({@code JavaModuleOptions}). */
    static final List<String> MODULE_OPTIONS = List.of(
            "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Djdk.reflect.useDirectMethodHandle=false");

    private SparkPeerCommand() {}

    /** {@code java ... SparkPeerMain <request>} with a heap of {@code heapMegabytes}. */
    public static List<String> of(Path request, int heapMegabytes) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("-Xmx" + heapMegabytes + "m");
        command.addAll(MODULE_OPTIONS);
        command.add("-Duser.timezone=UTC");
        command.add("-cp");
        command.add(classpath());
        command.add(SparkPeerMain.class.getName());
        command.add(request.toString());
        return command;
    }

    /** This module's jar (or classes directory), then the jars the build listed. */
    static String classpath() {
        try (InputStream in = SparkPeerCommand.class.getResourceAsStream(CLASSPATH_RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("the Spark peer's classpath (io/hivenosql/bench/spark/"
                        + CLASSPATH_RESOURCE + ") is missing: build the bench-spark module (bin/hive-nosql build)");
            }
            String jars = new String(in.readAllBytes(), StandardCharsets.UTF_8).strip();
            Path own = Path.of(SparkPeerCommand.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            for (String jar : jars.split(File.pathSeparator)) {
                if (!Files.exists(Path.of(jar))) {
                    throw new IllegalStateException("the Spark peer's classpath names " + jar + ", which is gone: "
                            + "rebuild the bench-spark module (bin/hive-nosql build)");
                }
            }
            return own + File.pathSeparator + jars;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the Spark peer's classpath", e);
        } catch (URISyntaxException e) {
            throw new IllegalStateException("cannot locate the bench-spark classes", e);
        }
    }
}
