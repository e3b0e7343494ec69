-- Probe: count of lineitem's rows (count(*) with no filter, no column read)
-- Measures what an empty projection costs: a store that answers counts per split (or reads keys only) beats one that
-- materialises every row. The sandbox's HiveServer2 runs with hive.compute.query.using.stats=false and gathers no
-- statistics, so no target answers it from the metastore (against another server, check that setting).
-- Parameters: none. One row (a global aggregate).
select
    count(*) as row_count
from
    lineitem;
