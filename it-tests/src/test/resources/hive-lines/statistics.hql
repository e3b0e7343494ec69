-- after the ddl-examples: Hive 4.1's and 4.2's ANALYZE asks the storage handler for the table's statistics
-- (HiveStorageHandler.computeBasicStatistics) and records them in the metastore
USE examples;
ANALYZE TABLE users COMPUTE STATISTICS;
SHOW TBLPROPERTIES users('numRows');
