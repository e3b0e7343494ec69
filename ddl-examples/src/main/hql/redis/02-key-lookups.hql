-- Key = and IN are pushed down: Redis answers them with direct lookups (HGETALL), no SCAN.
-- Everything else in the WHERE clause is applied by Hive on the rows read.
USE examples;

SELECT id, name, city FROM users WHERE id = 7;

SELECT id, name FROM users WHERE id IN (2, 4, 6, 999) ORDER BY id;

-- the key part is pushed, "age > 30" stays in Hive (the residual)
SELECT id, name, age FROM users WHERE id IN (1, 2, 3, 4, 5) AND age > 30 ORDER BY id;
