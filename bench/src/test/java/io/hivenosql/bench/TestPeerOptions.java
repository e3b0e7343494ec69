package io.hivenosql.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class TestPeerOptions {
    @Test
    void peersAreOffByDefault() {
        assertEquals(
                Optional.empty(), BenchOptions.parse(List.of("--sf", "0.01")).peers());
    }

    @Test
    void sparkTakesTheMachinesCoresAndFourGigabytesUnlessTold() {
        assertEquals(
                Optional.of(new PeerOptions(Runtime.getRuntime().availableProcessors(), 4096)),
                BenchOptions.parse(List.of("--peers", "spark")).peers());
        assertEquals(
                Optional.of(new PeerOptions(4, 2048)),
                BenchOptions.parse(List.of("--peers=spark", "--peer-cores", "4", "--peer-heap-mb", "2048"))
                        .peers());
    }

    @Test
    void badPeerOptionsSayWhatIsWrong() {
        IllegalArgumentException unknown =
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(List.of("--peers", "trino")));
        assertTrue(unknown.getMessage().contains("trino"), unknown.getMessage());
        IllegalArgumentException alone =
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(List.of("--peer-cores", "2")));
        assertTrue(alone.getMessage().contains("--peers spark"), alone.getMessage());
        assertThrows(
                IllegalArgumentException.class,
                () -> BenchOptions.parse(List.of("--peers", "spark", "--peer-heap-mb", "100")));
    }

    @Test
    void peerQueriesAreASubsetOfHivesQueries() {
        assertEquals(
                Set.of("q02", "probe_full_scan"),
                BenchOptions.parse(List.of("--peers", "spark", "--peer-queries", "q2,probe_full_scan"))
                        .peers()
                        .orElseThrow()
                        .queries());
        assertEquals(
                Set.of(),
                BenchOptions.parse(List.of("--peers", "spark"))
                        .peers()
                        .orElseThrow()
                        .queries());
        IllegalArgumentException notHives = assertThrows(
                IllegalArgumentException.class,
                () -> BenchOptions.parse(
                        List.of("--queries", "probes", "--peers", "spark", "--peer-queries", "q3,probes")));
        assertTrue(notHives.getMessage().contains("--peer-queries: q03 is not among --queries"), notHives.getMessage());
        IllegalArgumentException unknown = assertThrows(
                IllegalArgumentException.class,
                () -> BenchOptions.parse(List.of("--peers", "spark", "--peer-queries", "q99")));
        assertTrue(unknown.getMessage().contains("q99"), unknown.getMessage());
        IllegalArgumentException alone =
                assertThrows(IllegalArgumentException.class, () -> BenchOptions.parse(List.of("--peer-queries", "q1")));
        assertTrue(alone.getMessage().contains("need --peers spark"), alone.getMessage());
    }
}
