package io.hivenosql.json;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.apache.hadoop.hive.serde2.AbstractSerDe;
import org.apache.hadoop.hive.serde2.objectinspector.ObjectInspector;
import org.apache.hadoop.io.Text;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Runs every benchmark method of {@link BenchmarkJsonSerDe} once on a few rows of each data shape, so CI keeps it
 * working, and checks that the comparison is of equal work: both SerDes read every generated line as the generated row,
 * hand the same number of values to the Blackhole, and read back the lines they serialize (their own and each other's)
 * as the same rows. The lines a run's first fork leaves for the next forks read back as written.
 */
class TestJsonSerDeBenchmark {
    private static final int ROWS = 300;

    @ParameterizedTest
    @EnumSource(BenchmarkJsonSerDe.Shape.class)
    void everyBenchmarkMethodRunsAndBothSerDesAgree(BenchmarkJsonSerDe.Shape shape) throws Exception {
        BenchmarkJsonSerDe benchmark = new BenchmarkJsonSerDe();
        benchmark.rows = ROWS;
        benchmark.shape = shape;
        benchmark.prepare(true, true, null);
        Blackhole blackhole = new Blackhole(
                "Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        long expectedValues = 0;
        for (Object row : benchmark.rowObjects()) {
            expectedValues += TestingJsonRows.consume(benchmark.rowInspector(), row, blackhole);
        }
        assertThat(benchmark.hiveDeserialize(blackhole)).isEqualTo(ROWS);
        assertThat(benchmark.lastValues()).isEqualTo(expectedValues);
        assertThat(benchmark.nosqlDeserialize(blackhole)).isEqualTo(ROWS);
        assertThat(benchmark.lastValues()).isEqualTo(expectedValues);

        assertThat(benchmark.hiveSerialize(blackhole)).isEqualTo(ROWS);
        assertThat(benchmark.lastBytes()).isPositive();
        assertThat(benchmark.nosqlSerialize(blackhole)).isEqualTo(ROWS);
        assertThat(benchmark.lastBytes()).isPositive();

        AbstractSerDe hive = benchmark.hiveSerDe();
        AbstractSerDe nosql = benchmark.nosqlSerDe();
        ObjectInspector rowInspector = benchmark.rowInspector();
        for (int i = 0; i < ROWS; i++) {
            Object row = benchmark.rowObjects()[i];
            Object expected = TestingJsonRows.comparable(rowInspector, row);
            Text line = benchmark.lines()[i];
            assertThat(read(hive, line)).as("Hive's row of line %s", line).isEqualTo(expected);
            assertThat(read(nosql, line)).as("our row of line %s", line).isEqualTo(expected);

            Text hiveLine = new Text((Text) hive.serialize(row, rowInspector));
            Text nosqlLine = new Text((Text) nosql.serialize(row, rowInspector));
            for (Text written : List.of(hiveLine, nosqlLine)) {
                assertThat(read(hive, written))
                        .as("Hive's row of line %s", written)
                        .isEqualTo(expected);
                assertThat(read(nosql, written))
                        .as("our row of line %s", written)
                        .isEqualTo(expected);
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BenchmarkJsonSerDe.Shape.class)
    void laterForksReadTheLinesTheFirstWrote(BenchmarkJsonSerDe.Shape shape, @TempDir Path directory) throws Exception {
        Path file = directory.resolve(shape + ".jsonl");
        BenchmarkJsonSerDe first = new BenchmarkJsonSerDe();
        first.rows = ROWS;
        first.shape = shape;
        first.prepare(true, false, file);
        assertThat(file).exists();
        BenchmarkJsonSerDe later = new BenchmarkJsonSerDe();
        later.rows = ROWS;
        later.shape = shape;
        later.prepare(true, false, file);
        assertThat(later.lines()).containsExactly(first.lines());

        BenchmarkJsonSerDe fewer = new BenchmarkJsonSerDe();
        fewer.rows = ROWS - 1;
        fewer.shape = shape;
        assertThatThrownBy(() -> fewer.prepare(true, false, file))
                .isInstanceOf(IOException.class)
                .hasMessageContaining("more than " + (ROWS - 1) + " lines");
    }

    @Test
    void linesReadBackAcrossBufferBoundaries(@TempDir Path directory) throws Exception {
        Text[] written = TestingJsonLines.lines(TestingJsonRows.ORDERS, TestingJsonRows.orderRows(ROWS));
        Path file = directory.resolve("lines.jsonl");
        TestingJsonLines.writeLines(file, written);
        // buffers shorter than a line (grown) and of sizes that put line breaks at every offset of a read
        for (int bufferSize : new int[] {1, 7, 64, 1000, 4096, 1 << 20}) {
            assertThat(TestingJsonLines.readLines(file, ROWS, bufferSize))
                    .as("buffer of %s bytes", bufferSize)
                    .containsExactly(written);
        }
    }

    private static Object read(AbstractSerDe serDe, Text line) throws Exception {
        return TestingJsonRows.comparable(serDe.getObjectInspector(), serDe.deserialize(line));
    }
}
