-- TPC-H Q17: Small-Quantity-Order Revenue
-- Substitution parameters (TPC-H 3.0.1 validation): BRAND = Brand#23, CONTAINER = MED BOX
-- Deviations: "order by avg_yearly" added (the spec has no ORDER BY; this suite gives every query one). A global
--     aggregate returns exactly one row, so it changes nothing: Hive's CBO drops the sort (same plan, no extra stage).
select
    sum(l_extendedprice) / 7.0 as avg_yearly
from
    lineitem,
    part
where
    p_partkey = l_partkey
    and p_brand = 'Brand#23'
    and p_container = 'MED BOX'
    and l_quantity < (
        select
            0.2 * avg(l_quantity)
        from
            lineitem
        where
            l_partkey = p_partkey
    )
order by
    avg_yearly;
