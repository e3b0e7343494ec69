package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class TestMongoKeyedReadLimit {
    @Test
    void halfTheDocumentsAtMostThreeThousandKeys() {
        assertThat(MongoKeyedReadLimit.limit(600_000)).hasValue(3_000);
        assertThat(MongoKeyedReadLimit.limit(6_000)).hasValue(3_000);
        assertThat(MongoKeyedReadLimit.limit(5_999)).hasValue(2_999);
        assertThat(MongoKeyedReadLimit.limit(400)).hasValue(200);
        assertThat(MongoKeyedReadLimit.limit(1)).hasValue(0);
        assertThat(MongoKeyedReadLimit.limit(0)).hasValue(0);
        assertThat(MongoKeyedReadLimit.limit(-1)).isEmpty();
    }
}
