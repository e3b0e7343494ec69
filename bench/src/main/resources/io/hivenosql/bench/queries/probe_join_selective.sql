-- Probe: selective join of the target's lineitem with the HDFS ORC table tpch_hdfs_orc.orders (which it names, like
-- probe_join_hdfs), the orders filtered to about 1% on a column lineitem does not have: o_orderdate in the 24 days
-- from 1995-03-01 (dbgen draws order dates uniformly over 2,406 days; 142 orders at sf 0.01, 1,498 at sf 0.1, 7,637
-- at sf 0.5). No predicate reaches lineitem at compile time, so only keys handed over at run time (Tez's dynamic
-- pruning) can spare the target a full scan of lineitem.
-- Parameters: none. One row (a global aggregate): the lines, quantity and revenue of the selected orders.
select
    count(*) as line_count,
    sum(l.l_quantity) as sum_quantity,
    sum(l.l_extendedprice * (1 - l.l_discount)) as revenue
from
    lineitem l
    join tpch_hdfs_orc.orders o on l.l_orderkey = o.o_orderkey
where
    o.o_orderdate >= date '1995-03-01'
    and o.o_orderdate < date '1995-03-25';
