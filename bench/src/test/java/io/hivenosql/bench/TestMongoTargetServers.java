package io.hivenosql.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class TestMongoTargetServers {
    @Test
    void ferretDbIsNamedByReleaseAndPostgresMajorVersionNeverAsMongod() {
        assertThat(MongoTargetServers.ferretDbDescription("v1.24.2", "PostgreSQL 15.14 (Debian 15.14-0+deb12u1)"))
                .isEqualTo("FerretDB 1.24 on PostgreSQL 15, a MongoDB-compatible server, not mongod");
        assertThat(MongoTargetServers.ferretDbDescription("2.0", "PostgreSQL"))
                .isEqualTo("FerretDB 2.0 on PostgreSQL, a MongoDB-compatible server, not mongod");
        assertThat(MongoTargetServers.TEST_DOUBLE)
                .startsWith("the in-memory test double")
                .endsWith("not mongod");
    }

    @Test
    void startsNothingWithoutTheFerretDbTarget() {
        try (MongoTargetServers servers =
                MongoTargetServers.start(List.of(Target.HDFS_ORC, Target.MONGO), null, System.out)) {
            assertThat(servers).isNotNull();
        }
    }
}
