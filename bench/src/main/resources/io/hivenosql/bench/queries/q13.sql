-- TPC-H Q13: Customer Distribution
-- Substitution parameters (TPC-H 3.0.1 validation): WORD1 = special, WORD2 = requests
-- Deviations: the derived table's column list "as c_orders (c_custkey, c_count)" is refused by Hive's parser;
--     the column is named inside instead ("count(o_orderkey) as c_count ... ) as c_orders"): same semantics.
select
    c_count,
    count(*) as custdist
from
    (
        select
            c_custkey,
            count(o_orderkey) as c_count
        from
            customer left outer join orders on
                c_custkey = o_custkey
                and o_comment not like '%special%requests%'
        group by
            c_custkey
    ) as c_orders
group by
    c_count
order by
    custdist desc,
    c_count desc;
