package io.hivenosql.api.hive;

import static org.assertj.core.api.Assertions.assertThat;

import io.hivenosql.api.spi.TaskAttempt;
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
}
