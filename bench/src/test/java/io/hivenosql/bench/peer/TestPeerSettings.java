package io.hivenosql.bench.peer;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.hivenosql.bench.Query;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestPeerSettings {
    private static final List<Query> HIVE = Query.select(List.of("q1", "q3", "probes"));

    @Test
    void thePeersRunEveryQueryOfHivesUnlessNamed() {
        assertEquals(HIVE, new SparkPeers.PeerSettings(0, 1, 2).select(HIVE));
    }

    @Test
    void namedQueriesKeepHivesOrder() {
        List<Query> selected = new SparkPeers.PeerSettings(0, 1, 2, Set.of("probe_key_lookup", "q01")).select(HIVE);

        assertEquals(
                List.of("q01", "probe_key_lookup"),
                selected.stream().map(Query::name).toList());
    }
}
