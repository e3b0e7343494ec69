package io.hivenosql.bench.failover;

import io.hivenosql.bench.report.FailoverResults;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Reads a process's resident memory and its peak from {@code /proc/<pid>/status} (Linux). */
final class ProcessMemory {
    private ProcessMemory() {}

    /** The process's VmRSS and VmHWM; zero where {@code /proc} cannot tell. */
    static FailoverResults.ProcessMemory of(String name, long pid) {
        long resident = 0;
        long peak = 0;
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    resident = kilobytes(line) * 1024;
                } else if (line.startsWith("VmHWM:")) {
                    peak = kilobytes(line) * 1024;
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or the process is gone: the report shows zero
        }
        return new FailoverResults.ProcessMemory(name, pid, resident, peak);
    }

    /** {@code VmRSS:    123456 kB} -> 123456. */
    static long kilobytes(String line) {
        String value = line.substring(line.indexOf(':') + 1).trim().toLowerCase(Locale.ROOT);
        if (!value.endsWith("kb")) {
            throw new IllegalArgumentException("not a kB figure: " + line);
        }
        return Long.parseLong(value.substring(0, value.length() - 2).trim());
    }
}
