-- The schema lives in a mapping file beside the DDL: no column list in CREATE TABLE.
-- Columns can be renamed: full_name reads the hash field "name".
USE examples;

DROP TABLE IF EXISTS users_mapped;
CREATE EXTERNAL TABLE users_mapped
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'       = '${redis_nodes}',
  'redis.key.prefix'  = 'demo:user:',
  'nosql.mapping.url' = '${examples_dir}/redis/users-mapping.json'
);

DESCRIBE users_mapped;

SELECT user_id, full_name, signup FROM users_mapped WHERE user_id IN (1, 20) ORDER BY user_id;
