-- After the filter shapes: a password that comes from a Hadoop credential provider, bound to the server it is for (the
-- DDL names its alias only), and tables whose columns come from the store itself (no column list, no mapping).
USE examples;

DROP TABLE IF EXISTS secured;
CREATE EXTERNAL TABLE secured (id STRING, v INT)
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'                = '${secured_redis}',
  'redis.key.prefix'           = 'sec:',
  'redis.user'                 = 'hive',
  'redis.password.alias'       = 'lines.redis.password',
  'nosql.credentials.provider' = '${credentials}'
);
INSERT INTO secured VALUES ('a', 1), ('b', 2);
SELECT 'secured', id, v FROM secured ORDER BY id;

-- the CQL table that filter-shapes.hql created, and the collection it filled
DROP TABLE IF EXISTS inferred_cql;
CREATE EXTERNAL TABLE inferred_cql
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'    = '${cassandra_hosts}',
  'cassandra.local-dc' = '${cassandra_local_dc}',
  'cassandra.keyspace' = 'examples',
  'cassandra.table'    = 'shapes_cql'
);
DROP TABLE IF EXISTS inferred_mongo;
CREATE EXTERNAL TABLE inferred_mongo
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
TBLPROPERTIES ('mongo.uri' = '${mongo_uri}/examples.shapes');
SELECT 'inferred_cql', count(*), sum(orderkey), sum(total) FROM inferred_cql
UNION ALL SELECT 'shapes_cql', count(*), sum(orderkey), sum(total) FROM shapes_cql;
SELECT 'inferred_mongo', count(*), sum(custkey), count(status) FROM inferred_mongo
UNION ALL SELECT 'shapes_mongo', count(*), sum(custkey), count(status) FROM shapes_mongo;

DROP TABLE inferred_cql;
DROP TABLE inferred_mongo;
DROP TABLE secured;
-- managed tables: their CQL table and collection go with them
DROP TABLE shapes_cql;
DROP TABLE shapes_mongo;
