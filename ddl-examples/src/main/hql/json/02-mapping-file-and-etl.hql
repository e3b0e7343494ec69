-- The schema of the JSON events in a mapping file (no column list), the same file format the storage
-- handlers use; then ETL both ways: JSON -> ORC, a join with an ORC table written as JSON (nested paths,
-- epoch-millis timestamps), and the JSON read back into ORC.
USE examples;

DROP TABLE IF EXISTS events_mapped;
CREATE EXTERNAL TABLE events_mapped
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
STORED AS TEXTFILE
LOCATION '${examples_dir}/json/events'
TBLPROPERTIES ('nosql.mapping.url' = '${examples_dir}/json/events-mapping.json');

DESCRIBE events_mapped;

SELECT event_id, customer_id, customer_name, city, created FROM events_mapped WHERE kind = 'order' ORDER BY event_id;

DROP TABLE IF EXISTS events_orc;
CREATE TABLE events_orc STORED AS ORC AS SELECT * FROM events_mapped;

DROP TABLE IF EXISTS segments_orc;
CREATE TABLE segments_orc (customer_id INT, segment STRING) STORED AS ORC;
INSERT INTO segments_orc VALUES (7, 'retail'), (8, 'wholesale'), (9, 'retail'), (10, 'retail');

DROP TABLE IF EXISTS segment_orders;
CREATE EXTERNAL TABLE segment_orders (
  segment STRING, orders BIGINT, revenue DECIMAL(12,2), first_order TIMESTAMP, last_order TIMESTAMP
)
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
WITH SERDEPROPERTIES (
  'json.columns.mapping'  = '{"first_order":"period.from","last_order":"period.to"}',
  'json.timestamp.format' = 'epoch-millis'
)
STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/segment_orders'
TBLPROPERTIES ('external.table.purge' = 'true');

-- an ORC table joined with the JSON events' copy, written as JSON
INSERT OVERWRITE TABLE segment_orders
SELECT s.segment, count(*), sum(e.amount), min(e.created), max(e.created)
FROM events_orc e JOIN segments_orc s ON e.customer_id = s.customer_id
WHERE e.kind = 'order'
GROUP BY s.segment;

SELECT * FROM segment_orders ORDER BY segment;

-- the lines written: mapped paths became nested objects
DROP TABLE IF EXISTS segment_orders_lines;
CREATE EXTERNAL TABLE segment_orders_lines (line STRING) STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/segment_orders';

SELECT line FROM segment_orders_lines ORDER BY line;

-- and back into ORC: every row equal
DROP TABLE IF EXISTS segment_orders_orc;
CREATE TABLE segment_orders_orc STORED AS ORC AS SELECT * FROM segment_orders;

SELECT count(*) AS copied, count(j.segment) AS equal_to_the_json
FROM segment_orders_orc o LEFT JOIN segment_orders j
  ON o.segment = j.segment AND o.orders = j.orders AND o.revenue = j.revenue AND o.first_order = j.first_order
 AND o.last_order = j.last_order;

DROP TABLE segment_orders_orc;
DROP TABLE segment_orders_lines;
DROP TABLE segment_orders;
DROP TABLE segments_orc;
DROP TABLE events_orc;
DROP TABLE events_mapped;
