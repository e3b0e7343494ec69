-- An external table over the existing CQL table, its schema in a mapping file (no column list), with
-- Hive names of its own; CREATE checks the mapping against Cassandra's live schema. Then ETL both ways:
-- Cassandra -> ORC, a join with the ORC table, and INSERT OVERWRITE into another Cassandra table.
USE examples;

DROP TABLE IF EXISTS orders_mapped;
CREATE EXTERNAL TABLE orders_mapped
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'    = '${cassandra_hosts}',
  'cassandra.keyspace' = 'examples',
  'cassandra.table'    = 'orders_cql',
  'nosql.mapping.url'  = '${examples_dir}/cassandra/orders-mapping.json'
);

DESCRIBE orders_mapped;

SELECT customer, order_id, amount, ordered_on FROM orders_mapped WHERE customer = 1 ORDER BY order_id LIMIT 3;

DROP TABLE IF EXISTS orders_orc;
CREATE TABLE orders_orc STORED AS ORC AS SELECT * FROM orders_cql;

DROP TABLE IF EXISTS customer_totals;
CREATE TABLE customer_totals (custkey BIGINT, orders BIGINT, revenue DECIMAL(14,2))
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'       = '${cassandra_hosts}',
  'cassandra.keyspace'    = 'examples',
  'cassandra.primary-key' = 'custkey'
);

-- a Cassandra table joined with an ORC table, written to a third table
INSERT INTO customer_totals
SELECT m.customer, count(*), sum(o.total)
FROM orders_mapped m JOIN orders_orc o ON m.order_id = o.orderkey
GROUP BY m.customer;

SELECT * FROM customer_totals ORDER BY custkey;

-- INSERT OVERWRITE truncates the CQL table first: only the new rows remain
INSERT OVERWRITE TABLE customer_totals
SELECT custkey, count(*), sum(total) FROM orders_orc WHERE status = 'F' GROUP BY custkey;

SELECT * FROM customer_totals ORDER BY custkey;

-- managed tables: DROP drops the CQL tables too
DROP TABLE customer_totals;
DROP TABLE orders_mapped;
DROP TABLE orders_orc;
DROP TABLE orders_cql;
