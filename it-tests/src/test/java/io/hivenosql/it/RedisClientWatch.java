package io.hivenosql.it;

import io.hivenosql.sandbox.redis.TestingRedisServer;
import java.util.List;
import redis.clients.jedis.Jedis;

/** Polls Redis's CLIENT LIST while a query runs: the most connections whose line holds a marker open at once. */
final class RedisClientWatch {
    private final Thread thread;
    private volatile boolean stopped;
    private volatile int most;
    private volatile List<String> busiest = List.of();

    private RedisClientWatch(TestingRedisServer redis, String marker) {
        thread = new Thread(() -> {
            try (Jedis jedis = redis.connect()) {
                while (!stopped) {
                    List<String> clients = jedis.clientList()
                            .lines()
                            .filter(line -> line.contains(marker))
                            .toList();
                    if (clients.size() > most) {
                        most = clients.size();
                        busiest = clients;
                    }
                    Thread.sleep(100);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        thread.setDaemon(true);
    }

    static RedisClientWatch start(TestingRedisServer redis, String marker) {
        RedisClientWatch watch = new RedisClientWatch(redis, marker);
        watch.thread.start();
        return watch;
    }

    void stop() throws InterruptedException {
        stopped = true;
        thread.join(5_000);
    }

    int most() {
        return most;
    }

    List<String> busiest() {
        return busiest;
    }
}
