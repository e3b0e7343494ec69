-- mongodump .bson files as a Hive table: BsonSerDe with the BSON file input and output formats (in place of
-- mongo-hadoop's BSONSerDe), with the same column mapping and type conversions as collection tables. INSERT
-- writes .bson files that mongorestore reads; SELECT reads any mongodump file, large ones in several splits.
USE examples;

DROP TABLE IF EXISTS orders_bson;
CREATE EXTERNAL TABLE orders_bson (
  orderkey   BIGINT,
  custkey    BIGINT,
  status     STRING,
  total      DECIMAL(12,2),
  orderdate  DATE,
  shipto     STRUCT<city:STRING, zip:INT>,
  items      ARRAY<STRING>,
  clerk      STRING
)
ROW FORMAT SERDE 'io.hivenosql.mongo.BsonSerDe'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"orderkey":"_id","clerk":"clerk.name"}')
STORED AS INPUTFORMAT 'io.hivenosql.mongo.BsonFileInputFormat'
OUTPUTFORMAT 'io.hivenosql.mongo.BsonFileOutputFormat'
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/mongo_examples/orders_bson'
TBLPROPERTIES ('external.table.purge' = 'true');

-- dump the orders of the first half of 2024 from the collection of 02-orders-pushdown.hql
INSERT OVERWRITE TABLE orders_bson
SELECT orderkey, custkey, status, total, orderdate, shipto, items, clerk FROM orders_mongo
WHERE orderdate < DATE '2024-07-01';

SELECT count(*) AS orders, sum(total) AS revenue, min(orderdate) AS first, max(orderdate) AS last FROM orders_bson;

SELECT * FROM orders_bson WHERE orderkey IN (1, 2, 3) ORDER BY orderkey;

-- the file table joined with the collection table
SELECT m.custkey, count(b.orderkey) AS dumped, count(*) AS orders, sum(m.total) AS revenue
FROM orders_mongo m LEFT JOIN orders_bson b ON m.orderkey = b.orderkey
GROUP BY m.custkey ORDER BY m.custkey;

-- and back into MongoDB: a new collection restored from the dump, documents replaced by _id
DROP TABLE IF EXISTS orders_restored;
CREATE TABLE orders_restored (
  orderkey BIGINT, custkey BIGINT, status STRING, total DECIMAL(12,2), orderdate DATE,
  shipto STRUCT<city:STRING, zip:INT>, items ARRAY<STRING>, clerk STRING
)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"orderkey":"_id","clerk":"clerk.name"}')
TBLPROPERTIES (
  'mongo.uri'        = '${mongo_uri}/examples.orders_restored',
  'mongo.write.mode' = 'replace'
);

INSERT INTO orders_restored SELECT * FROM orders_bson;
-- replacing by _id: loading the dump again changes nothing
INSERT INTO orders_restored SELECT * FROM orders_bson;

SELECT count(*) AS restored, count(m.orderkey) AS equal_to_the_source
FROM orders_restored r LEFT JOIN orders_mongo m
  ON r.orderkey = m.orderkey AND r.total = m.total AND r.orderdate = m.orderdate AND r.shipto.city = m.shipto.city;

DROP TABLE orders_restored;
-- 'external.table.purge' = 'true': the .bson files go with the table
DROP TABLE orders_bson;
