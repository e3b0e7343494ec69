package io.hivenosql.it;

import static io.hivenosql.it.KerberosStack.REDIS_PASSWORD;
import static io.hivenosql.it.KerberosStack.as;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.hivenosql.sandbox.cluster.ContainerLogs;
import io.hivenosql.sandbox.cluster.TestingHiveCluster;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.permission.AclEntry;
import org.apache.hadoop.fs.permission.AclEntryScope;
import org.apache.hadoop.fs.permission.AclEntryType;
import org.apache.hadoop.fs.permission.FsAction;
import org.apache.hadoop.fs.permission.FsPermission;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.Jedis;

/**
 * A store password in a JCEKS provider on the Kerberized cluster's HDFS ({@link KerberosStack}), proven through Redis:
 * the analyst's file, shared with {@code hive} (who runs the tasks) by an ACL entry. HiveServer2 checks at CREATE that
 * the analyst may read it (impersonating the analyst through the NameNode's proxy-user rules), then reads it as its
 * own principal; tasks in YARN containers, which hold no Kerberos credential, read it through the job's HDFS delegation
 * token alone, for an INSERT OVERWRITE from an ORC table, a join with it and a count; the password is in no log. A
 * provider {@code hive} may read and the analyst may not is refused.
 */
class KerberosCredentialsIT extends BaseKerberosIT {
    private static final String ALIAS = "it.kerberos.redis.password";
    private static final String TABLE = "kerberized_accounts";
    private static final String PREFIX = "it:kerberos:";
    /** The analyst's home directory on HDFS. */
    private static final String HOME = "/user/analyst";
    /** How the Tez AM logs what a vertex's containers are given: token kinds, no token. */
    private static final Pattern TOKEN_KINDS =
            Pattern.compile("credentials\\(token kinds\\): \\[[^\\]]*HDFS_DELEGATION_TOKEN");

    private String createTable(String table, String provider) throws SQLException {
        String sql = "CREATE EXTERNAL TABLE " + table + " (id int, owner string) "
                + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                + stack.redis().address() + "', 'redis.key.prefix'='" + PREFIX + "', 'redis.user'='hive', "
                + "'redis.password.alias'='" + ALIAS + "', 'nosql.credentials.provider'='" + provider + "')";
        session.execute(sql);
        return table;
    }

    @Test
    void aStoreTableIsWrittenReadAndJoinedInContainersThroughDelegationTokens() throws Exception {
        String provider = putProvider("redis.jceks", (short) 0600);
        session.execute("DROP TABLE IF EXISTS " + TABLE);
        session.execute("DROP TABLE IF EXISTS kerberized_cities");
        session.execute("CREATE TABLE kerberized_cities (id int, city string) STORED AS ORC");
        createTable(TABLE, provider);
        try (Jedis jedis = stack.redis().connect()) {
            jedis.hset(PREFIX + "99", Map.of("owner", "left over"));
        }
        session.execute("SET hive.fetch.task.conversion=none");
        ContainerLogs logs = stack.containerLogs();
        var before = logs.attemptIds();

        session.execute("INSERT INTO kerberized_cities VALUES (1, 'london'), (2, 'new york'), (3, 'eindhoven')");
        session.execute(
                "INSERT OVERWRITE TABLE " + TABLE + " SELECT id, concat('owner in ', city) FROM kerberized_cities");
        List<List<Object>> joined = session.query("SELECT r.id, r.owner, c.city FROM " + TABLE
                + " r JOIN kerberized_cities c ON r.id = c.id WHERE r.id >= 2");
        List<List<Object>> counted = session.query("SELECT count(*) FROM " + TABLE);

        assertThat(joined)
                .containsExactlyInAnyOrder(
                        List.of(2, "owner in new york", "new york"), List.of(3, "owner in eindhoven", "eindhoven"));
        assertThat(counted).containsExactly(List.of(3L));
        try (Jedis jedis = stack.redis().connect()) {
            assertThat(RedisStats.keys(jedis, PREFIX))
                    .as("keys after INSERT OVERWRITE")
                    .isEqualTo(3);
        }
        List<ContainerLogs.Attempt> attempts = logs.attemptsSince(before);
        assertThat(attempts).as("task attempts of the INSERTs and the SELECTs").hasSizeGreaterThanOrEqualTo(4);
        // what the tasks were given to reach HDFS: the job's delegation token (a container has no keytab nor ticket)
        ContainerLogs.Container am = logs.applicationMaster(
                        attempts.get(0).container().applicationId())
                .orElseThrow();
        assertThat(TOKEN_KINDS.matcher(syslogs(am)).find())
                .as(
                        "an HDFS delegation token among the vertices' credentials in the Tez AM's syslogs (%s)",
                        am.logDir())
                .isTrue();

        SecretScan scan = new SecretScan(List.of(REDIS_PASSWORD));
        for (Path dir : stack.state().containerLogDirs()) {
            scan.local(dir);
        }
        scan.local(stack.hiveServerLog().getParent());
        scan.local(stack.cluster().workDir().resolve(TestingHiveCluster.LOG_FILE));
        assertThat(scan.files().keySet())
                .as("log files read")
                .containsAll(attempts.stream().map(a -> a.log().toString()).toList());
        assertThat(scan.filesHolding(REDIS_PASSWORD))
                .as("logs holding the password")
                .isEmpty();
    }

