package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.bson.BsonBinaryWriter;
import org.bson.BsonDocument;
import org.bson.RawBsonDocument;
import org.bson.codecs.BsonDocumentCodec;
import org.bson.codecs.EncoderContext;
import org.bson.io.BasicOutputBuffer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The pieces of the FerretDB server that need no server: names, the hello probe's bytes, the build's parsing. */
class TestFerretDbParts {
    @TempDir
    Path tempDir;

    @Test
    void flavourNamesAndTheVariable() {
        assertThat(MongoFlavour.fromName("ferretdb", "--mongo")).isEqualTo(MongoFlavour.FERRETDB);
        assertThat(MongoFlavour.fromName(" FerretDB ", "--mongo")).isEqualTo(MongoFlavour.FERRETDB);
        assertThat(MongoFlavour.fromName("double", "--mongo")).isEqualTo(MongoFlavour.DOUBLE);
        assertThat(MongoFlavour.fromValue(Optional.empty())).isEqualTo(MongoFlavour.DOUBLE);
        assertThat(MongoFlavour.fromValue(Optional.of("  "))).isEqualTo(MongoFlavour.DOUBLE);
        assertThat(MongoFlavour.fromValue(Optional.of("ferretdb"))).isEqualTo(MongoFlavour.FERRETDB);
        assertThatThrownBy(() -> MongoFlavour.fromValue(Optional.of("mongod")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("HIVE_NOSQL_MONGO")
                .hasMessageContaining("double, ferretdb")
                .hasMessageContaining("'mongod'");
    }

    @Test
    void helloRequestIsAnOpMsgOfHelloOnAdmin() {
        byte[] request = MongoHello.request();
        ByteBuffer message = ByteBuffer.wrap(request).order(ByteOrder.LITTLE_ENDIAN);
        assertThat(message.getInt(0)).isEqualTo(request.length);
        assertThat(message.getInt(12)).isEqualTo(2013);
        message.position(21);
        BsonDocument document = decode(message);
        assertThat(document).isEqualTo(BsonDocument.parse("{hello: 1, $db: 'admin'}"));
    }

    @Test
    void helloReplyIsReadPastEveryKindOfField() throws IOException {
        // the fields before ok are of types the probe must skip; a boolean before ok once shifted every field after it
        BsonDocument reply = BsonDocument.parse("{isWritablePrimary: true, topologyVersion: {processId: {$oid: "
                + "'65a1b2c3d4e5f60718293a4b'}, counter: {$numberLong: '0'}}, hosts: ['a', 'b'], "
                + "localTime: {$date: 0}, logicalSessionTimeoutMinutes: 30, note: null, bin: {$binary: "
                + "{base64: 'AQI=', subType: '00'}}, re: {$regularExpression: {pattern: 'x', options: 'i'}}, "
                + "d: {$numberDecimal: '1.5'}, maxWireVersion: 21, ok: 1.0}");
        assertThat(MongoHello.parse(encode(reply))).isEqualTo(new MongoHello(true, OptionalInt.of(21)));

        assertThat(MongoHello.parse(encode(BsonDocument.parse("{ok: 0.0, errmsg: 'no', code: 59}"))))
                .isEqualTo(new MongoHello(false, OptionalInt.empty()));
    }

    @Test
    void moduleDirComesFromGoModDownload() {
        String json = "{\n\t\"Path\": \"github.com/FerretDB/FerretDB\",\n\t\"Version\": \"v1.24.2\",\n"
                + "\t\"Dir\": \"/home/u/go/pkg/mod/github.com/!ferret!d!b/!ferret!d!b@v1.24.2\",\n\t\"Sum\": \"h1:x\"\n}";
        assertThat(FerretDbBinary.moduleDir(json, Path.of("build.log")))
                .isEqualTo(Path.of("/home/u/go/pkg/mod/github.com/!ferret!d!b/!ferret!d!b@v1.24.2"));

        String error =
                "{\n\t\"Path\": \"github.com/FerretDB/FerretDB\",\n\t\"Error\": \"proxy.golang.org: 404 \\\"x\\\"\"\n}";
        assertThatThrownBy(() -> FerretDbBinary.moduleDir(error, Path.of("build.log")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("gave no module directory: proxy.golang.org: 404 \"x\"");
    }

    @Test
    void aCachedBinaryIsUsedAsItIs() throws IOException {
        Path binary =
                tempDir.resolve("ferretdb").resolve(FerretDbBinary.VERSION).resolve("ferretdb");
        Files.createDirectories(binary.getParent());
        Files.writeString(binary, "#!/bin/sh\n", UTF_8);
        binary.toFile().setExecutable(true);

        assertThat(FerretDbBinary.obtain(tempDir)).isEqualTo(binary);
    }

    @Test
    void logLevelsMapToFerretDbs() {
        assertThat(FerretDbStarter.logLevel("trace")).isEqualTo("DEBUG");
        assertThat(FerretDbStarter.logLevel("debug")).isEqualTo("DEBUG");
        assertThat(FerretDbStarter.logLevel("info")).isEqualTo("INFO");
        assertThat(FerretDbStarter.logLevel("warn")).isEqualTo("WARN");
        assertThat(FerretDbStarter.logLevel("error")).isEqualTo("ERROR");
        assertThat(FerretDbStarter.logLevel("off")).isEqualTo("ERROR");
    }

    @Test
    void aFailingToolIsNamedWithItsOutput() {
        assertThatThrownBy(() -> ExternalCommand.run(
                        "Building FerretDB",
                        List.of("sh", "-c", "echo cannot find module >&2; exit 3"),
                        tempDir,
                        Map.of(),
                        Duration.ofSeconds(30),
                        tempDir.resolve("tools.log")))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining(
                        "Building FerretDB failed: `sh -c echo cannot find module >&2; exit 3` exited " + "with code 3")
                .hasMessageContaining("cannot find module");
    }

    @Test
    void postgresBinDirIsTheNewestCompleteOne() throws IOException {
        Path debian = tempDir.resolve("postgresql");
        for (String version : new String[] {"13", "15", "16"}) {
            for (String program : new String[] {"initdb", "postgres", "pg_ctl", "createdb"}) {
                if (version.equals("16") && program.equals("initdb")) {
                    continue; // an incomplete installation
                }
                Path file = debian.resolve(version).resolve("bin").resolve(program);
                Files.createDirectories(file.getParent());
                Files.writeString(file, "#!/bin/sh\n", UTF_8);
                file.toFile().setExecutable(true);
            }
        }
        assertThat(PostgresBinaries.findBinDir(debian))
                .contains(debian.resolve("15").resolve("bin"));
    }

    private static ByteBuffer encode(BsonDocument document) {
        BasicOutputBuffer buffer = new BasicOutputBuffer();
        new BsonDocumentCodec()
                .encode(
                        new BsonBinaryWriter(buffer),
                        document,
                        EncoderContext.builder().build());
        return ByteBuffer.wrap(buffer.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
    }

    private static BsonDocument decode(ByteBuffer buffer) {
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        return new RawBsonDocument(bytes).decode(new BsonDocumentCodec());
    }
}
