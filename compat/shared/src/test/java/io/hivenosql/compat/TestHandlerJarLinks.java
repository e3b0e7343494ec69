package io.hivenosql.compat;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The link check of every handler jar (the {@code -hive.jar}s users deploy) against one Hive line's runtime classpath;
 * each compat module runs it for its line. Its settings are system properties the module's pom sets:
 * {@code hivenosql.compat.line} (the Hive version), {@code hivenosql.compat.jars} (the directory of the jars) and
 * {@code hivenosql.compat.classpath} (a file listing the line's runtime jars, or {@code classpath:/resource} a runtime
 * module's list of them). The baseline, the Hive line the jars are
 * compiled against, is link-check's own {@code baseline.classpath}. The hooks the line never calls must be exactly those
 * of the module's {@code dormant-hooks.txt}, which the README's compatibility table lists.
 */
class TestHandlerJarLinks {
    static final String HOOK = "Lio/hivenosql/api/hive/line/HookSince;";
    /** The prefix of a {@code hivenosql.compat.classpath} that names a classpath resource instead of a file. */
    private static final String RESOURCE = "classpath:";

    static Stream<Path> handlerJars() throws IOException {
        Path directory = Path.of(property("hivenosql.compat.jars"));
        try (Stream<Path> files = Files.list(directory)) {
            List<Path> jars = files.filter(file -> file.toString().endsWith(".jar")).sorted().toList();
            assertThat(jars).as("handler jars in " + directory).hasSizeGreaterThanOrEqualTo(4);
            return jars.stream();
        }
    }

    @ParameterizedTest
    @MethodSource("handlerJars")
    void linksOnThisHiveLine(Path jar) throws IOException {
        HiveVersion line = HiveVersion.parse(property("hivenosql.compat.line"));
        List<Path> world = new ArrayList<>(List.of(jar));
        String runtime = property("hivenosql.compat.classpath");
        world.addAll(classpath(
                runtime.startsWith(RESOURCE) ? resource(runtime.substring(RESOURCE.length())) : Files.readString(Path.of(runtime))));
        List<Path> baseline = new ArrayList<>(List.of(jar));
        baseline.addAll(classpath(resource("/io/hivenosql/compat/baseline.classpath")));
        try (ClassPath classPath = ClassPath.of(world);
                ClassPath baselinePath = ClassPath.of(baseline)) {
            LinkChecker checker = new LinkChecker(
                    classPath,
                    line,
                    name -> name.startsWith("io/hivenosql/") && !name.contains("/shaded/"),
                    HOOK,
                    baselinePath,
                    HiveVersion.parse(resource("/io/hivenosql/compat/baseline.version").trim()));
            List<String> classes = ClassPath.classNames(jar);
            LinkReport report = checker.check(classes);
            System.out.println(jar.getFileName() + ": " + report.describe());

            assertThat(report.problems()).as(report.describe()).isEmpty();
            assertThat(report.classesChecked()).isGreaterThan(100);
            // the jar holds the line's own class, which HiveLines loads by name
            String lineClass = "io/hivenosql/api/hive/line/hive" + line.major() + "/Hive" + line.major() + "Line";
            assertThat(classes).as("classes of " + jar.getFileName()).contains(lineClass);
            assertThat(report.dormantHooks()).as("hooks Hive " + line + " never calls").containsExactlyInAnyOrderElementsOf(
                    Files.readAllLines(Path.of(property("hivenosql.compat.dormant-hooks")), UTF_8).stream()
                            .filter(hook -> !hook.isBlank() && !hook.startsWith("#"))
                            .toList());
        }
    }

    private static List<Path> classpath(String entries) {
        return Stream.of(entries.trim().split(File.pathSeparator))
                .filter(entry -> !entry.isBlank())
                .map(Path::of)
                .toList();
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = TestHandlerJarLinks.class.getResourceAsStream(name)) {
            assertThat(in).as(name + " (written by the link-check module's build)").isNotNull();
            return new String(in.readAllBytes(), UTF_8);
        }
    }

    private static String property(String name) {
        String value = System.getProperty(name);
        assertThat(value).as("system property " + name + " (set by the compat module's pom)").isNotBlank();
        return value;
    }
}
