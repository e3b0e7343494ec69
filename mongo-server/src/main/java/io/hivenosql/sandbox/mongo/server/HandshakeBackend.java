package io.hivenosql.sandbox.mongo.server;

import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.netty.channel.Channel;

/**
 * The memory backend, answering the handshake as the MongoDB 5.0 it says it is. mongo-java-server reports
 * {@code buildInfo} version 5.0.0 but wire version 8 (MongoDB 4.2's), and does not know the {@code hello} command that
 * replaced {@code isMaster} in MongoDB 5.0: current clients refuse it (pymongo 4.14 and later need wire version 9). Its
 * {@code isMaster} answer is passed on with 5.0's wire version, 13, and {@code hello} gets the same answer under
 * {@code hello}'s field name ({@code isWritablePrimary} for {@code ismaster}).
 *
 * <p>The wire version tells a client which commands and options it may send. What 4.4 and 5.0 added that a client
 * sends unasked (the {@code hello} handshake) is answered here; the rest (e.g. {@code let} variables, hedged reads) is
 * sent only when the client's caller asks for it, and the test server then refuses it as an unknown option, as before.
 */
class HandshakeBackend extends MemoryBackend {
    /** MongoDB 5.0's wire version. */
    static final int WIRE_VERSION = 13;

    @Override
    public Document handleCommand(Channel channel, String databaseName, String command, Document query) {
        if (command.equalsIgnoreCase("hello")) {
            Document answer = super.handleCommand(channel, databaseName, "isMaster", query);
            Object primary = answer.remove("ismaster");
            Document hello = new Document("isWritablePrimary", primary == null ? Boolean.TRUE : primary);
            hello.putAll(answer);
            hello.put("maxWireVersion", WIRE_VERSION);
            return hello;
        }
        Document answer = super.handleCommand(channel, databaseName, command, query);
        if (command.equalsIgnoreCase("isMaster") && answer.get("maxWireVersion") instanceof Number) {
            answer.put("maxWireVersion", WIRE_VERSION);
        }
        return answer;
    }
}
