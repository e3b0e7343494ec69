package io.hivenosql.sandbox.demo;

import static java.util.Objects.requireNonNull;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;

/**
 * The small, deterministic sample the demo loads into Redis for the ddl-examples to read.
 *
 * <p>20 hashes, keys {@code demo:user:1} .. {@code demo:user:20}, every field stored as text:
 *
 * <table>
 *   <caption>fields of {@code demo:user:<id>}</caption>
 *   <tr><th>field</th><th>Hive type</th><th>value for id = 1..20</th></tr>
 *   <tr><td>name</td><td>string</td><td>{@link #NAMES}[id - 1] (ada, bob, cyd, ...)</td></tr>
 *   <tr><td>age</td><td>int</td><td>{@code 18 + (id * 7) % 50}: 25, 32, 39, ...</td></tr>
 *   <tr><td>city</td><td>string</td><td>{@link #CITIES}[(id - 1) % 5]: Oslo, Lima, Pune, Kyiv, Graz, Oslo, ...</td></tr>
 *   <tr><td>signup</td><td>date (yyyy-MM-dd)</td><td>2024-01-01 plus {@code 17 * (id - 1)} days: 2024-01-01,
 *       2024-01-18, ...</td></tr>
 *   <tr><td>score</td><td>decimal(5,2) (text)</td><td>{@code (id * 37) % 100 + (id * 13 % 100) / 100}: 37.13, 74.26,
 *       11.39, ...</td></tr>
 *   <tr><td>tags</td><td>array&lt;string&gt; (JSON text)</td><td>{@code ["even"|"odd"]}, plus {@code "vip"} when
 *       {@code id % 5 == 0}, plus {@code "new"} when {@code id > 15}: {@code ["odd"]}, {@code ["even"]}, ...,
 *       {@code ["odd","vip"]} for 5</td></tr>
 * </table>
 *
 * <p>So: 4 users per city; ids 5, 10, 15, 20 are {@code vip}; ids 16..20 are {@code new}.
 */
public final class DemoData {
    public static final String KEY_PREFIX = "demo:user:";
    public static final int USERS = 20;
    public static final List<String> NAMES = List.of(
            "ada", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ivy", "jon", "kim", "lea", "max", "ned", "oda",
            "pam", "quinn", "rui", "sam", "tao");
    public static final List<String> CITIES = List.of("Oslo", "Lima", "Pune", "Kyiv", "Graz");

    private DemoData() {}

    /** The 20 users, ordered by id. */
    public static List<DemoUser> users() {
        List<DemoUser> users = new ArrayList<>(USERS);
        for (int id = 1; id <= USERS; id++) {
            users.add(user(id));
        }
        return users;
    }

    static DemoUser user(int id) {
        List<String> tags = new ArrayList<>();
        tags.add(id % 2 == 0 ? "even" : "odd");
        if (id % 5 == 0) {
            tags.add("vip");
        }
        if (id > 15) {
            tags.add("new");
        }
        return new DemoUser(
                id,
                NAMES.get(id - 1),
                18 + (id * 7) % 50,
                CITIES.get((id - 1) % CITIES.size()),
                LocalDate.of(2024, 1, 1).plusDays(17L * (id - 1)),
                BigDecimal.valueOf((id * 37) % 100 * 100L + (id * 13) % 100, 2),
                tags);
    }

    /** {@link #load(Jedis)} into the Redis server at {@code host:port} (no password). */
    public static int load(String host, int port) {
        requireNonNull(host, "host is null");
        try (Jedis jedis = new Jedis(host, port)) {
            return load(jedis);
        }
    }

    /** Writes every user (replacing earlier hashes of the same keys) in one pipeline; returns the number written. */
    public static int load(Jedis jedis) {
        requireNonNull(jedis, "jedis is null");
        List<DemoUser> users = users();
        Pipeline pipeline = jedis.pipelined();
        for (DemoUser user : users) {
            pipeline.del(user.key());
            pipeline.hset(user.key(), user.hash());
        }
        pipeline.sync();
        return users.size();
    }
}
