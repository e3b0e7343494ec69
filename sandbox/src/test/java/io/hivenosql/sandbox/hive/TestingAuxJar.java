package io.hivenosql.sandbox.hive;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/**
 * A minimal storage handler compiled at test time into a jar that is on no classpath, so that Hive can only get it
 * through the aux jars, the way it gets the real handlers (which these tests must not depend on). Its input format
 * wraps each split in its own {@code FileSplit} subclass: a Tez task must load that class to read the split.
 */
final class TestingAuxJar {
    static final String HANDLER_CLASS = "io.hivenosql.sandbox.testhandler.LinesStorageHandler";

    private static final String PACKAGE = "io.hivenosql.sandbox.testhandler";
    private static final Map<String, String> SOURCES = Map.of(
            "LinesStorageHandler",
            """
            public final class LinesStorageHandler extends org.apache.hadoop.hive.ql.metadata.DefaultStorageHandler {
                @Override
                public Class<? extends org.apache.hadoop.mapred.InputFormat> getInputFormatClass() {
                    return LinesInputFormat.class;
                }

                @Override
                public Class<? extends org.apache.hadoop.mapred.OutputFormat> getOutputFormatClass() {
                    return org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat.class;
                }
            }
            """,
            "LinesInputFormat",
            """
            import org.apache.hadoop.mapred.FileSplit;
            import org.apache.hadoop.mapred.InputSplit;
            import org.apache.hadoop.mapred.JobConf;

            public final class LinesInputFormat extends org.apache.hadoop.mapred.TextInputFormat {
                private static final java.util.concurrent.atomic.AtomicInteger CALLS =
                        new java.util.concurrent.atomic.AtomicInteger();

                @Override
                public InputSplit[] getSplits(JobConf job, int numSplits) throws java.io.IOException {
                    // a class first needed on a later call: loading it fails if this class came from a closed loader
                    int call = CALLS.incrementAndGet();
                    String touched = call == 1 ? FirstCall.NAME : call == 2 ? SecondCall.NAME : LaterCall.NAME;
                    InputSplit[] splits = super.getSplits(job, numSplits);
                    for (int i = 0; i < splits.length; i++) {
                        splits[i] = new LinesSplit((FileSplit) splits[i]);
                    }
                    return splits;
                }
            }
            """,
            "FirstCall",
            "final class FirstCall { static final String NAME = new String(\"first\"); }\n",
            "SecondCall",
            "final class SecondCall { static final String NAME = new String(\"second\"); }\n",
            "LaterCall",
            "final class LaterCall { static final String NAME = new String(\"later\"); }\n",
            "LinesSplit",
            """
            public final class LinesSplit extends org.apache.hadoop.mapred.FileSplit {
                public LinesSplit() {
                    super((org.apache.hadoop.fs.Path) null, 0, 0, (String[]) null);
                }

                public LinesSplit(org.apache.hadoop.mapred.FileSplit split) throws java.io.IOException {
                    super(split.getPath(), split.getStart(), split.getLength(), split.getLocations());
                }
            }
            """);

    private TestingAuxJar() {}

    /** Compiles the handler into {@code dir/lines-handler.jar}. */
    static Path build(Path dir) throws IOException {
        Path sources = dir.resolve("src/" + PACKAGE.replace('.', '/'));
        Path classes = dir.resolve("classes");
        Files.createDirectories(sources);
        Files.createDirectories(classes);
        List<String> arguments = new ArrayList<>(List.of(
                "-nowarn",
                "-Xlint:none",
                "--release",
                "17",
                "-classpath",
                System.getProperty("java.class.path"),
                "-d",
                classes.toString()));
        for (Map.Entry<String, String> source : SOURCES.entrySet()) {
            Path file = sources.resolve(source.getKey() + ".java");
            Files.writeString(file, "package " + PACKAGE + ";\n\n" + source.getValue(), UTF_8);
            arguments.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        int exit = javac.run(null, null, null, arguments.toArray(String[]::new));
        if (exit != 0) {
            throw new IllegalStateException("javac failed (" + exit + ") for " + sources);
        }
        Path jar = dir.resolve("lines-handler.jar");
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (String name : SOURCES.keySet()) {
                String entry = PACKAGE.replace('.', '/') + "/" + name + ".class";
                out.putNextEntry(new JarEntry(entry));
                out.write(Files.readAllBytes(classes.resolve(entry)));
                out.closeEntry();
            }
        }
        return jar;
    }
}
