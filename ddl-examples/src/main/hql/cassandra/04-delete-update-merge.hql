-- DELETE, UPDATE and MERGE on a Cassandra table (Hive 4 on Tez, no Hive transaction): a row is identified by its
-- whole primary key ('cassandra.primary-key'; an external table declares it too). When the statement commits,
-- each deleted row goes with a CQL DELETE of its primary key, and each changed or new row is written with an
-- INSERT that writes NULL as NULL; collections are replaced as a whole, CQL columns the Hive table does not map
-- stay as they are. Counter tables and tables with static columns are refused when the statement is compiled.
USE examples;

DROP TABLE IF EXISTS stock_cql;
CREATE TABLE stock_cql (
  warehouse  STRING,          -- partition key
  sku        STRING,          -- clustering column
  qty        INT,
  price      DECIMAL(8,2),
  tags       ARRAY<STRING>
)
STORED BY 'io.hivenosql.cassandra.CassandraStorageHandler'
TBLPROPERTIES (
  'cassandra.hosts'       = '${cassandra_hosts}',
  'cassandra.local-dc'    = '${cassandra_local_dc}',
  'cassandra.keyspace'    = 'examples',
  'cassandra.primary-key' = '((warehouse), sku)'
);

INSERT INTO stock_cql
SELECT stack(7,
  'north', 'apple',  10, CAST(0.50 AS DECIMAL(8,2)), array('fruit'),
  'north', 'pear',    4, CAST(0.80 AS DECIMAL(8,2)), array('fruit'),
  'north', 'plum',    0, CAST(1.10 AS DECIMAL(8,2)), array('fruit', 'seasonal'),
  'south', 'apple',   3, CAST(0.55 AS DECIMAL(8,2)), array('fruit'),
  'south', 'leek',    8, CAST(1.20 AS DECIMAL(8,2)), array('vegetable'),
  'east',  'apple',  12, CAST(0.45 AS DECIMAL(8,2)), array('fruit'),
  'east',  'kale',    6, CAST(2.00 AS DECIMAL(8,2)), array('vegetable'));

-- one row by its whole key, then every row of a partition
DELETE FROM stock_cql WHERE warehouse = 'north' AND sku = 'plum';
DELETE FROM stock_cql WHERE warehouse = 'south';

-- an expression, a NULL (the cell is deleted) and a collection, on the rows a clustering column selects
UPDATE stock_cql SET qty = qty + 5, price = NULL, tags = array('fruit', 'sale') WHERE sku = 'apple';

-- a MERGE from a Hive query: a quantity of 0 deletes the row, another adds to it, a new key is inserted
MERGE INTO stock_cql t
USING (SELECT 'north' AS warehouse, 'pear' AS sku, 0 AS qty
       UNION ALL SELECT 'east', 'kale', 4
       UNION ALL SELECT 'west', 'fig', 9) s
ON t.warehouse = s.warehouse AND t.sku = s.sku
WHEN MATCHED AND s.qty = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET qty = t.qty + s.qty
WHEN NOT MATCHED THEN INSERT VALUES (s.warehouse, s.sku, s.qty, CAST(1.99 AS DECIMAL(8,2)), array('new'));

SELECT warehouse, sku, qty, price, tags FROM stock_cql ORDER BY warehouse, sku;

DROP TABLE stock_cql;
