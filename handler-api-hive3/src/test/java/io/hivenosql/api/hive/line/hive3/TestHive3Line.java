package io.hivenosql.api.hive.line.hive3;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.hive.line.HiveLines;
import io.hivenosql.api.hive.line.QueryCancellation;
import java.lang.reflect.Field;
import java.util.LinkedHashMap;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.hive.ql.Driver;
import org.apache.hadoop.hive.ql.plan.MapWork;
import org.apache.hadoop.hive.ql.plan.PartitionDesc;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** Hive 3.1.3's jars are this module's classpath: the line HiveLines chooses is this one. */
class TestHive3Line {
    private final Hive3Line line = new Hive3Line();

    @AfterEach
    void clearThread() {
        Driver.LockedDriverState.removeLockedDriverState();
    }

    @Test
    void hiveLinesChoosesHive3OnHive3() {
        assertThat(HiveLines.current()).isInstanceOf(Hive3Line.class);
        assertThat(HiveLines.current().name()).startsWith("Hive 3 (3.1.3");
    }

    @Test
    void aFetchInsideTheDriverEndsWhenTheDriverCloses() throws ReflectiveOperationException {
        Driver.LockedDriverState state = running();
        QueryCancellation cancellation = line.currentQuery();
        assertThat(cancellation.cancelled()).isFalse();
        // Driver.close(): closed, then destroyed
        phase(state, "CLOSED");
        assertThat(cancellation.cancelled()).isTrue();
        phase(state, "DESTROYED");
        assertThat(cancellation.cancelled()).isTrue();
    }

    @Test
    void anAbortedDriverCancels() throws ReflectiveOperationException {
        Driver.LockedDriverState state = running();
        QueryCancellation cancellation = line.currentQuery();
        state.abort();
        assertThat(cancellation.cancelled()).isTrue();
    }

    @Test
    void theStateOfAnEarlierQueryOfThisThreadIsIgnored() throws ReflectiveOperationException {
        Driver.LockedDriverState earlier = running();
        phase(earlier, "CLOSED");
        QueryCancellation cancellation = line.currentQuery();
        assertThat(cancellation).isSameAs(QueryCancellation.NONE);
        assertThat(cancellation.cancelled()).isFalse();
    }

    @Test
    void aTaskThreadHasNoDriver() {
        Driver.LockedDriverState.removeLockedDriverState();
        assertThat(line.currentQuery()).isSameAs(QueryCancellation.NONE);
    }

    @Test
    void partitionsByPathComeFromTheMapWork() {
        MapWork work = new MapWork();
        LinkedHashMap<Path, PartitionDesc> partitions = new LinkedHashMap<>();
        PartitionDesc partition = new PartitionDesc();
        partitions.put(new Path("file:///warehouse/t"), partition);
        work.setPathToPartitionInfo(partitions);
        assertThat(line.pathToPartitionInfo(work)).containsEntry(new Path("file:///warehouse/t"), partition);
    }

    @Test
    void aWarningWithoutASessionPrintsNothingAndFailsNothing() {
        line.printSessionWarning("WARNING: nothing to see");
    }

    private static Driver.LockedDriverState running() throws ReflectiveOperationException {
        Driver.LockedDriverState state = new Driver.LockedDriverState();
        phase(state, "EXECUTED");
        Driver.LockedDriverState.setLockedDriverState(state);
        return state;
    }

    /** Sets the driver's phase: Hive 3's Driver.DriverState enum is package-private. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    private static void phase(Driver.LockedDriverState state, String name) throws ReflectiveOperationException {
        Field field = Driver.LockedDriverState.class.getField("driverState");
        Class enumType = field.getType();
        field.set(state, Enum.valueOf(enumType, name));
    }
}
