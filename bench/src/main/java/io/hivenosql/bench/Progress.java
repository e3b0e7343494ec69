package io.hivenosql.bench;

import static java.util.Objects.requireNonNull;

import java.io.PrintStream;
import java.util.Locale;

/**
 * A progress bar for a phase of the run ({@code generate}, {@code load}, {@code queries} ...). On a terminal it redraws
 * one line ({@code \r}); otherwise (CI logs, pipes) it prints a line at most every tenth of the way and at the end.
 * Not thread-safe.
 */
public final class Progress {
    private static final int WIDTH = 30;

    private final PrintStream out;
    private final boolean terminal;
    private String phase = "";
    private long total;
    private long done;
    private long startNanos;
    private int lastTenth = -1;

    public Progress(PrintStream out, boolean terminal) {
        this.out = requireNonNull(out, "out is null");
        this.terminal = terminal;
    }

    /** To {@code out}: redrawn in place when this process has a terminal (System.console()), else line by line. */
    public static Progress console(PrintStream out) {
        return new Progress(out, System.console() != null);
    }

    /** A progress that prints nothing. */
    public static Progress silent() {
        return new Progress(new PrintStream(java.io.OutputStream.nullOutputStream()), false);
    }

    /** Starts a phase of {@code total} units (rows, statements ...). */
    public void start(String phase, long total) {
        this.phase = requireNonNull(phase, "phase is null");
        this.total = Math.max(total, 1);
        this.done = 0;
        this.startNanos = System.nanoTime();
        this.lastTenth = -1;
        show("");
    }

    /** Sets how many units are done, with a word on the current step. */
    public void update(long done, String step) {
        this.done = Math.min(Math.max(done, 0), total);
        show(step);
    }

    /** Ends the phase with a closing remark (e.g. its rate). */
    public void finish(String remark) {
        this.done = total;
        lastTenth = -1;
        show(remark);
        if (terminal) {
            out.println();
        }
        out.flush();
    }

    private void show(String step) {
        int tenth = (int) (done * 10 / total);
        if (!terminal && tenth == lastTenth) {
            return;
        }
        lastTenth = tenth;
        int filled = (int) (done * WIDTH / total);
        String line = String.format(
                Locale.ROOT,
                "%-10s [%s%s] %3d%% %6.1f s  %s",
                phase,
                "#".repeat(filled),
                ".".repeat(WIDTH - filled),
                done * 100 / total,
                (System.nanoTime() - startNanos) / 1e9,
                step);
        if (terminal) {
            out.print("\r" + line + " ".repeat(Math.max(0, 20 - step.length())));
        } else {
            out.println(line);
        }
        out.flush();
    }
}
