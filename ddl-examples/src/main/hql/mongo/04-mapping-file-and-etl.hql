-- An external table over the collection of 02-orders-pushdown.hql, its schema in a mapping file (no column
-- list) whose paths reach into sub-documents; then ETL both ways: MongoDB -> ORC, a join with the ORC
-- table written into another collection (upsert by _id), and INSERT OVERWRITE, which empties the
-- collection first.
USE examples;

DROP TABLE IF EXISTS orders_mapped;
CREATE EXTERNAL TABLE orders_mapped
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
TBLPROPERTIES (
  'mongo.uri'         = '${mongo_uri}/examples.orders',
  'nosql.mapping.url' = '${examples_dir}/mongo/orders-mapping.json'
);

DESCRIBE orders_mapped;

-- shipto.city and clerk.name are pushed as dotted paths
SELECT order_id, customer, amount, ordered, city, zip, clerk FROM orders_mapped
WHERE city = 'Oslo' AND clerk = 'Clerk#1' ORDER BY order_id LIMIT 4;

DROP TABLE IF EXISTS orders_mongo_orc;
CREATE TABLE orders_mongo_orc STORED AS ORC AS SELECT * FROM orders_mongo;

DROP TABLE IF EXISTS customer_totals;
CREATE TABLE customer_totals (custkey BIGINT, orders BIGINT, revenue DECIMAL(14,2), cities ARRAY<STRING>)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"custkey":"_id"}')
TBLPROPERTIES (
  'mongo.uri'        = '${mongo_uri}/examples.customer_totals',
  'mongo.write.mode' = 'upsert'
);

-- a MongoDB table joined with an ORC table, written to a third table
INSERT INTO customer_totals
SELECT m.customer, count(*), sum(o.total), sort_array(collect_set(m.city))
FROM orders_mapped m JOIN orders_mongo_orc o ON m.order_id = o.orderkey
GROUP BY m.customer;

SELECT * FROM customer_totals ORDER BY custkey;

-- upsert by _id: only the fields written change
INSERT INTO customer_totals
SELECT custkey, cast(NULL AS BIGINT), cast(NULL AS DECIMAL(14,2)), array('Paris') FROM orders_mongo_orc WHERE custkey = 6 GROUP BY custkey;

SELECT * FROM customer_totals WHERE custkey = 6;

-- INSERT OVERWRITE deletes the collection's documents first: only the new rows remain
INSERT OVERWRITE TABLE customer_totals
SELECT custkey, count(*), sum(total), sort_array(collect_set(shipto.city))
FROM orders_mongo_orc WHERE status = 'F' GROUP BY custkey;

SELECT * FROM customer_totals ORDER BY custkey;

-- managed tables: DROP drops their collections too
DROP TABLE customer_totals;
DROP TABLE orders_mapped;
DROP TABLE orders_mongo_orc;
DROP TABLE orders_mongo;
