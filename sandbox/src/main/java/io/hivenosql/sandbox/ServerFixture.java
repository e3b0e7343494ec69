package io.hivenosql.sandbox;

import java.io.Closeable;
import java.nio.file.Path;
import java.util.Objects;

/**
 * A test server this JVM started and owns (or, for some stores, an external one it only names): its process, its work
 * directory, whether it is the JVM's shared instance, and the one way it stops. {@link #close()} stops it unless it is
 * shared; {@link #stop()} stops it whatever it is, exactly once: {@link #shutDown} (by default SIGTERM to its pid, then
 * SIGKILL if it hangs), then {@link #cleanUp}. A shutdown hook stops it when the JVM exits without closing it.
 */
public abstract class ServerFixture implements Closeable {
    /** The process; null for an external server; replaced by {@link #relaunched} when a killed server restarts. */
    private volatile ServerProcess process;
    /** The work directory; null for an external server. */
    private final Path workDir;

    private final boolean shared;
    /** Null for an external server. */
    private final ServerProcess.StopHook stopHook;

    private boolean stopped;

    /**
     * @param process the server's process, or null for an external server (nothing to stop)
     * @param workDir its work directory, or null for an external server
     * @param shared the JVM's shared server, which {@link #close()} leaves running
     * @param hookName the name of the shutdown hook's thread
     */
    protected ServerFixture(ServerProcess process, Path workDir, boolean shared, String hookName) {
        this.process = process;
        this.workDir = workDir;
        this.shared = shared;
        this.stopHook = process == null ? null : ServerProcess.stopOnExit(hookName, this::stop);
    }

    public long pid() {
        return requireProcess("has no process id").pid();
    }

    /** Whether the server's process runs; always true for an external server (it is not probed). */
    public boolean isAlive() {
        return process == null || process.isAlive();
    }

    public Path workDir() {
        requireProcess("has no work directory");
        return workDir;
    }

    /** Kills the server at once (SIGKILL), as a crash would; for tests of a lost server. {@link #close()} cleans up. */
    public void kill() {
        requireProcess("cannot be killed by this JVM").kill();
    }

    /** Freezes the server's process (SIGSTOP) until {@link #resume()}: a server that stalls but is not lost. */
    public void pause() {
        requireProcess("cannot be paused by this JVM").pause();
    }

    /** Lets a {@linkplain #pause() paused} server go on (SIGCONT). */
    public void resume() {
        requireProcess("cannot be resumed by this JVM").resume();
    }

    /**
     * Stops the server (once; does nothing for an external server) and cleans up after it. Also stops the shared server
     * (the next {@code shared()} starts a new one).
     */
    public final synchronized void stop() {
        if (stopped || process == null) {
            return;
        }
        stopped = true;
        shutDown(process);
        cleanUp();
    }

    /** Stops the process: by default SIGTERM to its pid, then SIGKILL if it is still running after its stop timeout. */
    protected void shutDown(ServerProcess process) {
        process.stop(this);
    }

    /** What to delete once the process is gone. */
    protected abstract void cleanUp();

    /** Stops the server unless it is the JVM's shared one. */
    @Override
    public void close() {
        if (!shared) {
            abandon();
        }
    }

    /** Stops the server whatever it is (shared or not), e.g. when its start failed. */
    public void abandon() {
        stop();
        if (stopHook != null) {
            stopHook.remove();
        }
    }

    /**
     * Takes {@code next} as the server's process: a restart of a server whose process has died (e.g. was killed), on
     * the same work directory. The shutdown hook and {@link #stop()} then stop the new process.
     */
    protected final synchronized void relaunched(ServerProcess next) {
        ServerProcess current = requireProcess("cannot be restarted by this JVM");
        if (stopped) {
            throw new IllegalStateException("The " + this + " was stopped; it cannot be restarted");
        }
        if (current.isAlive()) {
            throw new IllegalStateException("The " + this + " is still running; kill it before restarting it");
        }
        process = Objects.requireNonNull(next, "next is null");
    }

    /** Whether this is an external server (no process of this JVM). */
    protected boolean hasNoProcess() {
        return process == null;
    }

    /** The process; throws for an external server, naming {@code what} it lacks. */
    protected ServerProcess requireProcess(String what) {
        if (process == null) {
            throw new UnsupportedOperationException("The " + this + " " + what + ": it was not started by this JVM");
        }
        return process;
    }
}
