-- redis.value.type=string: each row is one Redis string holding a JSON document (nested types included).
-- redis.ttl.column: the column's seconds become the key's EXPIRE; reading gives the remaining time to live.
USE examples;

DROP TABLE IF EXISTS sessions;
CREATE TABLE sessions (
  token    STRING,
  user_id  INT,
  device   STRUCT<os:STRING, version:STRING>,
  ttl      BIGINT
)
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'       = '${redis_nodes}',
  'redis.key.prefix'  = 'demo:session:',
  'redis.value.type'  = 'string',
  'redis.ttl.column'  = 'ttl'
);

-- (NULL typed: Apache Hive 3.1.3's vectorized IF(c, 86400, NULL) writes 0 instead of NULL in a map-only INSERT)
INSERT INTO sessions
SELECT concat('tok-', cast(id AS STRING)), id, named_struct('os', IF(id % 2 = 0, 'android', 'ios'), 'version', '17'),
       IF(id <= 2, CAST(86400 AS BIGINT), CAST(NULL AS BIGINT))
FROM users WHERE id <= 4;

SELECT token, user_id, device.os, ttl > 86000 AS has_ttl, ttl IS NULL AS never_expires
FROM sessions ORDER BY token;

DROP TABLE sessions;
