package io.hivenosql.bench;

import io.hivenosql.bench.report.MachineInfo;
import io.hivenosql.sandbox.hive.HiveInstance;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Optional;

/** Describes the machine a run measures on (this one: in the sandbox HiveServer2 and the stores run here too). */
public final class MachineProbe {
    private MachineProbe() {}

    public static MachineInfo describe(HiveInstance hive, String hiveServer) throws SQLException {
        Runtime runtime = Runtime.getRuntime();
        return new MachineInfo(
                "the machine that ran bin/hive-nosql bench",
                cpuModel().orElse(System.getProperty("os.arch")),
                runtime.availableProcessors(),
                physicalMemoryMegabytes() << 20,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " ("
                        + System.getProperty("os.arch") + ")",
                System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
                "Hive " + hiveVersion(hive),
                setting(hive, "hive.execution.engine"),
                hiveServer);
    }

    /** The machine's memory (this JVM's largest heap if the JVM cannot tell). */
    public static long physicalMemoryMegabytes() {
        long bytes = ManagementFactory.getOperatingSystemMXBean() instanceof com.sun.management.OperatingSystemMXBean os
                ? os.getTotalMemorySize()
                : Runtime.getRuntime().maxMemory();
        return bytes >> 20;
    }

    private static Optional<String> cpuModel() {
        try {
            return Files.readAllLines(Path.of("/proc/cpuinfo")).stream()
                    .filter(line -> line.startsWith("model name"))
                    .map(line -> line.substring(line.indexOf(':') + 1).trim())
                    .findFirst();
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private static String hiveVersion(HiveInstance hive) throws SQLException {
        List<List<Object>> rows = hive.query("SELECT version()");
        String version = String.valueOf(rows.get(0).get(0));
        int space = version.indexOf(' ');
        return space > 0 ? version.substring(0, space) : version;
    }

    private static String setting(HiveInstance hive, String key) throws SQLException {
        String value = String.valueOf(hive.query("SET " + key).get(0).get(0));
        return value.startsWith(key + "=") ? value.substring(key.length() + 1) : value;
    }
}
