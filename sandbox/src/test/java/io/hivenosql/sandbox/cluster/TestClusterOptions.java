package io.hivenosql.sandbox.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestClusterOptions {
    @Test
    void argumentsReadBackAsTheSameOptions() {
        ClusterOptions options = ClusterOptions.defaults(List.of(Path.of("a.jar"), Path.of("b.jar")))
                .withNodeManagers(1)
                .withPlainHiveServer(true)
                .withHiveConf(Map.of("hivenosql.mapping.file.roots", "/data/mappings"))
                .withHiveConf(Map.of("x", "a=b"));

        assertThat(ClusterOptions.parse(options.arguments())).isEqualTo(options);
        assertThat(options.arguments())
                .containsSubsequence("--node-managers", "1", "--plain-hiveserver", "--conf", "x=a=b");
    }

    @Test
    void defaultsAreTwoNodeManagersAndNoPlainServer() {
        ClusterOptions options = ClusterOptions.parse(List.of("h.jar"));

        assertThat(options.nodeManagers()).isEqualTo(2);
        assertThat(options.plainHiveServer()).isFalse();
        assertThat(options.kerberos()).isFalse();
        assertThat(options.hiveConf()).isEmpty();
        assertThat(options.auxJars()).containsExactly(Path.of("h.jar").toAbsolutePath());
    }

    @Test
    void kerberosReadsBackAndRunsOneHiveServer() {
        ClusterOptions options =
                ClusterOptions.defaults(List.of()).withNodeManagers(1).withKerberos(true);

        assertThat(options.arguments()).contains("--kerberos");
        assertThat(ClusterOptions.parse(options.arguments())).isEqualTo(options);
        assertThat(ClusterOptions.parse(List.of("--kerberos")).kerberos()).isTrue();
        assertThatThrownBy(() -> options.withPlainHiveServer(true))
                .hasMessageContaining("one HiveServer2")
                .hasMessageContaining("--plain-hiveserver");
    }

    @Test
    void refusesWhatItDoesNotUnderstand() {
        assertThatThrownBy(() -> ClusterOptions.parse(List.of("--nodes", "3")))
                .hasMessageContaining("Unknown option --nodes")
                .hasMessageContaining("--node-managers");
        assertThatThrownBy(() -> ClusterOptions.parse(List.of("--conf", "novalue")))
                .hasMessageContaining("key=value");
        assertThatThrownBy(() -> ClusterOptions.parse(List.of("--node-managers")))
                .hasMessageContaining("needs a value");
        assertThatThrownBy(() -> ClusterOptions.parse(List.of("--node-managers", "0")))
                .hasMessageContaining("at least 1 NodeManager");
    }
}
