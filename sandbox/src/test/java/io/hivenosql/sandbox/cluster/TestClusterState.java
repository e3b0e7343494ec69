package io.hivenosql.sandbox.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class TestClusterState {
    @TempDir
    Path dir;

    @ParameterizedTest
    @MethodSource("variants")
    void writesReadsAndDeletesItsFile(
            Optional<ClusterState.PlainHiveServer> plain, Optional<ClusterState.Kerberos> kerberos) {
        ClusterState state = new ClusterState(
                "jdbc:hive2://127.0.0.1:10000/default",
                42,
                plain,
                "hdfs://127.0.0.1:9000",
                "localhost:8032",
                2,
                List.of("hdfs://127.0.0.1:9000/apps/hive-nosql/a.jar", "hdfs://127.0.0.1:9000/apps/hive-nosql/b.jar"),
                List.of(Path.of("/w/logs-0"), Path.of("/w/logs-1")),
                List.of(Path.of("/w/local-0")),
                kerberos);

        assertThat(ClusterState.read(dir)).isEmpty();
        state.write(dir);

        assertThat(ClusterState.read(dir)).contains(state);
        assertThat(Files.exists(dir.resolve(ClusterState.FILE_NAME + ".tmp"))).isFalse();
        ClusterState.delete(dir);
        assertThat(ClusterState.read(dir)).isEmpty();
    }

    static Stream<Arguments> variants() {
        return Stream.of(
                Arguments.of(Optional.empty(), Optional.empty()),
                Arguments.of(
                        Optional.of(new ClusterState.PlainHiveServer("jdbc:hive2://127.0.0.1:10001/default", 43)),
                        Optional.empty()),
                Arguments.of(
                        Optional.empty(),
                        Optional.of(new ClusterState.Kerberos(
                                Path.of("/w/kdc/krb5.conf"),
                                "analyst@EXAMPLE.COM",
                                Path.of("/w/kdc/analyst.keytab"),
                                "hive/_HOST@EXAMPLE.COM"))));
    }
}
