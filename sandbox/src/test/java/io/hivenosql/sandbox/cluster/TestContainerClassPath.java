package io.hivenosql.sandbox.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestContainerClassPath {
    @TempDir
    Path dir;

    @Test
    void trimsDirectoriesAndJarsWithProjectOrStoreClientClasses() throws IOException {
        Path hadoop = jar("hadoop-common.jar", "org/apache/hadoop/conf/Configuration.class");
        Path handler =
                jar("handler-redis-hive.jar", "org/apache/x/Y.class", "io/hivenosql/redis/RedisStorageHandler.class");
        Path jedis = jar("jedis.jar", "redis/clients/jedis/Jedis.class");
        Path mongo = jar("bson.jar", "org/bson/Document.class");
        Path onlyResources = jar("resources.jar", "io/hivenosql/readme.txt");
        Path classes = Files.createDirectories(dir.resolve("target/classes"));
        Path pom = Files.writeString(dir.resolve("x.pom"), "<project/>");
        List<Path> classPath =
                List.of(hadoop, handler, classes, jedis, mongo, onlyResources, pom, dir.resolve("gone.jar"));

        List<Path> trimmed = ContainerClassPath.trim(classPath);

        assertThat(trimmed).containsExactly(hadoop, onlyResources);
        assertThat(ContainerClassPath.violations(trimmed)).isEmpty();
        assertThat(ContainerClassPath.violations(classPath))
                .containsExactly(
                        handler + " (holds io/hivenosql/redis/RedisStorageHandler.class)",
                        classes + " (a directory)",
                        jedis + " (holds redis/clients/jedis/Jedis.class)",
                        mongo + " (holds org/bson/Document.class)");
        assertThat(ContainerClassPath.yarnValue(trimmed)).isEqualTo(hadoop + "," + onlyResources);
    }

    @Test
    void theSandboxClassPathLosesTheProjectsOwnClasses() {
        List<Path> classPath = ContainerClassPath.ofThisJvm();

        List<Path> trimmed = ContainerClassPath.trim(classPath);

        assertThat(classPath).anyMatch(entry -> entry.endsWith("classes")); // this module's own classes
        assertThat(trimmed).isNotEmpty().noneMatch(Files::isDirectory);
        assertThat(trimmed).anyMatch(entry -> entry.getFileName().toString().startsWith("hadoop-yarn-common"));
        assertThat(trimmed).anyMatch(entry -> entry.getFileName().toString().startsWith("tez-dag"));
        assertThat(trimmed).noneMatch(entry -> entry.getFileName().toString().startsWith("jedis"));
    }

    private Path jar(String name, String... entries) throws IOException {
        Path jar = dir.resolve(name);
        try (OutputStream file = Files.newOutputStream(jar);
                JarOutputStream out = new JarOutputStream(file)) {
            for (String entry : entries) {
                out.putNextEntry(new JarEntry(entry));
                out.write(1);
                out.closeEntry();
            }
        }
        return jar;
    }
}
