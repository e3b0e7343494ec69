package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** How every report file is written: UTF-8 text into the run's directory, which is created if missing. */
final class ReportFiles {
    private ReportFiles() {}

    /** Writes {@code text} as {@code dir/fileName} and returns the file's path. */
    static Path write(Path dir, String fileName, String text) throws IOException {
        requireNonNull(dir, "dir is null");
        Files.createDirectories(dir);
        Path file = dir.resolve(fileName);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }
}
