package io.hivenosql.sandbox;

import static java.util.Objects.requireNonNull;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;

/**
 * The options that every test server of the sandbox that runs in its own JVM has (its work directory, its heap, how
 * long its start may take); {@code B} is the server's own builder, which adds the rest and starts the server.
 */
public abstract class ServerBuilder<B extends ServerBuilder<B>> {
    private final int minHeapMegabytes;
    private Optional<Path> workDir = Optional.empty();
    private int heapMegabytes = 1024;
    private Duration startTimeout;
    private long parentPid = ProcessHandle.current().pid();
    private boolean shared;

    protected ServerBuilder(int minHeapMegabytes, Duration defaultStartTimeout) {
        this.minHeapMegabytes = minHeapMegabytes;
        this.startTimeout = requireNonNull(defaultStartTimeout, "defaultStartTimeout is null");
    }

    /**
     * The server's directory (created if missing) for its log, which is kept after the stop (the server's class says
     * what else it keeps there). Without this, the server uses a temporary directory that it deletes when it stops.
     */
    public B workDir(Path workDir) {
        this.workDir = Optional.of(
                requireNonNull(workDir, "workDir is null").toAbsolutePath().normalize());
        return self();
    }

    /** The maximum heap ({@code -Xmx}) of the server's JVM, 1024 MB by default. */
    public B heapMegabytes(int heapMegabytes) {
        if (heapMegabytes < minHeapMegabytes) {
            throw new IllegalArgumentException(
                    "heapMegabytes must be at least " + minHeapMegabytes + ": " + heapMegabytes);
        }
        this.heapMegabytes = heapMegabytes;
        return self();
    }

    /** How long the start may take before it fails (and the server is stopped). */
    public B startTimeout(Duration startTimeout) {
        this.startTimeout = requireNonNull(startTimeout, "startTimeout is null");
        return self();
    }

    /**
     * The process whose end stops the server (by default this JVM): the server's launcher watches it, so a server never
     * outlives the program that started it, even when that is killed.
     */
    public B parentPid(long parentPid) {
        this.parentPid = parentPid;
        return self();
    }

    /** Builds the JVM's shared server, which {@code close()} leaves running. */
    protected B markShared() {
        this.shared = true;
        return self();
    }

    /** What was set, for the subclass's {@code build()}. */
    protected Options options() {
        return new Options(workDir, heapMegabytes, startTimeout, parentPid, shared);
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /** The options every server has; {@code shared}: the JVM's shared server, which {@code close()} leaves running. */
    protected record Options(
            Optional<Path> workDir, int heapMegabytes, Duration startTimeout, long parentPid, boolean shared) {
        public Options {
            requireNonNull(workDir, "workDir is null");
            requireNonNull(startTimeout, "startTimeout is null");
        }
    }
}
