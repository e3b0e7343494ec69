-- TPC-H Q6: Forecasting Revenue Change
-- Substitution parameters (TPC-H 3.0.1 validation): DATE = 1994-01-01, DISCOUNT = 0.06, QUANTITY = 24
-- Deviations: "order by revenue" added (the spec has no ORDER BY; this suite gives every query one). A global
--     aggregate returns exactly one row, so it changes nothing: Hive's CBO drops the sort (same plan, no extra stage).
select
    sum(l_extendedprice * l_discount) as revenue
from
    lineitem
where
    l_shipdate >= date '1994-01-01'
    and l_shipdate < date '1994-01-01' + interval '1' year
    and l_discount between 0.06 - 0.01 and 0.06 + 0.01
    and l_quantity < 24
order by
    revenue;
