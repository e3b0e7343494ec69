package io.hivenosql.it;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.sandbox.cassandra.HandlerJarCqlSession;
import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.params.ScanParams;
import redis.clients.jedis.resps.ScanResult;

/**
 * The rows {@code (id int, owner string, balance bigint)} of a table as each store holds them, read with the store's own
 * client (not through Hive): id -> {@code owner|balance}.
 */
final class StoreRows {
    private StoreRows() {}

    /** The hashes under {@code prefix}, whose key ends with the id. */
    static Map<Integer, String> redis(TestingRedisServer redis, String prefix) {
        Map<Integer, String> rows = new TreeMap<>();
        try (Jedis jedis = redis.connect()) {
            String cursor = ScanParams.SCAN_POINTER_START;
            do {
                ScanResult<String> page =
                        jedis.scan(cursor, new ScanParams().match(prefix + "*").count(1000));
                for (String key : page.getResult()) {
                    Map<String, String> hash = jedis.hgetAll(key);
                    rows.put(
                            Integer.parseInt(key.substring(prefix.length())),
                            hash.get("owner") + "|" + hash.get("balance"));
                }
                cursor = page.getCursor();
            } while (!cursor.equals(ScanParams.SCAN_POINTER_START));
        }
        return rows;
    }

    static Map<Integer, String> cassandra(HiveStack.Resources stores, String table) throws Exception {
        Map<Integer, String> rows = new TreeMap<>();
        try (HandlerJarCqlSession cql = stores.cql()) {
            for (List<Object> row : cql.rows("SELECT id, owner, balance FROM " + table)) {
                rows.put((Integer) row.get(0), row.get(1) + "|" + row.get(2));
            }
        }
        return rows;
    }

    /** The documents of the collection, whose {@code _id} is the id; a second document of one id fails. */
    static Map<Integer, String> mongo(HiveStack.Resources stores, String database, String collection) {
        Map<Integer, String> rows = new TreeMap<>();
        try (var client = stores.mongoClient()) {
            for (Document document :
                    client.getDatabase(database).getCollection(collection).find()) {
                int id = ((Number) document.get("_id")).intValue();
                String previous = rows.put(id, document.get("owner") + "|" + document.get("balance"));
                assertThat(previous).as("a second document of _id %s", id).isNull();
            }
        }
        return rows;
    }
}
