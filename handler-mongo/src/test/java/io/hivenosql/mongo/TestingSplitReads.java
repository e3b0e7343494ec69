package io.hivenosql.mongo;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.event.CommandListener;
import com.mongodb.event.CommandStartedEvent;
import io.hivenosql.api.spi.ReadRequest;
import io.hivenosql.api.spi.RecordSource;
import io.hivenosql.api.spi.SplitSpec;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.bson.BsonDocument;

/**
 * What the split-planning tests share: a client whose commands are recorded (to show what planning asked the server,
 * e.g. no {@code $sample}, no collation), and the values one int column reads through every split's reader.
 */
final class TestingSplitReads {
    private TestingSplitReads() {}

    /** A plain driver client on {@code uri} that adds a copy of every command it sends to {@code commands}. */
    static MongoClient recordingClient(String uri, List<BsonDocument> commands) {
        CommandListener listener = new CommandListener() {
            @Override
            public void commandStarted(CommandStartedEvent event) {
                commands.add(event.getCommand().clone());
            }
        };
        return com.mongodb.client.MongoClients.create(MongoClientSettings.builder()
                .applyConnectionString(new ConnectionString(uri))
                .addCommandListener(listener)
                .build());
    }

    /** The int values of {@code column} that the splits read through the connector's reader, sorted (duplicates kept). */
    static List<Integer> readInts(ReadRequest request, List<SplitSpec> splits, int column) throws IOException {
        List<Integer> values = new ArrayList<>();
        for (SplitSpec split : splits) {
            try (RecordSource source = MongoReads.openReader(request, split)) {
                while (source.next()) {
                    values.add(((Number) source.get(column)).intValue());
                }
            }
        }
        Collections.sort(values);
        return values;
    }
}
