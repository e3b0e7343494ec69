package io.hivenosql.sandbox;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The JDK 17 flags Hive needs ({@code --add-opens} / {@code --add-exports}). There is one copy: the parent pom's
 * {@code hive.jvm.opens}, filtered at build time into
 * the classpath resource {@code io/hivenosql/sandbox/jvm.opens}
 * (and into {@code sandbox/target/launcher/jvm.opens} for {@code bin/hive-nosql}).
 */
public final class JvmOptions {
    private static final String RESOURCE = "jvm.opens";

    private JvmOptions() {}

    /** The flags for a child JVM that runs Hive code: the build's list plus any such flag this JVM was started with. */
    public static List<String> hiveOpens() {
        Set<String> flags = new LinkedHashSet<>(fromResource());
        for (String argument : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
            if (argument.startsWith("--add-opens") || argument.startsWith("--add-exports")) {
                flags.add(argument);
            }
        }
        return List.copyOf(flags);
    }

    static List<String> fromResource() {
        try (InputStream in = JvmOptions.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException("Resource io/hivenosql/sandbox/" + RESOURCE
                        + " is missing from the sandbox jar: rebuild the sandbox module with Maven");
            }
            String text = new String(in.readAllBytes(), StandardCharsets.UTF_8).trim();
            if (text.startsWith("${")) {
                throw new IllegalStateException("Resource io/hivenosql/sandbox/" + RESOURCE + " was not filtered ("
                        + text + "): rebuild the sandbox module with Maven");
            }
            List<String> flags = new ArrayList<>();
            for (String flag : text.split("\\s+")) {
                if (!flag.isEmpty()) {
                    flags.add(flag);
                }
            }
            return flags;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read resource io/hivenosql/sandbox/" + RESOURCE, e);
        }
    }

    /**
     * The start of a Hive JVM's command line: this JDK's {@code java}, {@link #hiveOpens()}, a heap of {@code heapMb}
     * MB and an exit on {@code OutOfMemoryError}; the caller adds its own options, classpath and main class.
     */
    public static List<String> hiveJava(int heapMb) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(hiveOpens());
        command.add("-Xmx" + heapMb + "m");
        command.add("-XX:+ExitOnOutOfMemoryError");
        return command;
    }
}
