package io.hivenosql.mongo;

import static org.assertj.core.api.Assertions.assertThat;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.hivenosql.sandbox.mongo.TestingMongoServer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import org.bson.BsonBoolean;
import org.bson.BsonDocument;
import org.bson.BsonInt32;
import org.bson.BsonObjectId;
import org.bson.BsonString;
import org.bson.types.ObjectId;
import org.junit.jupiter.api.Test;

/** What a server can do: read off {@code buildInfo} where it decides, probed against the test server otherwise. */
class TestMongoServerCapabilities {
    private static BsonDocument buildInfo(String json) {
        return BsonDocument.parse(json);
    }

    @Test
    void ferretDbOneIsKnownFromBuildInfo() {
        Optional<MongoServerCapabilities> ferret = MongoServerCapabilities.fromBuildInfo(
                buildInfo("{version: '7.0.42', versionArray: [7, 0, 42, 0], ferretdbVersion: 'v1.24.2', ok: 1.0}"));
        assertThat(ferret)
                .contains(new MongoServerCapabilities(
                        "FerretDB v1.24.2 (MongoDB 7.0.42 compatible)",
                        false,
                        false,
                        new MongoDialect("FerretDB v1.24.2", MongoDialect.FERRETDB_1.missing())));
        assertThat(ferret.orElseThrow().describe())
                .isEqualTo("FerretDB v1.24.2 (MongoDB 7.0.42 compatible) [no $sample, no collation]");
    }

    @Test
    void otherServersAreProbed() {
        // a later FerretDB, a mongod, and a service that answers as MongoDB: their versions decide nothing
        assertThat(MongoServerCapabilities.fromBuildInfo(buildInfo("{version: '7.0.0', ferretdbVersion: 'v2.0.0'}")))
                .isEmpty();
        assertThat(MongoServerCapabilities.fromBuildInfo(buildInfo("{version: '7.0.4', gitVersion: 'abc'}")))
                .isEmpty();
        assertThat(MongoServerCapabilities.name(buildInfo("{version: '7.0.4'}")))
                .isEqualTo("MongoDB 7.0.4");
        assertThat(MongoServerCapabilities.name(buildInfo("{version: '7.0.0', ferretdbVersion: 'v2.0.0'}")))
                .isEqualTo("FerretDB v2.0.0 (MongoDB 7.0.0 compatible)");
        assertThat(MongoServerCapabilities.name(buildInfo("{ok: 1}"))).isEqualTo("MongoDB of unknown version");
    }

    @Test
    void absentFeaturesAreToldFromFailures() {
        assertThat(MongoServerCapabilities.absent(238, "`aggregate` stage \"$sample\" is not implemented yet"))
                .isTrue();
        assertThat(MongoServerCapabilities.absent(59, "no such command: 'buildInfo'"))
                .isTrue();
        assertThat(MongoServerCapabilities.absent(115, "")).isTrue();
        assertThat(MongoServerCapabilities.absent(40324, "Unrecognized pipeline stage name: '$sample'"))
                .isTrue();
        assertThat(MongoServerCapabilities.absent(303, "Feature not supported: collation"))
                .isTrue();
        assertThat(MongoServerCapabilities.absent(2, "unrecognized field 'collation'"))
                .isTrue();
        // failures that say nothing of the feature propagate
        assertThat(MongoServerCapabilities.absent(13, "not authorized on db to execute command"))
                .isFalse();
        assertThat(MongoServerCapabilities.absent(6, "host unreachable")).isFalse();
        assertThat(MongoServerCapabilities.absent(1, null)).isFalse();
    }

    @Test
    void describesWhatIsMissing() {
        assertThat(MongoServerCapabilities.full("MongoDB 7.0.4").describe()).isEqualTo("MongoDB 7.0.4");
        assertThat(new MongoServerCapabilities("X", true, false).describe()).isEqualTo("X [no collation]");
        assertThat(new MongoServerCapabilities("X", false, true).describe()).isEqualTo("X [no $sample]");
    }

    @Test
    void testServerIsProbedOncePerClient() {
        List<BsonDocument> commands = Collections.synchronizedList(new ArrayList<>());
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                commands.add(event.getCommand().clone());
            }
        };
        try (MongoClient client = com.mongodb.client.MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(
                        new ConnectionString(TestingMongoServer.shared().uri()))
                .addCommandListener(listener)
                .build())) {
            var collection = client.getDatabase("capabilities").getCollection("c", BsonDocument.class);
            collection.insertOne(new BsonDocument("_id", new BsonInt32(1)));
            commands.clear();
            MongoServerCapabilities capabilities = MongoServerCapabilities.of(client, collection);
            assertThat(capabilities.sample()).isTrue();
            assertThat(capabilities.collation()).isTrue();
            assertThat(capabilities.server()).startsWith("MongoDB ");
            assertThat(commands).anyMatch(command -> command.containsKey("buildInfo"));
            assertThat(commands).anyMatch(command -> command.toJson().contains("$sample"));
            assertThat(commands).anyMatch(command -> command.containsKey("collation"));
            commands.clear();
            assertThat(MongoServerCapabilities.of(client, collection)).isSameAs(capabilities);
            assertThat(commands).isEmpty();
            client.getDatabase("capabilities").drop();
        }
    }

    @Test
    void splitsCarryWhetherToNameTheCollation() throws IOException {
        MongoSplit range =
                MongoSplit.of(new BsonDocument("_id", new BsonDocument("$gte", new BsonObjectId(new ObjectId()))));
        assertThat(range.collation()).isTrue();
        assertThat(MongoSplit.fromBytes(range.toBytes())).isEqualTo(range);
        assertThat(MongoSplit.fromBytes(range.toBytes())
                        .scan(new BsonDocument(), java.util.OptionalLong.empty())
                        .collation())
                .isTrue();
        MongoSplit without = range.withCollation(false);
        MongoSplit decoded = MongoSplit.fromBytes(without.toBytes());
        assertThat(decoded).isEqualTo(without);
        assertThat(decoded.collation()).isFalse();
        assertThat(decoded.scan(new BsonDocument("x", new BsonString("a")), java.util.OptionalLong.empty())
                        .collation())
                .isFalse();
        // a resumed cursor keeps it
        MongoScan scan = decoded.scan(new BsonDocument(), java.util.OptionalLong.empty());
        assertThat(MongoCursorResume.after(scan, new BsonInt32(5), java.util.OptionalLong.empty())
                        .collation())
                .isFalse();
        // the payload of a split that names the collation is the one of earlier versions
        assertThat(BsonDocument.parse(new org.bson.RawBsonDocument(range.toBytes()).toJson())
                        .containsKey("collation"))
                .isFalse();
        assertThat(new org.bson.RawBsonDocument(without.toBytes()).get("collation"))
                .isEqualTo(BsonBoolean.FALSE);
    }
}
