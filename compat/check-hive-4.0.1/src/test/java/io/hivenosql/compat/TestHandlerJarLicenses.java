package io.hivenosql.compat;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Each handler jar carries the project's LICENSE and NOTICE (which cover every library it bundles) and the license
 * texts they refer to, and every library whose Maven metadata it bundles is named in LICENSE.
 */
class TestHandlerJarLicenses {
    private static final Pattern BUNDLED = Pattern.compile("META-INF/maven/([^/]+)/([^/]+)/pom\\.properties");
    private static final Path ROOT = Path.of(System.getProperty("hivenosql.compat.root", "../.."));

    static Stream<Path> handlerJars() throws IOException {
        return TestHandlerJarLinks.handlerJars();
    }

    @ParameterizedTest
    @MethodSource("handlerJars")
    void carriesTheProjectsLicenseAndNoticeAndNamesEveryBundledLibrary(Path jar) throws IOException {
        String license = Files.readString(ROOT.resolve("LICENSE"), UTF_8);
        try (ZipFile zip = new ZipFile(jar.toFile())) {
            assertThat(read(zip, "META-INF/LICENSE")).isEqualTo(license);
            assertThat(read(zip, "META-INF/NOTICE")).isEqualTo(Files.readString(ROOT.resolve("NOTICE"), UTF_8));
            try (Stream<Path> texts = Files.list(ROOT.resolve("licenses"))) {
                for (Path text : texts.toList()) {
                    assertThat(license).contains("licenses/" + text.getFileName());
                    assertThat(read(zip, "META-INF/licenses/" + text.getFileName()))
                            .isEqualTo(Files.readString(text, UTF_8));
                }
            }
            List<? extends ZipEntry> entries = Collections.list(zip.entries());
            for (ZipEntry entry : entries) {
                Matcher bundled = BUNDLED.matcher(entry.getName());
                if (bundled.matches() && !bundled.group(1).equals("io.hivenosql")) {
                    assertThat(license)
                            .as("LICENSE names %s:%s, which %s bundles", bundled.group(1), bundled.group(2), jar)
                            .contains(bundled.group(2).replaceFirst("^netty-.*", "netty-"));
                }
            }
        }
    }

    private static String read(ZipFile zip, String name) throws IOException {
        ZipEntry entry = zip.getEntry(name);
        assertThat(entry).as(name + " in " + zip.getName()).isNotNull();
        try (InputStream in = zip.getInputStream(entry)) {
            return new String(in.readAllBytes(), UTF_8);
        }
    }
}
