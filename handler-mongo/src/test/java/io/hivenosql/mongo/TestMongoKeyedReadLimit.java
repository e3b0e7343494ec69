package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestMongoKeyedReadLimit {
    @Test
    void halfTheDocumentsAtMostAThousandKeys() {
        assertThat(MongoKeyedReadLimit.limit(600_000)).hasValue(1_000);
        assertThat(MongoKeyedReadLimit.limit(2_000)).hasValue(1_000);
        assertThat(MongoKeyedReadLimit.limit(1_999)).hasValue(999);
        assertThat(MongoKeyedReadLimit.limit(400)).hasValue(200);
        assertThat(MongoKeyedReadLimit.limit(1)).hasValue(0);
        assertThat(MongoKeyedReadLimit.limit(0)).hasValue(0);
        assertThat(MongoKeyedReadLimit.limit(-1)).isEmpty();
    }

    @Test
    void aQuarterOfTheDocumentsAtMostAHundredThousandIds() {
        assertThat(MongoKeyedReadLimit.idLimit(3_000_000)).hasValue(100_000);
        assertThat(MongoKeyedReadLimit.idLimit(600_000)).hasValue(100_000);
        assertThat(MongoKeyedReadLimit.idLimit(200_000)).hasValue(50_000);
        assertThat(MongoKeyedReadLimit.idLimit(3)).hasValue(0);
        assertThat(MongoKeyedReadLimit.idLimit(-1)).isEmpty();
    }
}
