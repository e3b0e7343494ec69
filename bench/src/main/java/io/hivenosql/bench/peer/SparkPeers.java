package io.hivenosql.bench.peer;

import static java.util.Objects.requireNonNull;

import io.hivenosql.bench.Query;
import io.hivenosql.bench.QueryFailedException;
import io.hivenosql.bench.ResultComparator;
import io.hivenosql.bench.StoreAddresses;
import io.hivenosql.bench.Target;
import io.hivenosql.bench.TargetDdl;
import io.hivenosql.bench.TpchTables;
import io.hivenosql.bench.report.PeerQueryResult;
import io.hivenosql.bench.report.PeerStoreResults;
import io.hivenosql.bench.spark.PeerRequest;
import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import io.hivenosql.bench.spark.PeerResults;
import io.hivenosql.bench.spark.PeerResults.QueryOutcome;
import java.io.UncheckedIOException;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The peers of one scale factor ({@code --peers spark}): for each store target of the run (redis, cassandra, mongo),
 * Spark SQL with that store's connector reads the tables the Hive loads wrote and runs the same query files, in as many
 * rounds as the Hive side ran; its rows are compared with the reference target's (the run's first), and each query's
 * scans are described from Spark's plan and from Hive's EXPLAIN of the same query on the store target.
 */
public final class SparkPeers {
    private static final Logger log = LoggerFactory.getLogger(SparkPeers.class);

    /** The stores a Spark connector reads; mongo-ferretdb is left out (the same connector as mongo). */
    public static final List<Target> STORES = List.of(Target.REDIS, Target.CASSANDRA, Target.MONGO);

    private static final TpchTables ORDERS = TpchTables.ALL.get(1);

    private final SparkPeer peer;
    private final HiveScans hiveScans;
    private final StoreAddresses stores;
    private final PeerSettings settings;

    /**
     * @param settings the rounds and cores of the peers
     */
    public SparkPeers(SparkPeer peer, HiveScans hiveScans, StoreAddresses stores, PeerSettings settings) {
        this.peer = requireNonNull(peer, "peer is null");
        this.hiveScans = requireNonNull(hiveScans, "hiveScans is null");
        this.stores = requireNonNull(stores, "stores is null");
        this.settings = requireNonNull(settings, "settings is null");
    }

    /**
     * How the peers run: as many rounds as the Hive side, on {@code cores} local cores, the queries named in {@code
     * queries} (empty: every query of the Hive side).
     */
    public record PeerSettings(int warmups, int runs, int cores, Set<String> queries) {
        public PeerSettings {
            queries = Set.copyOf(queries);
        }

        /** Every query of the Hive side. */
        public PeerSettings(int warmups, int runs, int cores) {
            this(warmups, runs, cores, Set.of());
        }

        /** The queries of {@code hiveQueries} the peers run. */
        List<Query> select(List<Query> hiveQueries) {
            return queries.isEmpty()
                    ? hiveQueries
                    : hiveQueries.stream()
                            .filter(query -> queries.contains(query.name()))
                            .toList();
        }
    }

    /**
     * Runs the peer of every store target in {@code targets}, on the queries of {@code hiveQueries} the settings name.
     *
     * @param hiveRows each target's rows of each query, from the Hive rounds; the first target is the reference
     */
    public List<PeerStoreResults> run(
            List<Target> targets,
            List<Query> hiveQueries,
            TargetDdl ddl,
            Map<Target, Map<String, List<String>>> hiveRows)
            throws SQLException {
        Target reference = targets.get(0);
        List<Query> queries = settings.select(hiveQueries);
        List<PeerStoreResults> results = new ArrayList<>();
        for (Target store : STORES) {
            if (!targets.contains(store)) {
                continue;
            }
            PeerResults measured;
            try {
                measured = peer.run(store, request(store, queries, ddl));
            } catch (QueryFailedException | UncheckedIOException e) {
                // the Hive run's figures are kept: the report says the peer failed, query by query
                log.error("The Spark peer of {} failed", store.cliName(), e);
                String why = "the Spark peer failed: "
                        + e.getMessage().lines().findFirst().orElse("");
                Map<String, QueryOutcome> failed = new LinkedHashMap<>();
                queries.forEach(query -> failed.put(query.name(), QueryOutcome.failed(why)));
                measured = new PeerResults("Spark", "(failed)", why, failed);
            }
            List<PeerQueryResult> compared = new ArrayList<>();
            for (Query query : queries) {
                QueryOutcome outcome =
                        requireNonNull(measured.queries().get(query.name()), "the peer did not report " + query.name());
                List<String> hive = hiveScans.of(store, query);
                if (outcome.failure().isPresent()) {
                    compared.add(new PeerQueryResult(
                            query.name(), List.of(), outcome.failure(), Optional.empty(), List.of(), hive));
                    continue;
                }
                Map<String, List<String>> rows = new LinkedHashMap<>();
                rows.put(reference.cliName(), hiveRows.get(reference).get(query.name()));
                rows.put(PeerStoreResults.label(store), outcome.rows());
                List<Long> millis = outcome.millis();
                List<Duration> timed =
                        millis.subList(Math.min(settings.warmups(), millis.size()), millis.size()).stream()
                                .map(Duration::ofMillis)
                                .toList();
                compared.add(new PeerQueryResult(
                        query.name(),
                        timed,
                        Optional.empty(),
                        Optional.of(ResultComparator.compareNamed(query.name(), rows)),
                        outcome.pushdown(),
                        hive));
            }
            results.add(
                    new PeerStoreResults(store, measured.engine(), measured.connector(), measured.notes(), compared));
        }
        return results;
    }

    private PeerRequest request(Target store, List<Query> queries, TargetDdl ddl) {
        List<PeerTable> tables = new ArrayList<>();
        for (TpchTables table : TpchTables.ALL) {
            tables.add(new PeerTable(
                    table.name(),
                    table.columns(),
                    table.key(),
                    table.mongoKeyIsId() ? Optional.of(table.key().get(0)) : Optional.empty(),
                    table.redisKeyPrefix()));
        }
        Map<String, String> texts = new LinkedHashMap<>();
        queries.forEach(query -> texts.put(query.name(), query.statement()));
        return new PeerRequest(
                store.cliName(),
                address(store),
                store == Target.CASSANDRA ? stores.cassandraLocalDc().orElse("") : "",
                store.database(),
                tables,
                ddl.orcLocation(ORDERS),
                ORDERS.columns(),
                texts,
                settings.warmups(),
                settings.runs(),
                settings.cores(),
                peer.resultsFile(store));
    }

    /** The first node of the store (the connectors find the others themselves). */
    private String address(Target store) {
        return switch (store) {
            case REDIS -> stores.redis().split(",")[0].strip();
            case CASSANDRA -> stores.cassandra().split(",")[0].strip();
            case MONGO -> stores.mongo();
            default -> throw new IllegalArgumentException("no Spark peer for " + store.cliName());
        };
    }
}
