package io.hivenosql.sandbox.cassandra.daemon;

import java.util.Optional;
import org.apache.cassandra.service.CassandraDaemon;

/**
 * The main class of the sandbox's Cassandra JVM. It runs {@link CassandraDaemon} and, when the system property
 * {@value #PARENT_PID} names a process, exits as soon as that process is gone: {@link System#exit} runs Cassandra's own
 * shutdown hook (a drain), so a test JVM or stack that dies without stopping its daemon never leaves one behind.
 *
 * <p>Only this JVM loads the class; it sits on the sandbox's classpath merely so that the sandbox can find this jar.
 */
public final class CassandraDaemonLauncher {
    /** System property: the pid of the process whose end stops the daemon. */
    public static final String PARENT_PID = "hivenosql.parent.pid";

    private CassandraDaemonLauncher() {}

    public static void main(String[] args) {
        String parent = System.getProperty(PARENT_PID);
        if (parent != null) {
            stopWhenGone(Long.parseLong(parent.trim()));
        }
        CassandraDaemon.main(args);
    }

    private static void stopWhenGone(long pid) {
        Optional<ProcessHandle> handle = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (handle.isEmpty()) {
            System.err.println("hive-nosql: the process that started this Cassandra daemon (pid " + pid
                    + ") is already gone; not starting");
            System.exit(1);
        }
        handle.get().onExit().thenRun(() -> {
            System.err.println(
                    "hive-nosql: the process that started this Cassandra daemon (pid " + pid + ") is gone; stopping");
            System.exit(0);
        });
    }
}
