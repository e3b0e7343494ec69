-- ETL both ways: Redis -> ORC, ORC -> Redis, INSERT OVERWRITE, and a join of a Redis table with an ORC table.
USE examples;

DROP TABLE IF EXISTS users_orc;
CREATE TABLE users_orc STORED AS ORC AS SELECT * FROM users;

DROP TABLE IF EXISTS city_stats;
CREATE TABLE city_stats (city STRING, users BIGINT, avg_score DECIMAL(8,2))
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'      = '${redis_nodes}',
  'redis.key.prefix' = 'demo:city-stats:'
);

INSERT INTO city_stats
SELECT city, count(*), cast(avg(score) AS DECIMAL(8,2)) FROM users_orc GROUP BY city;

SELECT * FROM city_stats ORDER BY city;

-- INSERT OVERWRITE removes the table's keys first: only the two new rows remain
INSERT OVERWRITE TABLE city_stats
SELECT city, count(*), cast(avg(score) AS DECIMAL(8,2)) FROM users_orc WHERE age >= 40 GROUP BY city ORDER BY city LIMIT 2;

SELECT * FROM city_stats ORDER BY city;

-- a Redis table joined with an ORC table
SELECT u.name, u.city, s.users AS city_users
FROM users u JOIN city_stats s ON u.city = s.city
WHERE u.age >= 40
ORDER BY u.name LIMIT 5;

-- a managed table: DROP deletes its keys in Redis too
DROP TABLE city_stats;
DROP TABLE users_orc;
