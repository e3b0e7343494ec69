-- needs: Hive 4 on Tez
-- DELETE, UPDATE and MERGE on a collection, without Hive transactions: the statement's tasks stage the rows
-- it changes, and HiveServer2 applies the net effect when it commits, by _id. The documents of the keys are
-- found as a pushed WHERE id IN (...) finds them (whatever BSON type each _id is stored as); a document is
-- deleted, or gets $set / $unset of the mapped fields whose value changed (a NULL removes the field, a struct
-- changes field by field, fields the table does not map stay), or is inserted. A table needs a column mapped
-- to the whole _id.
USE examples;

DROP TABLE IF EXISTS accounts_mongo;
CREATE TABLE accounts_mongo (
  id       STRING,                                   -- the document's _id
  owner    STRING,
  balance  DECIMAL(12,2),
  status   STRING,
  address  STRUCT<city:STRING, zip:STRING>           -- a sub-document
)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"id":"_id"}')
TBLPROPERTIES (
  'mongo.uri'              = '${mongo_uri}/examples.accounts',
  'mongo.objectid.columns' = ''                      -- string _ids, not ObjectIds
);

INSERT INTO accounts_mongo
SELECT concat('acc-', cast(pos + 1 AS STRING)),
       array('Ada', 'Bob', 'Cy', 'Dee', 'Eve', 'Fay')[pos],
       CAST(40 + pos * 35.5 AS DECIMAL(12,2)),
       CASE WHEN pos = 4 THEN 'closed' ELSE 'open' END,
       named_struct('city', CASE WHEN pos % 2 = 0 THEN 'Oslo' ELSE 'Lyon' END,
                    'zip', concat('0', cast(100 + pos AS STRING)))
FROM (SELECT posexplode(split(space(5), ' ')) AS (pos, x)) t;

SELECT * FROM accounts_mongo ORDER BY id;

-- DELETE by _id (one document, found through the _id index) and by any predicate
DELETE FROM accounts_mongo WHERE id = 'acc-6';
DELETE FROM accounts_mongo WHERE status = 'closed';

-- UPDATE: an expression; a NULL removes the field; one field of the struct
UPDATE accounts_mongo SET balance = balance * 2 WHERE address.city = 'Oslo';
UPDATE accounts_mongo SET status = NULL, address = named_struct('city', address.city, 'zip', CAST(NULL AS STRING))
WHERE owner = 'Bob';

SELECT * FROM accounts_mongo ORDER BY id;

-- a narrower table over the same collection: an UPDATE through it leaves the fields it does not map alone
DROP TABLE IF EXISTS account_owners;
CREATE EXTERNAL TABLE account_owners (id STRING, owner STRING)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"id":"_id"}')
TBLPROPERTIES ('mongo.uri' = '${mongo_uri}/examples.accounts', 'mongo.objectid.columns' = '');

UPDATE account_owners SET owner = upper(owner) WHERE id = 'acc-1';

-- MERGE from an ORC table: a matched row whose new balance is 0 is deleted, other matched rows are updated,
-- the rest inserted
DROP TABLE IF EXISTS account_changes;
CREATE TABLE account_changes STORED AS ORC AS
SELECT * FROM (
  SELECT 'acc-2' AS id, 'Bob' AS owner, CAST(0 AS DECIMAL(12,2)) AS balance
  UNION ALL SELECT 'acc-3', 'Cy', CAST(99.99 AS DECIMAL(12,2))
  UNION ALL SELECT 'acc-7', 'Gus', CAST(7.50 AS DECIMAL(12,2))
) changes;

MERGE INTO accounts_mongo t USING account_changes s ON t.id = s.id
WHEN MATCHED AND s.balance = 0 THEN DELETE
WHEN MATCHED THEN UPDATE SET balance = s.balance, status = 'reviewed'
WHEN NOT MATCHED THEN INSERT VALUES (s.id, s.owner, s.balance, 'new', named_struct('city', 'Oslo', 'zip', '0150'));

SELECT * FROM accounts_mongo ORDER BY id;
