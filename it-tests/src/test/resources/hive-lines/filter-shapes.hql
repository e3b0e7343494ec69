-- After the ddl-examples: the filter shapes Calcite 1.33 (Hive 4.1, 4.2) makes of WHERE clauses (IN, BETWEEN and their
-- NOT, OR of IN and BETWEEN, ranges that its Sarg simplification merges), on a key or pushable column of each store,
-- counted on the store's table and on an ORC copy of it: each shape prints one line per table, and the two counts must
-- be equal (a pushed filter selects a superset, Hive applies the rest).
USE examples;

DROP TABLE IF EXISTS users_shapes_orc;
CREATE TABLE users_shapes_orc STORED AS ORC AS SELECT * FROM users;

DROP TABLE IF EXISTS shapes_cql;
CREATE TABLE shapes_cql (custkey BIGINT, orderkey BIGINT, total DECIMAL(12,2))
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'       = '${cassandra_hosts}',
  'cassandra.local-dc'    = '${cassandra_local_dc}',
  'cassandra.keyspace'    = 'examples',
  'cassandra.primary-key' = '((custkey), orderkey)'
);
INSERT INTO shapes_cql
SELECT pos % 6 + 1, pos + 1, CAST(100 + pos * 17.25 AS DECIMAL(12,2))
FROM (SELECT posexplode(split(space(59), ' ')) AS (pos, x)) t;
DROP TABLE IF EXISTS shapes_cql_orc;
CREATE TABLE shapes_cql_orc STORED AS ORC AS SELECT * FROM shapes_cql;

DROP TABLE IF EXISTS shapes_mongo;
CREATE TABLE shapes_mongo (orderkey BIGINT, custkey BIGINT, status STRING)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"orderkey":"_id"}')
TBLPROPERTIES ('mongo.uri' = '${mongo_uri}/examples.shapes');
INSERT INTO shapes_mongo
SELECT pos + 1, pos % 6 + 1, CASE WHEN pos % 3 = 0 THEN 'F' WHEN pos % 5 = 0 THEN NULL ELSE 'O' END
FROM (SELECT posexplode(split(space(59), ' ')) AS (pos, x)) t;
DROP TABLE IF EXISTS shapes_mongo_orc;
CREATE TABLE shapes_mongo_orc STORED AS ORC AS SELECT * FROM shapes_mongo;

SELECT 'redis in-or-between', 'store', count(*) FROM users WHERE id IN (1, 2) OR id BETWEEN 5 AND 7
UNION ALL SELECT 'redis in-or-between', 'orc', count(*) FROM users_shapes_orc WHERE id IN (1, 2) OR id BETWEEN 5 AND 7;
SELECT 'redis in-and-not-between', 'store', count(*) FROM users WHERE id IN (1, 2, 3) AND id NOT BETWEEN 2 AND 3
UNION ALL SELECT 'redis in-and-not-between', 'orc', count(*) FROM users_shapes_orc WHERE id IN (1, 2, 3) AND id NOT BETWEEN 2 AND 3;
SELECT 'redis or-of-equalities', 'store', count(*) FROM users WHERE (id = 1 OR id = 4 OR id = 9) AND age > 30
UNION ALL SELECT 'redis or-of-equalities', 'orc', count(*) FROM users_shapes_orc WHERE (id = 1 OR id = 4 OR id = 9) AND age > 30;
SELECT 'redis not-in', 'store', count(*) FROM users WHERE id NOT IN (1, 2, 3)
UNION ALL SELECT 'redis not-in', 'orc', count(*) FROM users_shapes_orc WHERE id NOT IN (1, 2, 3);

SELECT 'cassandra in-and-between', 'store', count(*) FROM shapes_cql WHERE custkey IN (1, 2) AND orderkey BETWEEN 5 AND 30
UNION ALL SELECT 'cassandra in-and-between', 'orc', count(*) FROM shapes_cql_orc WHERE custkey IN (1, 2) AND orderkey BETWEEN 5 AND 30;
SELECT 'cassandra key-and-range-or', 'store', count(*) FROM shapes_cql WHERE custkey = 3 AND (orderkey < 10 OR orderkey > 50)
UNION ALL SELECT 'cassandra key-and-range-or', 'orc', count(*) FROM shapes_cql_orc WHERE custkey = 3 AND (orderkey < 10 OR orderkey > 50);
SELECT 'cassandra key-not-between', 'store', count(*) FROM shapes_cql WHERE custkey = 1 AND orderkey NOT BETWEEN 10 AND 40
UNION ALL SELECT 'cassandra key-not-between', 'orc', count(*) FROM shapes_cql_orc WHERE custkey = 1 AND orderkey NOT BETWEEN 10 AND 40;
SELECT 'cassandra in-or-between', 'store', count(*) FROM shapes_cql WHERE custkey IN (1, 2) OR custkey BETWEEN 5 AND 6
UNION ALL SELECT 'cassandra in-or-between', 'orc', count(*) FROM shapes_cql_orc WHERE custkey IN (1, 2) OR custkey BETWEEN 5 AND 6;

SELECT 'mongo in-or-between', 'store', count(*) FROM shapes_mongo WHERE orderkey IN (1, 2) OR orderkey BETWEEN 10 AND 20
UNION ALL SELECT 'mongo in-or-between', 'orc', count(*) FROM shapes_mongo_orc WHERE orderkey IN (1, 2) OR orderkey BETWEEN 10 AND 20;
SELECT 'mongo not-in-and-not-between', 'store', count(*) FROM shapes_mongo WHERE custkey NOT IN (1, 2) AND orderkey NOT BETWEEN 20 AND 40
UNION ALL SELECT 'mongo not-in-and-not-between', 'orc', count(*) FROM shapes_mongo_orc WHERE custkey NOT IN (1, 2) AND orderkey NOT BETWEEN 20 AND 40;
SELECT 'mongo null-or-in', 'store', count(*) FROM shapes_mongo WHERE status IS NULL OR status IN ('F')
UNION ALL SELECT 'mongo null-or-in', 'orc', count(*) FROM shapes_mongo_orc WHERE status IS NULL OR status IN ('F');
SELECT 'mongo not-equal', 'store', count(*) FROM shapes_mongo WHERE status <> 'F' AND custkey <> 3
UNION ALL SELECT 'mongo not-equal', 'orc', count(*) FROM shapes_mongo_orc WHERE status <> 'F' AND custkey <> 3;

DROP TABLE users_shapes_orc;
DROP TABLE shapes_cql_orc;
DROP TABLE shapes_mongo_orc;
-- shapes_cql and shapes_mongo stay for credentials-and-inference.hql, which reads them back and drops them
