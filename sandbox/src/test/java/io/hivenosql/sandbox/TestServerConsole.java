package io.hivenosql.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestServerConsole {
    @Test
    void appendsTheConsoleToServerOutInTheWorkDirectory(@TempDir Path dir) throws Exception {
        Path work = dir.resolve("work");
        PrintStream console = System.out;
        try {
            ServerConsole.redirectTo(work);
            System.out.println("first run");
            System.out.close();
            ServerConsole.redirectTo(work);
            System.out.println("second run");
            System.out.close();
        } finally {
            System.setOut(console);
        }
        assertThat(Files.readAllLines(work.resolve(ServerConsole.FILE_NAME)))
                .containsExactly("first run", "second run");
    }
}
