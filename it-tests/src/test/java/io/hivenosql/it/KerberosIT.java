package io.hivenosql.it;

import static io.hivenosql.it.KerberosStack.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cluster.ClusterState;
import io.hivenosql.sandbox.hive.BeelineRunner;
import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.client.api.YarnClient;
import org.apache.hadoop.yarn.conf.YarnConfiguration;
import org.junit.jupiter.api.Test;

/**
 * Who gets into the Kerberized cluster ({@link KerberosStack}): a client without a ticket is refused by HiveServer2,
 * HDFS and YARN; the analyst's principal connects, through JDBC inside a keytab login and through the real beeline
 * after MIT {@code kinit}, and its short name is the session's user.
 */
class KerberosIT extends BaseKerberosIT {
    /** HiveServer2, HDFS and YARN each refuse a client that has no ticket. */
    @Test
    void aClientWithoutATicketIsRefused() {
        UserGroupInformation noTicket = UserGroupInformation.createRemoteUser("mallory");
        Configuration core = stack.clientConf("core-site.xml");
        Configuration yarnSite = stack.clientConf("yarn-site.xml");
        String url = stack.cluster().jdbcUrl();

        assertThatThrownBy(() -> as(noTicket, () -> {
                    try (FileSystem hdfs =
                            FileSystem.newInstance(URI.create(stack.state().hdfsUri()), core)) {
                        return hdfs.exists(new org.apache.hadoop.fs.Path("/"));
                    }
                }))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("Client cannot authenticate via:[TOKEN, KERBEROS]");
        assertThatThrownBy(() -> as(noTicket, () -> {
                    try (YarnClient yarn = YarnClient.createYarnClient()) {
                        yarn.init(new YarnConfiguration(yarnSite));
                        yarn.start();
                        return yarn.getApplications();
                    }
                }))
                .hasStackTraceContaining("Client cannot authenticate via:[TOKEN, KERBEROS]");
        assertThatThrownBy(() -> as(noTicket, () -> DriverManager.getConnection(url)))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("GSS initiate failed");
        // nor does the user name and password login of an unsecured server get in
        String plain = "jdbc:hive2://localhost:" + URI.create(url.substring(5)).getPort() + "/default";
        assertThatThrownBy(() -> DriverManager.getConnection(plain, "analyst", ""))
                .isInstanceOf(SQLException.class);
    }

    /**
     * HiveServer2 runs the query as {@code hive}, and names the analyst to its authorizer: the authenticator of
     * clusters with Ranger ({@code SessionStateUserAuthenticator}) gives the principal's short name.
     */
    @Test
    void theSessionUserIsThePrincipalsShortName() throws Exception {
        assertThat(session.query("SELECT current_user(), logged_in_user()"))
                .containsExactly(List.of("analyst", "analyst"));
    }

    /** What an analyst types: {@code kinit -kt}, then beeline with HiveServer2's principal in the URL. */
    @Test
    void beelineConnectsWithTheTicketOfKinit() throws Exception {
        ClusterState.Kerberos kerberos = stack.kerberos();
        Path work = stack.work();
        Path kinit = Path.of("/usr/bin/kinit");
        assertThat(kinit)
                .as("MIT kinit (Debian's krb5-user; bin/hive-nosql test installs it when root)")
                .isExecutable();
        Path cache = work.resolve("analyst.ccache");
        ProcessBuilder login = new ProcessBuilder(
                        kinit.toString(), "-kt", kerberos.userKeytab().toString(), kerberos.userPrincipal())
                .redirectErrorStream(true)
                .redirectOutput(work.resolve("kinit.out").toFile());
        login.environment().put("KRB5_CONFIG", kerberos.krb5Conf().toString());
        login.environment().put("KRB5CCNAME", "FILE:" + cache);
        Process process = login.start();
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue())
                .as("kinit: %s", Files.readString(work.resolve("kinit.out")))
                .isZero();

        String url = stack.cluster().jdbcUrl();
        List<String> jvm = new ArrayList<>(BeelineRunner.defaultJvmOptions());
        jvm.add("-Djava.security.krb5.conf=" + kerberos.krb5Conf());
        // a client host's Hadoop configuration directory (HADOOP_CONF_DIR): core-site.xml says the cluster is
        // Kerberized, so beeline's Hadoop client logs in from the ticket cache
        String classPath = stack.cluster().workDir().resolve("hadoop/conf")
                + File.pathSeparator
                + System.getProperty("java.class.path");
        BeelineRunner.Builder beeline =
                BeelineRunner.builder(url).classpath(classPath).jvmOptions(jvm).timeout(Duration.ofMinutes(2));
        BeelineRunner.Result withTicket = beeline.environment("KRB5CCNAME", "FILE:" + cache)
                .build()
                .run(List.of("-u", url, "--outputformat=tsv2", "--showHeader=false", "-e", "SELECT current_user()"));
        assertThat(withTicket.succeeded()).as(withTicket.describe()).isTrue();
        assertThat(withTicket.stdoutLines()).containsExactly("analyst");

        BeelineRunner.Result noTicket = beeline.environment("KRB5CCNAME", "FILE:" + work.resolve("none.ccache"))
                .build()
                .run(List.of("-u", url, "-e", "SELECT 1"));
        assertThat(noTicket.succeeded()).as(noTicket.describe()).isFalse();
        assertThat(noTicket.stdout() + noTicket.stderr()).contains("GSS initiate failed");
    }
}
