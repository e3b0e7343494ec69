package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;

/**
 * The HiveServer2 password for beeline ({@code beeline -w file}): written to a file only its owner can read, in the
 * work directory, and deleted on close, so the password is on no command line, in no process list and in no log.
 */
final class BeelinePasswordFile implements AutoCloseable {
    private final Path file;

    private BeelinePasswordFile(Path file) {
        this.file = file;
    }

    /** A file holding {@code password}, or none when the password is empty (beeline then connects with the user). */
    static BeelinePasswordFile create(String password, Path directory) throws IOException {
        requireNonNull(password, "password is null");
        requireNonNull(directory, "directory is null");
        if (password.isEmpty()) {
            return new BeelinePasswordFile(null);
        }
        Files.createDirectories(directory);
        Path file = Files.createTempFile(
                directory,
                "beeline-",
                ".password",
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        try {
            Files.writeString(file, password, StandardCharsets.UTF_8);
        } catch (IOException e) {
            Files.deleteIfExists(file);
            throw e;
        }
        return new BeelinePasswordFile(file);
    }

    Optional<Path> path() {
        return Optional.ofNullable(file);
    }

    @Override
    public void close() throws IOException {
        if (file != null) {
            Files.deleteIfExists(file);
        }
    }
}
