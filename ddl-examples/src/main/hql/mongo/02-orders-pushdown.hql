-- A collection that Hive creates with indexes (mongo.indexes), filled from Hive, read with pushdown: the
-- WHERE clause goes to MongoDB as a BSON filter (=, <, <=, >, >=, <>, IN, BETWEEN, IS [NOT] NULL, AND, OR,
-- NOT, also on dotted paths and struct fields) with Hive's semantics (a NULL never matches a comparison or its
-- negation); only the projected fields are fetched. The rows are the same with or without pushdown
-- (SET hive.optimize.ppd.storage=false); HiveServer2's log shows each pushed filter as JSON.
CREATE DATABASE IF NOT EXISTS examples;
USE examples;

DROP TABLE IF EXISTS orders_mongo;
CREATE TABLE orders_mongo (
  orderkey   BIGINT,                                  -- the document's _id
  custkey    BIGINT,
  status     STRING,
  total      DECIMAL(12,2),                           -- Decimal128
  orderdate  DATE,                                    -- a BSON date at UTC midnight
  priority   STRING,
  shipto     STRUCT<city:STRING, zip:INT>,            -- a sub-document
  items      ARRAY<STRING>,
  clerk      STRING                                   -- the field clerk.name
)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"orderkey":"_id","clerk":"clerk.name"}')
TBLPROPERTIES (
  'mongo.uri'     = '${mongo_uri}/examples.orders',
  'mongo.indexes' = 'custkey; orderdate:-1, status'
);

-- 60 orders of 6 customers
INSERT INTO orders_mongo
SELECT pos + 1,
       pos % 6 + 1,
       CASE WHEN pos % 3 = 0 THEN 'F' WHEN pos % 7 = 0 THEN NULL ELSE 'O' END,
       CAST(100 + pos * 17.25 AS DECIMAL(12,2)),
       date_add(DATE '2024-01-01', pos * 5),
       concat(cast(pos % 5 + 1 AS STRING), '-PRIO'),
       named_struct('city', CASE WHEN pos % 2 = 0 THEN 'Oslo' ELSE 'Lyon' END, 'zip', 1000 + pos % 4),
       array(concat('sku-', cast(pos % 4 AS STRING)), concat('sku-', cast(pos % 7 AS STRING))),
       concat('Clerk#', cast(pos % 3 AS STRING))
FROM (SELECT posexplode(split(space(59), ' ')) AS (pos, x)) t;

SELECT count(*) AS orders, count(DISTINCT custkey) AS customers, sum(total) AS revenue FROM orders_mongo;

-- equality on the _id: one document
SELECT orderkey, custkey, status, total, orderdate, shipto, items, clerk FROM orders_mongo WHERE orderkey = 42;

-- ranges and IN, on a date and on a number
SELECT orderkey, orderdate, total FROM orders_mongo
WHERE orderdate BETWEEN DATE '2024-03-01' AND DATE '2024-03-31' AND custkey IN (1, 2, 3)
ORDER BY orderkey;

-- a struct field and a dotted path: {"shipto.city": "Lyon", "clerk.name": {"$in": [...]}}
SELECT orderkey, shipto.zip, clerk FROM orders_mongo
WHERE shipto.city = 'Lyon' AND clerk IN ('Clerk#0', 'Clerk#2') AND orderkey < 12
ORDER BY orderkey;

-- NOT and <>: rows whose status is NULL match neither a comparison nor its negation
SELECT count(*) AS not_f FROM orders_mongo WHERE status <> 'F';
SELECT count(*) AS not_f_or_null FROM orders_mongo WHERE NOT (status = 'F') OR status IS NULL;
SELECT orderkey FROM orders_mongo WHERE status IS NULL ORDER BY orderkey;

-- NOT IN and NOT BETWEEN
SELECT orderkey, custkey, total FROM orders_mongo
WHERE custkey NOT IN (1, 2, 3, 4) AND total NOT BETWEEN 200 AND 1000
ORDER BY orderkey;

-- OR of pushable predicates is pushed as $or; a function of a column stays in Hive
SELECT orderkey, priority FROM orders_mongo
WHERE (priority = '1-PRIO' OR total > 1100) AND upper(status) = 'F'
ORDER BY orderkey;

-- aggregates over a pushed filter
SELECT custkey, count(*) AS orders, sum(total) AS revenue FROM orders_mongo
WHERE orderdate >= DATE '2024-06-01' GROUP BY custkey ORDER BY custkey;
