package io.hivenosql.sandbox.cassandra;

import static java.util.Objects.requireNonNull;

import io.hivenosql.sandbox.ServerClassPath;
import io.hivenosql.sandbox.cassandra.daemon.CassandraDaemonLauncher;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The command lines of the Cassandra JVMs (the daemon and {@code nodetool}): the same JDK as this JVM, the classpath of
 * the {@code cassandra-server} module (cassandra-all and its runtime jars, never on this JVM's classpath) and the JDK 17
 * flags of Cassandra's {@code jvm17-server.options}.
 */
record CassandraCommand(ServerClassPath classPath) {
    static final String CLASSPATH_RESOURCE = "cassandra.classpath";
    static final String NODETOOL_CLASS = "org.apache.cassandra.tools.NodeTool";

    /** The module exports and opens Cassandra 5 needs on JDK 17 (its {@code jvm17-server.options}). */
    static final List<String> JPMS_FLAGS = List.of(
            "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports=java.base/java.lang.ref=ALL-UNNAMED",
            "--add-exports=java.management.rmi/com.sun.jmx.remote.internal.rmi=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
            "--add-exports=java.rmi/sun.rmi.server=ALL-UNNAMED",
            "--add-exports=java.sql/java.sql=ALL-UNNAMED",
            "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
            "--add-exports=jdk.compiler/com.sun.tools.javac.file=ALL-UNNAMED",
            "--add-exports=jdk.attach/sun.tools.attach=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.module=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.loader=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.math=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.module=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.reflect=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.util.jar=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=jdk.management/com.sun.management.internal=ALL-UNNAMED",
            "--add-opens=jdk.compiler/com.sun.tools.javac=ALL-UNNAMED");

    /** The command builder for this JDK and the classpath built into the sandbox; fails with a fix when it is missing. */
    static CassandraCommand load() {
        return new CassandraCommand(ServerClassPath.load(
                CassandraCommand.class,
                CLASSPATH_RESOURCE,
                CassandraDaemonLauncher.class,
                "Cassandra",
                "cassandra-server"));
    }

    /** The {@code jamm} jar of the classpath: Cassandra measures objects with it as a Java agent. */
    Path jamm() {
        return classPath.jars().stream()
                .filter(jar -> jar.getFileName().toString().matches("jamm-[0-9].*\\.jar"))
                .findFirst()
                .orElseThrow(() ->
                        new IllegalStateException("The Cassandra classpath has no jamm jar: rebuild cassandra-server"));
    }

    /**
     * The daemon's command line; {@code systemProperties} are added (and win) after the standard ones. The daemon exits
     * when the process {@code parentPid} is gone.
     */
    List<String> daemon(
            Path workDir, int heapMegabytes, int jmxPort, long parentPid, Map<String, String> systemProperties) {
        requireNonNull(workDir, "workDir is null");
        requireNonNull(systemProperties, "systemProperties is null");
        // a small initial heap: with -Xms equal to -Xmx the node touches its whole heap at once (1.5 GB RSS, not 0.7)
        List<String> command = classPath.javaCommand(256, heapMegabytes, CassandraDaemonLauncher.PARENT_PID, parentPid);
        command.add("-Xss256k");
        command.add("-XX:+UseG1GC");
        command.add("-javaagent:" + jamm());
        command.add("-Djdk.attach.allowAttachSelf=true");
        command.addAll(JPMS_FLAGS);
        command.add("-Dio.netty.tryReflectionSetAccessible=true");
        command.add("-Dcassandra.config="
                + workDir.resolve(TestingCassandraServer.YAML_FILE).toUri());
        command.add("-Dcassandra.storagedir=" + workDir);
        command.add("-Dcassandra.logdir=" + workDir.resolve("logs"));
        command.add("-Dcassandra-foreground=yes");
        command.add("-Dlogback.configurationFile="
                + workDir.resolve(TestingCassandraServer.LOGBACK_FILE).toUri());
        // a single node: no waiting for a ring or for gossip, the default superuser at once, a quick drain
        command.add("-Dcassandra.skip_wait_for_gossip_to_settle=0");
        command.add("-Dcassandra.ring_delay_ms=100");
        command.add("-Dcassandra.superuser_setup_delay_ms=0");
        command.add("-Dcassandra.shutdown_announce_in_ms=0");
        // JMX on 127.0.0.1 only, for nodetool
        command.add("-Dcassandra.jmx.local.port=" + jmxPort);
        systemProperties.forEach((key, value) -> command.add("-D" + key + "=" + value));
        command.addAll(classPath.launch(CassandraDaemonLauncher.class));
        return command;
    }

    /** A {@code nodetool} command line against the daemon's local JMX port. */
    List<String> nodetool(Path workDir, String host, int jmxPort, List<String> arguments) {
        List<String> command = new ArrayList<>();
        command.add(classPath.java().toString());
        command.add("-Xmx256m");
        command.add("-XX:TieredStopAtLevel=1");
        command.add("-XX:+UseSerialGC");
        command.addAll(JPMS_FLAGS);
        command.add("-Djava.net.preferIPv4Stack=true");
        // nodetool keeps a history file under the user's home: keep it in the work directory
        command.add("-Duser.home=" + workDir);
        command.add("-Dcassandra.logdir=" + workDir.resolve("logs"));
        command.add("-Dlogback.configurationFile="
                + workDir.resolve(TestingCassandraServer.TOOLS_LOGBACK_FILE).toUri());
        command.add("-cp");
        command.add(classPath.value());
        command.add(NODETOOL_CLASS);
        command.add("-h");
        command.add(host);
        command.add("-p");
        command.add(Integer.toString(jmxPort));
        command.addAll(arguments);
        return command;
    }

    /** A logback configuration: everything from {@code level} up to the console (the log file). */
    static String logbackXml(String level) {
        return """
                <configuration>
                  <appender name="OUT" class="ch.qos.logback.core.ConsoleAppender">
                    <encoder><pattern>%d{HH:mm:ss.SSS} %-5level [%thread] %logger{36} - %msg%n</pattern></encoder>
                  </appender>
                  <root level="LEVEL"><appender-ref ref="OUT"/></root>
                </configuration>
                """
                .replace("LEVEL", level);
    }
}
