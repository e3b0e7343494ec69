-- Predicates on the primary key go to Cassandra as bound CQL restrictions: a partition key = or IN reads
-- just those partitions (no token-range scan), a clustering range on a restricted partition is served by
-- Cassandra; everything else stays in Hive. The rows are the same either way.
USE examples;

-- one partition
SELECT orderkey, total FROM orders_cql WHERE custkey = 3 ORDER BY orderkey;

-- two partitions, and a clustering-column range inside them
SELECT custkey, orderkey, total FROM orders_cql
WHERE custkey IN (2, 5) AND orderkey BETWEEN 10 AND 30
ORDER BY custkey, orderkey;

-- a predicate Cassandra cannot serve without ALLOW FILTERING: Hive applies it after a parallel scan
SELECT status, count(*) FROM orders_cql WHERE total > 500 GROUP BY status ORDER BY status;
