-- A Redis hash per row: key demo:user:<id>, one hash field per column.
-- The sample loaded by `bin/hive-nosql demo` holds 20 users under demo:user:.
CREATE DATABASE IF NOT EXISTS examples;
USE examples;

DROP TABLE IF EXISTS users;
CREATE EXTERNAL TABLE users (
  id      INT,              -- the key column: the part of the key after the prefix
  name    STRING,
  age     INT,
  city    STRING,
  signup  DATE,
  score   DECIMAL(6,2),
  tags    ARRAY<STRING>     -- stored as a JSON array in the hash field
)
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'      = '${redis_nodes}',
  'redis.key.prefix' = 'demo:user:'
);

SELECT id, name, age, city, signup, score, tags FROM users ORDER BY id LIMIT 5;

SELECT city, count(*) AS users, round(avg(age), 1) AS avg_age, max(score) AS best
FROM users GROUP BY city ORDER BY city;

SELECT name, tag FROM users LATERAL VIEW explode(tags) t AS tag WHERE id <= 3 ORDER BY name, tag;
