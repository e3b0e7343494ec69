package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class TestSparkPeerCommand {
    @Test
    void runsTheMainClassWithTheHeapTheOpeningsAndEveryJarOfTheBuild() {
        List<String> command = SparkPeerCommand.of(Path.of("peer.request"), 3072);

        assertTrue(command.get(0).endsWith("java"), command.get(0));
        assertTrue(command.contains("-Xmx3072m"), command.toString());
        assertTrue(command.containsAll(SparkPeerCommand.MODULE_OPTIONS), command.toString());
        assertTrue(command.contains("-Duser.timezone=UTC"), command.toString());
        assertEquals(
                List.of(SparkPeerMain.class.getName(), "peer.request"),
                command.subList(command.size() - 2, command.size()));
        String classpath = command.get(command.indexOf("-cp") + 1);
        List<String> entries = List.of(classpath.split(File.pathSeparator));
        assertTrue(entries.stream().anyMatch(entry -> entry.contains("spark-sql_2.12")), classpath);
        assertTrue(entries.stream().anyMatch(entry -> entry.contains("spark-cassandra-connector_2.12")), classpath);
        assertTrue(entries.stream().anyMatch(entry -> entry.contains("mongo-spark-connector_2.12")), classpath);
        assertTrue(entries.stream().anyMatch(entry -> entry.contains("spark-redis_2.12")), classpath);
        assertTrue(entries.stream().allMatch(entry -> Files.exists(Path.of(entry))), classpath);
        assertTrue(entries.stream().noneMatch(entry -> entry.contains("hive-exec")), classpath);
    }
}
