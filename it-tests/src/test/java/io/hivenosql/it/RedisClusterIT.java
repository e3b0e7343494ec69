package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.hive.HiveInstance;
import io.hivenosql.sandbox.redis.TestingRedisCluster;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.Jedis;

/** A table on a local 3-master Redis Cluster: writes spread over the masters, reads find every row exactly once. */
@ExtendWith(HiveStack.class)
class RedisClusterIT {
    @Test
    void readsAndWritesAcrossThreeMasters(HiveInstance hive) throws Exception {
        try (TestingRedisCluster cluster = TestingRedisCluster.start()) {
            hive.execute("CREATE DATABASE IF NOT EXISTS it_cluster");
            hive.execute("DROP TABLE IF EXISTS it_cluster.events");
            hive.execute("CREATE EXTERNAL TABLE it_cluster.events (id bigint, kind string, payload map<string,string>) "
                    + "STORED BY 'io.hivenosql.redis.RedisStorageHandler' TBLPROPERTIES ('redis.nodes'='"
                    + cluster.nodes() + "', 'redis.key.prefix'='ev:')");
            hive.execute("INSERT INTO it_cluster.events SELECT pos, concat('k', cast(pos % 3 AS string)), "
                    + "map('n', cast(pos AS string)) FROM (SELECT posexplode(split(space(2999), ' ')) AS (pos, x)) t");

            for (String node : cluster.nodes().split(",")) {
                String[] hostPort = node.split(":");
                try (Jedis jedis = new Jedis(hostPort[0], Integer.parseInt(hostPort[1]))) {
                    assertThat(jedis.dbSize()).as("keys on master %s", node).isBetween(700L, 1300L);
                }
            }
            assertThat(Rows.of(hive, "SELECT count(*), count(DISTINCT id), sum(id) FROM it_cluster.events"))
                    .containsExactly("3000|3000|4498500");
            assertThat(Rows.of(hive, "SELECT kind, count(*) FROM it_cluster.events GROUP BY kind ORDER BY kind"))
                    .containsExactly("k0|1000", "k1|1000", "k2|1000");
            assertThat(Rows.of(
                            hive, "SELECT id, payload['n'] FROM it_cluster.events WHERE id IN (7, 2999) ORDER BY id"))
                    .isEqualTo(List.of("7|7", "2999|2999"));

            // row-level DML: keys on every master deleted (DEL), updated (HSET/HDEL) and inserted at the commit
            hive.execute("DELETE FROM it_cluster.events WHERE kind = 'k0'");
            hive.execute("UPDATE it_cluster.events SET payload = map('n', 'x') WHERE id < 100");
            hive.execute(
                    "MERGE INTO it_cluster.events e USING (SELECT 1L AS id UNION ALL SELECT 5000L AS id) s "
                            + "ON e.id = s.id WHEN MATCHED THEN DELETE WHEN NOT MATCHED THEN INSERT VALUES (s.id, 'new', map('n', 'new'))");
            assertThat(Rows.of(
                            hive, "SELECT count(*), sum(id), count(payload['n'] = 'x' OR NULL) FROM it_cluster.events"))
                    .as("the 2000 ids of kind k1 or k2 (sum 3,000,000) less 1, plus 5000; 66 updated below 100, less 1")
                    .isEqualTo(List.of("2000|3004999|65"));

            hive.execute("INSERT OVERWRITE TABLE it_cluster.events SELECT 1, 'only', map('n', '1')");
            assertThat(Rows.single(hive, "SELECT count(*) FROM it_cluster.events"))
                    .isEqualTo(1L);
            hive.execute("DROP TABLE it_cluster.events");
        }
    }
}
