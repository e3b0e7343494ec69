-- Probe: join of the target's lineitem with the HDFS ORC table tpch_hdfs_orc.orders (the one query that names
-- another database), then an aggregate: revenue and line count by order priority.
-- Parameters: none. Five rows (one per order priority), ordered by the grouping key.
select
    o.o_orderpriority,
    count(*) as line_count,
    sum(l.l_extendedprice * (1 - l.l_discount)) as revenue
from
    lineitem l
    join tpch_hdfs_orc.orders o on l.l_orderkey = o.o_orderkey
group by
    o.o_orderpriority
order by
    o.o_orderpriority;
