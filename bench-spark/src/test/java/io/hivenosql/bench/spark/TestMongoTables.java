package io.hivenosql.bench.spark;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hivenosql.bench.spark.PeerRequest.PeerTable;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TestMongoTables {
    @TempDir
    Path dir;

    @Test
    void aCollectionIsReadWithTheConnectorsDefaultPartitionerWithoutAskingTheServer() {
        // port 1 of loopback: nothing listens, so a look at the collection's size would fail the test
        MongoTables tables = new MongoTables(request(3));
        PeerTable lineitem =
                new PeerTable("lineitem", "l_orderkey bigint", List.of("l_orderkey"), Optional.empty(), "");

        assertEquals(Map.of("database", "tpch_mongo", "collection", "lineitem"), tables.readOptions(lineitem));
        assertTrue(
                tables.notes()
                        .endsWith(
                                "the connector's default partitioner (AutoBucketPartitioner, partitions of about 64 MB)"),
                tables.notes());
    }

    private PeerRequest request(int cores) {
        return new PeerRequest(
                "mongo",
                "mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=500",
                "",
                "tpch_mongo",
                List.of(),
                "hdfs://127.0.0.1:8020/tpch/orc/orders",
                "o_orderkey bigint",
                Map.of(),
                0,
                1,
                cores,
                dir.resolve("results"));
    }
}
