-- JSON lines as a Hive table: JsonSerDe over plain text files, one JSON object per line, as exports and
-- change streams land them. Nested objects, arrays of objects and maps read whole or by path; field names
-- match regardless of case (json.case-insensitive), in any order; unknown fields are skipped and missing
-- ones read as NULL; timestamps may be ISO-8601 (with Z or an offset, converted to UTC) or epoch millis.
CREATE DATABASE IF NOT EXISTS examples;
USE examples;

-- json.columns.mapping: a column not named there reads the field of its own name; paths reach into nested
-- objects
DROP TABLE IF EXISTS events_json;
CREATE EXTERNAL TABLE events_json (
  event_id  BIGINT,
  kind      STRING,
  created   TIMESTAMP,
  customer  STRUCT<id:INT, name:STRING>,
  city      STRING,
  items     ARRAY<STRUCT<sku:STRING, qty:INT, price:DECIMAL(8,2)>>,
  amount    DECIMAL(10,2),
  attrs     MAP<STRING,STRING>
)
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
WITH SERDEPROPERTIES ('json.columns.mapping' = '{"event_id":"eventId","city":"customer.address.city"}')
STORED AS TEXTFILE
LOCATION '${examples_dir}/json/events';

SELECT * FROM events_json ORDER BY event_id;

SELECT city, count(*) AS orders, sum(amount) AS revenue FROM events_json
WHERE kind = 'order' GROUP BY city ORDER BY city;

-- arrays of objects: one row per item
SELECT e.event_id, e.customer.name, i.sku, i.qty * i.price AS line_total
FROM events_json e LATERAL VIEW explode(e.items) x AS i
ORDER BY e.event_id, sku;

-- writing: INSERT writes one object per row, fields in column order; dates as epoch days here, and NULL
-- columns as JSON null (json.write.nulls) instead of leaving them out
DROP TABLE IF EXISTS daily_json;
CREATE EXTERNAL TABLE daily_json (event_day DATE, kind STRING, events BIGINT, amount DECIMAL(12,2), customers ARRAY<INT>)
ROW FORMAT SERDE 'io.hivenosql.json.JsonSerDe'
WITH SERDEPROPERTIES ('json.date.format' = 'epoch-days', 'json.write.nulls' = 'true')
STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/daily'
TBLPROPERTIES ('external.table.purge' = 'true');

INSERT OVERWRITE TABLE daily_json
SELECT to_date(created), kind, count(*), sum(amount), sort_array(collect_set(customer.id))
FROM events_json GROUP BY to_date(created), kind;

SELECT * FROM daily_json ORDER BY kind;

-- the lines written, read as plain text
DROP TABLE IF EXISTS daily_lines;
CREATE EXTERNAL TABLE daily_lines (line STRING) STORED AS TEXTFILE
LOCATION '${hiveconf:hive.metastore.warehouse.external.dir}/json_examples/daily';

SELECT line FROM daily_lines ORDER BY line;

DROP TABLE daily_lines;
-- 'external.table.purge' = 'true': the files go with the table; the events stay (no purge)
DROP TABLE daily_json;
DROP TABLE events_json;
