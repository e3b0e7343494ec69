package io.hivenosql.sandbox.hive;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.FreePorts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TestHiveInstance {
    @Test
    void remoteWhenJdbcUrlIsSet() {
        HiveInstance hive = HiveInstance.fromEnvironment(
                () -> {
                    throw new AssertionError("the embedded instance must not start");
                },
                Map.of(
                        "HIVE_JDBC_URL", " jdbc:hive2://cluster:10000/default ",
                        "HIVE_JDBC_USER", "etl",
                        "HIVE_JDBC_PASSWORD", "secret",
                        "HIVE_SESSION_INIT", "ADD JAR hdfs:///jars/a.jar; ;ADD JAR hdfs:///jars/b.jar;"));

        assertThat(hive).isInstanceOf(RemoteHiveInstance.class);
        RemoteHiveInstance remote = (RemoteHiveInstance) hive;
        assertThat(remote.jdbcUrl()).isEqualTo("jdbc:hive2://cluster:10000/default");
        assertThat(remote.user()).isEqualTo("etl");
        assertThat(remote.sessionInit()).containsExactly("ADD JAR hdfs:///jars/a.jar", "ADD JAR hdfs:///jars/b.jar");
        assertThat(remote.toString()).doesNotContain("secret");
        remote.close();
    }

    @Test
    void embeddedWhenJdbcUrlIsUnset() {
        RemoteHiveInstance standIn = new RemoteHiveInstance("jdbc:hive2://127.0.0.1:1/default", "me");

        assertThat(HiveInstance.fromEnvironment(() -> standIn, Map.of())).isSameAs(standIn);
        assertThat(HiveInstance.fromEnvironment(() -> standIn, Map.of("HIVE_JDBC_URL", " ")))
                .isSameAs(standIn);
    }

    @Test
    void remoteDefaultsToThisUserAndNoPassword() {
        RemoteHiveInstance remote = (RemoteHiveInstance)
                HiveInstance.fromEnvironment(() -> null, Map.of("HIVE_JDBC_URL", "jdbc:hive2://h:1/"));

        assertThat(remote.user()).isEqualTo(System.getProperty("user.name"));
        assertThat(remote.sessionInit()).isEmpty();
    }

    @Test
    void rejectsUrlsHiveJdbcCannotServe() {
        assertThatThrownBy(() -> new RemoteHiveInstance("jdbc:mysql://h/db", "me", "", List.of()))
                .hasMessageContaining("must start with jdbc:hive2://");
    }

    @Test
    void remoteReportsAnUnreachableServerWithTheStatement() {
        int closedPort = FreePorts.pick();
        RemoteHiveInstance remote = new RemoteHiveInstance("jdbc:hive2://127.0.0.1:" + closedPort + "/default", "me");

        assertThatThrownBy(() -> remote.execute("SHOW TABLES"))
                .isInstanceOf(HiveStatementException.class)
                .hasMessageContaining("127.0.0.1:" + closedPort)
                .hasMessageContaining("statement: SHOW TABLES");
    }
}
