package io.hivenosql.bench.report;

import static java.util.Objects.requireNonNull;

/** The machine and software a run was measured on, printed at the top of the report. */
public record MachineInfo(
        String hostDescription,
        String cpu,
        int cores,
        long memoryBytes,
        String os,
        String java,
        String hive,
        String engine,
        String hiveServer) {
    public MachineInfo {
        requireNonNull(hostDescription, "hostDescription is null");
        requireNonNull(cpu, "cpu is null");
        requireNonNull(os, "os is null");
        requireNonNull(java, "java is null");
        requireNonNull(hive, "hive is null");
        requireNonNull(engine, "engine is null");
        requireNonNull(hiveServer, "hiveServer is null");
    }
}
