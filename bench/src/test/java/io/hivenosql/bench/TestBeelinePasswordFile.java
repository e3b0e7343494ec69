package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestBeelinePasswordFile {
    @TempDir
    Path work;

    @Test
    void holdsThePasswordForItsOwnerOnlyUntilClosed() throws Exception {
        Path file;
        try (BeelinePasswordFile password = BeelinePasswordFile.create("s3cr=t", work.resolve("bench"))) {
            file = password.path().orElseThrow();
            assertThat(file.getParent()).isEqualTo(work.resolve("bench"));
            assertThat(Files.readString(file)).isEqualTo("s3cr=t");
            assertThat(Files.getPosixFilePermissions(file))
                    .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
        }
        assertThat(file).doesNotExist();
    }

    @Test
    void noPasswordNoFile() throws Exception {
        try (BeelinePasswordFile password = BeelinePasswordFile.create("", work)) {
            assertThat(password.path()).isEmpty();
        }
        assertThat(work).isEmptyDirectory();
    }
}
