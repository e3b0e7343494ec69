-- Lines that are not JSON objects, and values that do not fit their column, follow
-- 'nosql.bad-record.policy': fail (the default: the query fails naming table, file, line, column and
-- value), null (the bad column, or every column of a malformed line, reads as NULL) or skip (the line is
-- dropped; needs JsonInputFormat, the reader that knows files and line numbers).
USE examples;

-- some raw lines, written through a plain text table
DROP TABLE IF EXISTS raw_lines;
CREATE EXTERNAL TABLE raw_lines (line STRING) STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/raw_lines'
TBLPROPERTIES ('external.table.purge' = 'true');

INSERT INTO raw_lines VALUES
  ('{"id": 1, "qty": 5, "note": "ok"}'),
  ('{"id": 2, "qty": 300, "note": "300 does not fit a TINYINT"}'),
  ('{"id": 3, "qty": "many", "note": "not a number"}'),
  ('this line is not JSON'),
  ('{"id": 5, "qty": 7.0, "note": "7.0 is a whole number"}');

DROP TABLE IF EXISTS lines_nulled;
CREATE EXTERNAL TABLE lines_nulled (id INT, qty TINYINT, note STRING)
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
WITH SERDEPROPERTIES ('nosql.bad-record.policy' = 'null')
STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/raw_lines';

SELECT * FROM lines_nulled ORDER BY id NULLS LAST, note;

DROP TABLE IF EXISTS lines_skipped;
CREATE EXTERNAL TABLE lines_skipped (id INT, qty TINYINT, note STRING)
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
WITH SERDEPROPERTIES ('nosql.bad-record.policy' = 'skip')
STORED AS INPUTFORMAT 'io.hivenosql.json.JsonInputFormat'
OUTPUTFORMAT 'org.apache.hadoop.hive.ql.io.HiveIgnoreKeyTextOutputFormat'
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/raw_lines';

SELECT * FROM lines_skipped ORDER BY id;

DROP TABLE lines_skipped;
DROP TABLE lines_nulled;
DROP TABLE raw_lines;
