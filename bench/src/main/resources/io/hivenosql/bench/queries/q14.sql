-- TPC-H Q14: Promotion Effect
-- Substitution parameters (TPC-H 3.0.1 validation): DATE = 1995-09-01
-- Deviations: "order by promo_revenue" added (the spec has no ORDER BY; this suite gives every query one). A global
--     aggregate returns exactly one row, so it changes nothing: Hive's CBO drops the sort (same plan, no extra stage).
select
    100.00 * sum(case
        when p_type like 'PROMO%'
            then l_extendedprice * (1 - l_discount)
        else 0
    end) / sum(l_extendedprice * (1 - l_discount)) as promo_revenue
from
    lineitem,
    part
where
    l_partkey = p_partkey
    and l_shipdate >= date '1995-09-01'
    and l_shipdate < date '1995-09-01' + interval '1' month
order by
    promo_revenue;
