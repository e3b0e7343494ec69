package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class TestProgress {
    @Test
    void withoutATerminalItPrintsALineAtEachTenth() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), false);
        progress.start("load", 1000);
        for (int i = 1; i <= 1000; i++) {
            progress.update(i, "redis lineitem");
        }
        progress.finish("done");
        String[] lines = bytes.toString(StandardCharsets.UTF_8).split("\n");
        // the start, each tenth from 10% to 100%, and the finish
        assertThat(lines).hasSize(12);
        assertThat(lines[0]).startsWith("load       [..............................]   0%");
        assertThat(lines[5]).contains("[###############...............]  50%").endsWith("redis lineitem");
        assertThat(lines[11]).contains("[##############################] 100%").endsWith("done");
    }

    @Test
    void onATerminalItRedrawsOneLine() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Progress progress = new Progress(new PrintStream(bytes, true, StandardCharsets.UTF_8), true);
        progress.start("queries", 4);
        progress.update(2, "round 1/4 redis");
        progress.finish("");
        String text = bytes.toString(StandardCharsets.UTF_8);
        assertThat(text).startsWith("\rqueries").contains("\rqueries    [###############...............]  50%");
        assertThat(text.chars().filter(c -> c == '\n').count()).isEqualTo(1);
    }
}