    /**
     * HiveServer2 reads providers as {@code hive}, so it checks a table's provider as the session's user: a provider
     * that {@code hive} may read and the analyst may not is refused, though HiveServer2 could have opened it.
     */
    @Test
    void aProviderTheAnalystMayNotReadIsRefusedThoughHiveServerCould() throws Exception {
        String hiveOnly = putProvider("hive-only.jceks", (short) 0000);

        assertThatThrownBy(() -> createTable("kerberized_refused", hiveOnly))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("HNS-136")
                .hasMessageContaining(hiveOnly)
                .hasMessageContaining("user 'analyst'")
                .hasMessageNotContaining(REDIS_PASSWORD);
        assertThat(session.query("SHOW TABLES LIKE 'kerberized_refused'")).isEmpty();
    }

    /**
     * Writes a provider holding the password (bound to the Redis server) to the analyst's home directory on HDFS, as
     * the analyst, with {@code mode} and an ACL entry that lets {@code hive} read it; returns its provider URI.
     */
    private String putProvider(String name, short mode) throws Exception {
        Path local = stack.work().resolve(name);
        Keystores.create(
                local,
                Map.of(
                        ALIAS,
                        REDIS_PASSWORD,
                        Keystores.hosts(ALIAS),
                        stack.redis().address()));
        URI namenode = URI.create(stack.state().hdfsUri());
        org.apache.hadoop.fs.Path target = new org.apache.hadoop.fs.Path(HOME, name);
        as(stack.analyst(), () -> {
            try (FileSystem hdfs = FileSystem.newInstance(namenode, stack.clientConf("core-site.xml"))) {
                hdfs.copyFromLocalFile(true, true, new org.apache.hadoop.fs.Path(local.toUri()), target);
                hdfs.setPermission(target, new FsPermission(mode));
                hdfs.modifyAclEntries(
                        target,
                        List.of(new AclEntry.Builder()
                                .setScope(AclEntryScope.ACCESS)
                                .setType(AclEntryType.USER)
                                .setName("hive")
                                .setPermission(FsAction.READ)
                                .build()));
            }
            return null;
        });
        return "jceks://hdfs@" + namenode.getHost() + ":" + namenode.getPort() + target;
    }

    private static String syslogs(ContainerLogs.Container container) throws IOException {
        StringBuilder text = new StringBuilder();
        try (Stream<Path> files = Files.list(container.logDir())) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("syslog"))
                    .toList()) {
                text.append(Files.readString(file));
            }
        }
        return text.toString();
    }
}
