package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.mongodb.MongoClientSettings;
import com.mongodb.ReadPreference;
import com.mongodb.WriteConcern;
import io.hivenosql.api.mapping.HiveColumn;
import io.hivenosql.api.spi.TableContext;
import io.hivenosql.api.table.TableContexts;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** What a table on a replica set gets from its client: retryable reads and writes, write concern, read preference. */
class TestMongoReplicaSetSettings {
    private static final String URI = "mongodb://127.0.0.1:1,127.0.0.1:2/db.people?replicaSet=rs0";

    @Test
    void retryableReadsAndWritesAreOnUnlessTheUriTurnsThemOff() {
        MongoClientSettings settings = settings(URI, Map.of());
        assertThat(settings.getRetryReads()).isTrue();
        assertThat(settings.getRetryWrites()).isTrue();
        settings = settings(URI + "&retryWrites=false", Map.of());
        assertThat(settings.getRetryReads()).isTrue();
        assertThat(settings.getRetryWrites()).isFalse();
        settings = settings(URI + "&retryReads=false&retryWrites=true", Map.of());
        assertThat(settings.getRetryReads()).isFalse();
        assertThat(settings.getRetryWrites()).isTrue();
    }

    @Test
    void writeConcernTakesMajorityMembersJournalAndWtimeout() {
        assertThat(writeConcern(URI, "majority")).isEqualTo(WriteConcern.MAJORITY);
        assertThat(writeConcern(URI, "2")).isEqualTo(new WriteConcern(2));
        assertThat(writeConcern(URI, "majority:journal")).isEqualTo(WriteConcern.MAJORITY.withJournal(true));
        assertThat(writeConcern(URI, "2:wtimeout=5000:journal"))
                .isEqualTo(new WriteConcern(2).withJournal(true).withWTimeout(5000, TimeUnit.MILLISECONDS));
        assertThat(writeConcern(URI, "Majority : WTIMEOUT=0"))
                .isEqualTo(WriteConcern.MAJORITY.withWTimeout(0, TimeUnit.MILLISECONDS));
        // what the property leaves out comes from the URI; what it names wins
        String uri = URI + "&w=1&journal=true&wtimeoutMS=2500";
        assertThat(writeConcern(uri, "majority"))
                .isEqualTo(WriteConcern.MAJORITY.withJournal(true).withWTimeout(2500, TimeUnit.MILLISECONDS));
        assertThat(writeConcern(uri, "majority:wtimeout=100"))
                .isEqualTo(WriteConcern.MAJORITY.withJournal(true).withWTimeout(100, TimeUnit.MILLISECONDS));
        // no property: the URI's write concern as it is
        assertThat(MongoTable.of(table(uri, Map.of())).writeConcern())
                .contains(new WriteConcern(1).withJournal(true).withWTimeout(2500, TimeUnit.MILLISECONDS));
        assertThat(MongoTable.of(table(URI, Map.of())).writeConcern()).isEmpty();
    }

    @Test
    void badWriteConcernsNameThePropertyAndTheForm() {
        for (String bad : List.of("all", "majority:sync", "1:wtimeout=soon", "1:wtimeout=-1", "1:journal:journal")) {
            assertThatThrownBy(() -> writeConcern(URI, bad))
                    .hasMessageContaining("HNS-101")
                    .hasMessageContaining("mongo.write-concern")
                    .hasMessageContaining("'" + bad + "'")
                    .hasMessageContaining("wtimeout=<milliseconds>");
        }
        assertThatThrownBy(() -> writeConcern(URI, "0:journal"))
                .hasMessageContaining("HNS-101")
                .hasMessageContaining("unacknowledged");
    }

    @Test
    void collectionsCarryTheTablesReadPreferenceAndWriteConcern() {
        TableContext context =
                table(URI, Map.of("mongo.read-preference", "secondary-preferred", "mongo.write-concern", "majority"));
        try (MongoClients.Lease lease = MongoClients.acquire(context)) {
            assertThat(lease.collection().getReadPreference()).isEqualTo(ReadPreference.secondaryPreferred());
            assertThat(lease.collection().getWriteConcern()).isEqualTo(WriteConcern.MAJORITY);
            // the staging collections of an insert write with the same concern
            assertThat(lease.collection("__hivenosql_stage.q1").getWriteConcern())
                    .isEqualTo(WriteConcern.MAJORITY);
        }
    }

    private static WriteConcern writeConcern(String uri, String property) {
        return MongoTable.of(table(uri, Map.of("mongo.write-concern", property)))
                .writeConcern()
                .orElseThrow();
    }

    private static MongoClientSettings settings(String uri, Map<String, String> extra) {
        return MongoClients.settings(MongoTable.of(table(uri, extra)), Optional.empty());
    }

    private static TableContext table(String uri, Map<String, String> extra) {
        Map<String, String> properties = new LinkedHashMap<>(extra);
        properties.put("mongo.uri", uri);
        properties.put("mongo.columns.mapping", "{\"id\":\"_id\"}");
        return TableContexts.create(
                new MongoConnector(),
                "db.people",
                properties,
                List.of(HiveColumn.of("id", "string"), HiveColumn.of("name", "string")),
                null);
    }
}
