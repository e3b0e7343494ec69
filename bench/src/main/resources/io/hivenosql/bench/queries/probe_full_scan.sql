-- Probe: full scan of lineitem
-- Touches every row and every column of lineitem (one cheap aggregate per column), so no store can answer it from
-- metadata or by reading a subset of the columns; the scan rate is lineitem rows / this query's median time.
-- Parameters: none. One row (a global aggregate).
select
    count(*) as row_count,
    sum(l_orderkey) as sum_orderkey,
    sum(l_partkey) as sum_partkey,
    sum(l_suppkey) as sum_suppkey,
    sum(l_linenumber) as sum_linenumber,
    sum(l_quantity) as sum_quantity,
    sum(l_extendedprice) as sum_extendedprice,
    sum(l_discount) as sum_discount,
    sum(l_tax) as sum_tax,
    min(l_returnflag) as min_returnflag,
    max(l_linestatus) as max_linestatus,
    min(l_shipdate) as min_shipdate,
    max(l_commitdate) as max_commitdate,
    max(l_receiptdate) as max_receiptdate,
    min(l_shipinstruct) as min_shipinstruct,
    max(l_shipmode) as max_shipmode,
    sum(length(l_comment)) as sum_comment_length
from
    lineitem;
