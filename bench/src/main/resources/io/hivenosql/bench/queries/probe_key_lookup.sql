-- Probe: key lookup of one order by its key (o_orderkey = k, which a store's handler can push down to a key access)
-- Parameters: o_orderkey = 30020: it exists at every scale factor >= 0.01 (dbgen's sparse keys depend only on the row
-- index: 30020 is the order of row 7508, and sf 0.01 has 15000 orders) and lies in the middle of the table, not in
-- its first block. One row, so no ORDER BY (which would also turn the lookup into a job).
select
    o_orderkey,
    o_custkey,
    o_orderstatus,
    o_totalprice,
    o_orderdate,
    o_orderpriority,
    o_clerk,
    o_shippriority,
    o_comment
from
    orders
where
    o_orderkey = 30020;
