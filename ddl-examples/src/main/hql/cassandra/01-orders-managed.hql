-- A Cassandra table that Hive creates and owns: CREATE TABLE creates the keyspace (if missing, with
-- 'cassandra.replication') and the CQL table, with the primary key of 'cassandra.primary-key';
-- DROP TABLE drops the CQL table again. Collections become frozen CQL list/map columns.
CREATE DATABASE IF NOT EXISTS examples;
USE examples;

DROP TABLE IF EXISTS orders_cql;
CREATE TABLE orders_cql (
  custkey    BIGINT,            -- partition key
  orderkey   BIGINT,            -- clustering column, newest first
  status     STRING,
  total      DECIMAL(12,2),
  orderdate  DATE,
  priority   STRING,
  items      ARRAY<STRING>,     -- frozen<list<text>>
  attrs      MAP<STRING,INT>    -- frozen<map<text, int>>
)
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'            = '${cassandra_hosts}',
  'cassandra.local-dc'         = '${cassandra_local_dc}',
  'cassandra.keyspace'         = 'examples',
  'cassandra.primary-key'      = '((custkey), orderkey)',
  'cassandra.clustering-order' = 'orderkey DESC',
  'cassandra.table.options'    = 'gc_grace_seconds = 3600'
);

-- 60 orders of 6 customers, computed in Hive and written as unlogged batches per partition
INSERT INTO orders_cql
SELECT pos % 6 + 1,
       pos + 1,
       CASE WHEN pos % 3 = 0 THEN 'F' ELSE 'O' END,
       CAST(100 + pos * 17.25 AS DECIMAL(12,2)),
       date_add(DATE '2024-01-01', pos * 5),
       concat(cast(pos % 5 + 1 AS STRING), '-PRIO'),
       array(concat('sku-', cast(pos % 4 AS STRING)), concat('sku-', cast(pos % 7 AS STRING))),
       map('qty', pos % 9 + 1)
FROM (SELECT posexplode(split(space(59), ' ')) AS (pos, x)) t;

SELECT count(*) AS orders, count(DISTINCT custkey) AS customers, sum(total) AS revenue FROM orders_cql;

SELECT custkey, orderkey, status, total, orderdate, priority, items, attrs
FROM orders_cql ORDER BY orderkey LIMIT 5;
