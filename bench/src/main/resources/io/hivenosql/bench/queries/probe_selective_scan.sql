-- Probe: selective scan of lineitem (Q6's predicate on a narrow date range)
-- Parameters: DATE = 1994-01-01 for one month (Q6 uses one year), DISCOUNT = 0.06, QUANTITY = 24;
-- about 0.2% of lineitem's rows qualify. One row (a global aggregate).
select
    sum(l_extendedprice * l_discount) as revenue,
    count(*) as row_count
from
    lineitem
where
    l_shipdate >= date '1994-01-01'
    and l_shipdate < date '1994-01-01' + interval '1' month
    and l_discount between 0.06 - 0.01 and 0.06 + 0.01
    and l_quantity < 24;
