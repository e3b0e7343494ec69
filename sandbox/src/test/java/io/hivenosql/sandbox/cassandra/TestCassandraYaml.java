package io.hivenosql.sandbox.cassandra;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestCassandraYaml {
    @Test
    void putsEverythingUnderTheWorkDirectoryOnTheGivenPorts() {
        Map<String, String> settings =
                CassandraYaml.defaults(Path.of("/w/my \"dir\""), "127.0.0.1", 7001, 9043, 8, false);
        settings.put("num_tokens", "4");

        String yaml = CassandraYaml.render(settings);

        assertThat(yaml)
                .contains("\nnum_tokens: 4\n")
                .doesNotContain("num_tokens: 8")
                .contains("\ndata_file_directories:\n  - \"/w/my \\\"dir\\\"/data\"\n")
                .contains("\ncommitlog_directory: \"/w/my \\\"dir\\\"/commitlog\"\n")
                .contains("      - seeds: \"127.0.0.1:7001\"\n")
                .contains("\nstorage_port: 7001\n")
                .contains("\nnative_transport_port: 9043\n")
                .contains("\nlisten_address: 127.0.0.1\n")
                .contains("\nendpoint_snitch: SimpleSnitch\n")
                .contains("\nauthenticator: AllowAllAuthenticator\n")
                .contains("\nauthorizer: AllowAllAuthorizer\n");
    }

    @Test
    void switchesToPasswordAuthentication() {
        String yaml = CassandraYaml.render(CassandraYaml.defaults(Path.of("/w"), "127.0.0.1", 1, 2, 16, true));

        assertThat(yaml)
                .contains("\nauthenticator: PasswordAuthenticator\n")
                .contains("\nauthorizer: CassandraAuthorizer\n")
                .contains("\nrole_manager: CassandraRoleManager\n");
    }
}
