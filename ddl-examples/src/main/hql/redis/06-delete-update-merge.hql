-- needs: Hive 4 on Tez
-- DELETE, UPDATE and MERGE on a Redis table: rows are identified by their key.
-- Each statement stages its changes in its tasks and applies them when it commits: a failed statement changes
-- nothing; see docs/dml.md for what each store guarantees.
USE examples;

DROP TABLE IF EXISTS accounts;
CREATE TABLE accounts (id INT, owner STRING, balance DECIMAL(10,2), status STRING)
STORED BY 'io.hivenosql.redis.RedisStorageHandler'
TBLPROPERTIES (
  'redis.nodes'      = '${redis_nodes}',
  'redis.key.prefix' = 'demo:account:'
);

INSERT INTO accounts
SELECT id, name, score * 10, 'open' FROM users WHERE id <= 6;

-- a correction of one row: read by key, written by key
UPDATE accounts SET balance = balance + 100 WHERE id = 2;

-- erase a customer
DELETE FROM accounts WHERE owner = 'cyd';

-- a day's changes: close two accounts, update one, open a new one
MERGE INTO accounts a
USING (SELECT 1 AS id, 'ada' AS owner, CAST(0 AS DECIMAL(10,2)) AS balance, 'close' AS op
       UNION ALL SELECT 4, 'dee', CAST(0 AS DECIMAL(10,2)), 'close'
       UNION ALL SELECT 5, 'eve', CAST(999.99 AS DECIMAL(10,2)), 'update'
       UNION ALL SELECT 42, 'zed', CAST(5.00 AS DECIMAL(10,2)), 'open') c
ON a.id = c.id
WHEN MATCHED AND c.op = 'close' THEN DELETE
WHEN MATCHED THEN UPDATE SET balance = c.balance, status = 'vip'
WHEN NOT MATCHED THEN INSERT VALUES (c.id, c.owner, c.balance, 'open');

SELECT * FROM accounts ORDER BY id;

-- a managed table: DROP deletes its keys in Redis too
DROP TABLE accounts;
