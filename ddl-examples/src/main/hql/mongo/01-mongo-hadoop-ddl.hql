-- mongo-hadoop's Hive DDL works as its users wrote it, with only the handler class changed. A table that
-- Hive manages creates the collection test.persons (CREATE TABLE) and fills it; mongo-hadoop's EXTERNAL
-- table then maps the existing collection. Columns that mongo.columns.mapping does not name (age here)
-- read the field of their own name; missing fields read as NULL.
CREATE DATABASE IF NOT EXISTS examples;
USE examples;

DROP TABLE IF EXISTS persons_owned;
CREATE TABLE persons_owned (name STRING, yob INT, age INT, status BOOLEAN)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
TBLPROPERTIES ('mongo.uri' = '${mongo_uri}/test.persons');

-- unordered bulk inserts; a NULL column is left out of its document, the server assigns ObjectId _ids
INSERT INTO persons_owned VALUES
  ('Alice', 1990, NULL, true),
  ('Bob',   1985, 39,   false),
  ('Carol', NULL, NULL, NULL),
  ('Dan',   2001, 23,   true);

-- mongo-hadoop's DDL, as in its documentation
DROP TABLE IF EXISTS person;
CREATE EXTERNAL TABLE person (name string, yob int, age INT, status boolean)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES('mongo.columns.mapping'='{"name":"name","yob":"yob","status":"status"}')
TBLPROPERTIES('mongo.uri'='${mongo_uri}/test.persons');

SELECT * FROM person ORDER BY name;

SELECT name, 2024 - yob AS age_in_2024 FROM person WHERE status = true ORDER BY name;

SELECT count(*) AS persons, count(yob) AS with_yob, count(age) AS with_age FROM person;

-- mongo.input.query: a static filter the table always applies, ANDed with what Hive pushes
DROP TABLE IF EXISTS active_person;
CREATE EXTERNAL TABLE active_person (name string, yob int)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
TBLPROPERTIES (
  'mongo.uri'         = '${mongo_uri}/test.persons',
  'mongo.input.query' = '{"status": true}'
);

SELECT * FROM active_person ORDER BY name;

SELECT name FROM active_person WHERE yob > 1995;

-- the _id as a string column: the ObjectId's 24 hex digits (they differ between runs, so only counted here)
DROP TABLE IF EXISTS person_ids;
CREATE EXTERNAL TABLE person_ids (id string, name string)
STORED BY 'io.hivenosql.mongo.MongoStorageHandler'
WITH SERDEPROPERTIES ('mongo.columns.mapping' = '{"id":"_id"}')
TBLPROPERTIES ('mongo.uri' = '${mongo_uri}/test.persons');

SELECT count(DISTINCT id) AS ids, min(length(id)) AS hex_digits FROM person_ids;

-- external tables leave the collection alone; dropping the managed table drops test.persons
DROP TABLE person_ids;
DROP TABLE active_person;
DROP TABLE person;
DROP TABLE persons_owned;
