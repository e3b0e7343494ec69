package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import io.hivenosql.bench.spark.PeerResults.QueryOutcome;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestPeerFiles {
    @TempDir
    Path dir;

    @Test
    void requestSurvivesTheFileBetweenTheTwoJvms() throws Exception {
        Map<String, String> queries = new LinkedHashMap<>();
        queries.put("q13", "-- header: with = and :\nselect c_count\nfrom t\twhere x = 'a,b';\n");
        queries.put("probe_key_lookup", "select 1;");
        PeerRequest request = new PeerRequest(
                "cassandra",
                "127.0.0.1:9042",
                "dc1",
                "tpch_cassandra",
                List.of(
                        new PeerTable(
                                "lineitem",
                                "l_orderkey bigint, l_linenumber int",
                                List.of("l_orderkey", "l_linenumber"),
                                Optional.empty(),
                                "tpch:lineitem:"),
                        new PeerTable(
                                "orders",
                                "o_orderkey bigint",
                                List.of("o_orderkey"),
                                Optional.of("o_orderkey"),
                                "tpch:orders:")),
                "hdfs://127.0.0.1:8020/tpch/sf0.01/orc/orders",
                "o_orderkey bigint",
                queries,
                1,
                3,
                2,
                dir.resolve("results"));
        Path file = dir.resolve("request");
        request.write(file);

        PeerRequest read = PeerRequest.read(file);

        assertEquals(request, read);
        assertEquals(
                List.of("q13", "probe_key_lookup"), List.copyOf(read.queries().keySet()));
        assertEquals(Optional.of("o_orderkey"), read.tables().get(1).mongoIdColumn());
    }

    @Test
    void aRequestWithoutAKeyNamesTheFileAndTheKey() throws Exception {
        Path file = dir.resolve("request");
        Files.writeString(file, "store=redis\n");

        IllegalArgumentException failure = assertThrows(IllegalArgumentException.class, () -> PeerRequest.read(file));

        assertTrue(failure.getMessage().contains("has no 'tables'"), failure.getMessage());
        assertTrue(failure.getMessage().contains(file.toString()), failure.getMessage());
    }

    @Test
    void anUnknownStoreIsRefused() {
        IllegalArgumentException failure = assertThrows(
                IllegalArgumentException.class,
                () -> new PeerRequest("hbase", "h:1", "", "db", List.of(), "o", "c", Map.of(), 0, 1, 1, dir));

        assertTrue(failure.getMessage().contains("hbase"), failure.getMessage());
    }

    @Test
    void resultsKeepRowsScansAndFailuresInOrder() throws Exception {
        Map<String, QueryOutcome> queries = new LinkedHashMap<>();
        queries.put(
                "probe_count",
                new QueryOutcome(
                        List.of(1200L, 800L, 750L),
                        List.of("60175", "a\tb\\c=d"),
                        List.of("BatchScan lineitem[] Cassandra Scan: tpch.lineitem - Cassandra Filters: []"),
                        Optional.empty()));
        queries.put("q13", QueryOutcome.failed("[PARSE_SYNTAX_ERROR] Syntax error at or near 'as'"));
        queries.put("q17", new QueryOutcome(List.of(5L), List.of(), List.of(), Optional.empty()));
        PeerResults results = new PeerResults("Spark 3.5.1 local[2]", "spark-redis 3.0.0", "notes", queries);
        Path file = dir.resolve("results");
        results.write(file);

        PeerResults read = PeerResults.read(file);

        assertEquals(results, read);
        assertEquals(
                List.of("probe_count", "q13", "q17"), List.copyOf(read.queries().keySet()));
        assertTrue(Files.notExists(dir.resolve("results.tmp")));
    }
}
