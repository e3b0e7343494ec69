-- TPC-H Q11: Important Stock Identification
-- Substitution parameters (TPC-H 3.0.1 validation): NATION = GERMANY, FRACTION = 0.0001
-- Deviations: ps_partkey added as the last ORDER BY column (ties on value). FRACTION stays 0.0001 at every scale
-- factor (the spec scales it as 0.0001 / SF): the file runs unchanged at every scale factor.
select
    ps_partkey,
    sum(ps_supplycost * ps_availqty) as value
from
    partsupp,
    supplier,
    nation
where
    ps_suppkey = s_suppkey
    and s_nationkey = n_nationkey
    and n_name = 'GERMANY'
group by
    ps_partkey
having
    sum(ps_supplycost * ps_availqty) > (
        select
            sum(ps_supplycost * ps_availqty) * 0.0001
        from
            partsupp,
            supplier,
            nation
        where
            ps_suppkey = s_suppkey
            and s_nationkey = n_nationkey
            and n_name = 'GERMANY'
    )
order by
    value desc,
    ps_partkey;
