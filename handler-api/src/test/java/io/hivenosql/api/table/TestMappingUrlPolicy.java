package io.hivenosql.api.table;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.api.error.HandlerErrorCode;
import io.hivenosql.api.error.HandlerException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMappingUrlPolicy {
    private static final String OWNER = System.getProperty("user.name");

    @TempDir
    Path dir;

    private Path allowed;
    private Path mapping;

    @BeforeEach
    void files() throws Exception {
        allowed = Files.createDirectories(dir.resolve("allowed"));
        mapping = Files.writeString(allowed.resolve("m.json"), "{\"columns\": []}");
        Files.writeString(Files.createDirectories(dir.resolve("other")).resolve("m.json"), "{\"columns\": []}");
    }

    private MappingUrlPolicy policy(String user) {
        return new MappingUrlPolicy(List.of(allowed.toString()), Optional.of(user), new Configuration());
    }

    private static HandlerErrorCode code(Throwable e) {
        return ((HandlerException) e).errorCode();
    }

    @Test
    void localFilesOnlyUnderTheAllowedDirectories() {
        MappingUrlPolicy policy = policy(OWNER);
        assertThat(policy.check(mapping.toUri().toString()))
                .isEqualTo(mapping.toUri().toString());
        assertThat(policy.check(mapping.toString())).isEqualTo(mapping.toUri().toString());
        for (String url : List.of(
                "file:///etc/passwd",
                "/etc/passwd",
                dir.resolve("other/m.json").toUri().toString(),
                allowed.toUri() + "../other/m.json",
                allowed + "/../other/m.json")) {
            assertThatThrownBy(() -> policy.check(url))
                    .satisfies(e -> assertThat(code(e)).isEqualTo(HandlerErrorCode.MAPPING_URL_NOT_ALLOWED))
                    .hasMessageContaining("nosql.mapping.url '" + url + "' is not read")
                    .hasMessageContaining("hivenosql.mapping.file.roots")
                    .hasMessageContaining(allowed.toString());
        }
        assertThatThrownBy(() -> new MappingUrlPolicy(List.of(), Optional.of(OWNER), new Configuration())
                        .check(mapping.toString()))
                .hasMessageContaining("none is set");
    }

    @Test
    void aSymbolicLinkCannotLeadOutOfTheAllowedDirectories() throws Exception {
        Path link = Files.createSymbolicLink(allowed.resolve("link.json"), dir.resolve("other/m.json"));
        assertThatThrownBy(() -> policy(OWNER).check(link.toString())).hasMessageContaining("HNS-137");
        Path inside = Files.createSymbolicLink(allowed.resolve("inside.json"), mapping);
        assertThat(policy(OWNER).check(inside.toString()))
                .isEqualTo(mapping.toRealPath().toUri().toString());
    }

    @Test
    void theSessionUserMustBeAbleToReadTheFile() throws Exception {
        Files.setPosixFilePermissions(mapping, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> policy("mallory").check(mapping.toString()))
                .hasMessageContaining("HNS-137")
                .hasMessageContaining("user 'mallory'");
        Files.setPosixFilePermissions(mapping, PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(policy("mallory").check(mapping.toString()))
                .isEqualTo(mapping.toUri().toString());
    }

    @Test
    void classpathResourcesOnlyWhenTheyAreMappingFiles() {
        MappingUrlPolicy policy = policy(OWNER);
        assertThat(policy.check("classpath:mappings/person.json")).isEqualTo("classpath:mappings/person.json");
        assertThat(policy.check("classpath:mappings/person.AVSC")).isEqualTo("classpath:mappings/person.AVSC");
        for (String url : List.of("classpath:hive-site.xml", "classpath:log4j2.properties", "classpath:../x.json")) {
            assertThatThrownBy(() -> policy.check(url)).hasMessageContaining("ending in .json or .avsc");
        }
    }

    @Test
    void remoteUrlsAreNotFetched() {
        assertThatThrownBy(() -> policy(OWNER).check("http://169.254.169.254/latest/meta-data.json"))
                .hasMessageContaining("HNS-137")
                .hasMessageContaining("over http");
    }

    @Test
    void outsideASessionNothingIsChecked() {
        MappingUrlPolicy tasks = new MappingUrlPolicy(List.of(), Optional.empty(), new Configuration());
        assertThat(tasks.check("file:///etc/passwd")).isEqualTo("file:///etc/passwd");
    }
}
