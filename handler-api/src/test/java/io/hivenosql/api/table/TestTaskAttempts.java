package io.hivenosql.api.table;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.spi.QueryTask;
import io.hivenosql.api.spi.TaskAttempt;
import java.util.Optional;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class TestTaskAttempts {
    @Test
    void hiveOnTezTasksNameTheirAttempt() {
        // as Hive's TezProcessor and Tez's MRInput set it
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.task.attempt.id", "attempt_1795639198244_0001_m_000000_2");
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(2, 4));
        conf.setInt("tez.am.task.max.failed.attempts", 6);
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(2, 6));
        conf.set("mapreduce.task.attempt.id", "attempt_1795639198244_0001_r_000003_0");
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(0, 6));
    }

    @Test
    void mapReduceAttemptsCountWithTheirOwnLimits() {
        Configuration conf = new Configuration(false);
        conf.set("mapred.task.id", "attempt_local1_0001_r_000000_1");
        conf.setInt("mapreduce.reduce.maxattempts", 2);
        conf.setInt("mapreduce.map.maxattempts", 7);
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(1, 2));
        conf.set("mapred.task.id", "attempt_local1_0001_m_000000_1");
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(1, 7));
    }

    @Test
    void noTaskOrNothingParsableIsNone() {
        assertThat(TaskAttempts.of(null)).isEqualTo(TaskAttempt.NONE);
        assertThat(TaskAttempts.of(new Configuration(false))).isEqualTo(TaskAttempt.NONE);
        Configuration conf = new Configuration(false);
        conf.set("mapreduce.task.attempt.id", "not an attempt");
        assertThat(TaskAttempts.of(conf)).isEqualTo(TaskAttempt.NONE);
        // an attempt beyond the configured limit still counts as a retry
        conf.set("mapreduce.task.attempt.id", "attempt_1_0001_m_000000_5");
        conf.setInt("tez.am.task.max.failed.attempts", 2);
        assertThat(TaskAttempts.of(conf)).isEqualTo(new TaskAttempt(5, 6));
    }

    /** A task of a Hive query on Tez, as HiveServer2 and Hive's TezProcessor configure it. */
    private static Configuration tezTask() {
        Configuration conf = new Configuration(false);
        conf.set("hive.query.id", "hive_20261126031500_8a9f0c3e-1b2c-4d5e-8f90-0123456789ab");
        conf.set("hive.execution.engine", "tez");
        conf.set("mapreduce.task.attempt.id", "attempt_1795639198244_0001_m_000003_1");
        conf.setInt("hive.tez.vertex.index", 2);
        conf.setInt("hive.tez.task.index", 3);
        conf.setInt("hive.tez.task.attempt.number", 1);
        return conf;
    }

    @Test
    void hiveQueriesOnTezNameTheQueryVertexAndTask() {
        assertThat(TaskAttempts.of(tezTask()))
                .isEqualTo(new TaskAttempt(
                        1,
                        4,
                        Optional.of(new QueryTask("hive_20261126031500_8a9f0c3e-1b2c-4d5e-8f90-0123456789ab", 2, 3))));
        // Hive's own attempt number wins over the MapReduce-style id built from it
        Configuration conf = tezTask();
        conf.setInt("hive.tez.task.attempt.number", 2);
        assertThat(TaskAttempts.of(conf).number()).isEqualTo(2);
    }

    @Test
    void noQueryTaskOutsideHiveOnTezOrWithoutEveryKey() {
        Configuration mr = tezTask();
        mr.set("hive.execution.engine", "mr");
        assertThat(TaskAttempts.of(mr)).isEqualTo(new TaskAttempt(1, 4));
        for (String key : new String[] {
            "hive.query.id", "hive.tez.vertex.index", "hive.tez.task.index", "hive.tez.task.attempt.number"
        }) {
            Configuration conf = tezTask();
            conf.unset(key);
            assertThat(TaskAttempts.of(conf).task()).as(key).isEmpty();
        }
        Configuration garbled = tezTask();
        garbled.set("hive.tez.task.index", "x");
        assertThat(TaskAttempts.of(garbled).task()).isEmpty();
        assertThat(TaskAttempts.onTez(tezTask())).isTrue();
        assertThat(TaskAttempts.onTez(mr)).isFalse();
        assertThat(TaskAttempts.onTez(new Configuration(false))).isFalse();
    }
}
