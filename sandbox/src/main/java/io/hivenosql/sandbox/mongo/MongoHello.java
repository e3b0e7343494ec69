package io.hivenosql.sandbox.mongo;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Duration;
import java.util.Optional;
import java.util.OptionalInt;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * One {@code hello} command over the MongoDB wire protocol (an OP_MSG), written by hand: the sandbox's classpath has no
 * MongoDB driver (the handler's driver reaches HiveServer2 only through the handler jar), and a port that accepts a
 * connection is not yet a server that answers. A starting FerretDB is ready once this answers {@code ok: 1}.
 *
 * @param ok whether the reply's {@code ok} is 1
 * @param maxWireVersion the reply's {@code maxWireVersion}, when it has one
 */
record MongoHello(boolean ok, OptionalInt maxWireVersion) {
    private static final int OP_MSG = 2013;
    private static final int MAX_REPLY = 16 << 20;

    /** Sends {@code hello} to {@code host:port} and reads the reply; throws when it cannot connect or the reply is odd. */
    static MongoHello ask(String host, int port, Duration timeout) throws IOException {
        return ask(host, port, timeout, Optional.empty());
    }

    /** {@link #ask(String, int, Duration)}, over TLS with {@code tls} when given. */
    static MongoHello ask(String host, int port, Duration timeout, Optional<SSLContext> tls) throws IOException {
        try (Socket plain = new Socket()) {
            plain.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            plain.setSoTimeout((int) timeout.toMillis());
            Socket socket = plain;
            if (tls.isPresent()) {
                SSLSocket layered = (SSLSocket) tls.get().getSocketFactory().createSocket(plain, host, port, true);
                layered.startHandshake();
                socket = layered;
            }
            OutputStream out = socket.getOutputStream();
            out.write(request());
            out.flush();
            DataInputStream in = new DataInputStream(socket.getInputStream());
            byte[] header = new byte[16];
            in.readFully(header);
            ByteBuffer head = ByteBuffer.wrap(header).order(ByteOrder.LITTLE_ENDIAN);
            int length = head.getInt(0);
            int opCode = head.getInt(12);
            if (opCode != OP_MSG || length < 21 || length > MAX_REPLY) {
                throw new IOException("not a MongoDB OP_MSG reply (opCode " + opCode + ", length " + length + ")");
            }
            byte[] body = new byte[length - 16];
            in.readFully(body);
            ByteBuffer reply = ByteBuffer.wrap(body).order(ByteOrder.LITTLE_ENDIAN);
            reply.getInt(); // flag bits
            if (reply.get() != 0) {
                throw new IOException("the hello reply does not start with a body section");
            }
            return parse(reply);
        }
    }

    /** The OP_MSG of {@code {hello: 1, $db: "admin"}}. */
    static byte[] request() {
        ByteArrayOutputStream document = new ByteArrayOutputStream();
        document.write(0x10);
        cString(document, "hello");
        int32(document, 1);
        document.write(0x02);
        cString(document, "$db");
        int32(document, "admin".length() + 1);
        cString(document, "admin");
        document.write(0x00);
        byte[] elements = document.toByteArray();
        ByteBuffer message =
                ByteBuffer.allocate(16 + 4 + 1 + 4 + elements.length).order(ByteOrder.LITTLE_ENDIAN);
        message.putInt(message.capacity()).putInt(1).putInt(0).putInt(OP_MSG);
        message.putInt(0).put((byte) 0);
        message.putInt(4 + elements.length).put(elements);
        return message.array();
    }

    /** Reads the reply document's top-level {@code ok} and {@code maxWireVersion}, skipping every other field. */
    static MongoHello parse(ByteBuffer reply) throws IOException {
        int start = reply.position();
        int end = start + reply.getInt();
        boolean ok = false;
        OptionalInt maxWireVersion = OptionalInt.empty();
        try {
            while (reply.position() < end - 1) {
                byte type = reply.get();
                String name = readCString(reply);
                switch (type) {
                    case 0x01 -> {
                        double value = reply.getDouble();
                        ok |= name.equals("ok") && value == 1.0;
                    }
                    case 0x10 -> {
                        int value = reply.getInt();
                        ok |= name.equals("ok") && value == 1;
                        if (name.equals("maxWireVersion")) {
                            maxWireVersion = OptionalInt.of(value);
                        }
                    }
                    case 0x12 -> {
                        long value = reply.getLong();
                        ok |= name.equals("ok") && value == 1;
                    }
                    case 0x08 -> {
                        boolean value = reply.get() != 0;
                        ok |= name.equals("ok") && value;
                    }
                    default -> skip(reply, type);
                }
            }
        } catch (RuntimeException e) {
            throw new IOException("a malformed hello reply: " + e, e);
        }
        return new MongoHello(ok, maxWireVersion);
    }

    private static void skip(ByteBuffer reply, byte type) throws IOException {
        int bytes =
                switch (type) {
                    case 0x06, 0x0A, 0x7F, (byte) 0xFF -> 0; // undefined, null, max key, min key
                    case 0x07 -> 12; // ObjectId
                    case 0x09, 0x11 -> 8; // date, timestamp
                    case 0x13 -> 16; // decimal128
                    case 0x02, 0x0D, 0x0E -> reply.getInt(); // string, JavaScript, symbol
                    case 0x03, 0x04 -> reply.getInt(reply.position()); // document, array: the length includes itself
                    case 0x05 -> reply.getInt() + 1; // binary: length, subtype, bytes
                    case 0x0B -> {
                        readCString(reply);
                        readCString(reply);
                        yield 0;
                    }
                    default -> throw new IOException("a hello reply with a field of BSON type " + type);
                };
        reply.position(reply.position() + bytes);
    }

    private static String readCString(ByteBuffer buffer) {
        int start = buffer.position();
        while (buffer.get() != 0) {
            // up to the terminating zero
        }
        return new String(buffer.array(), start, buffer.position() - start - 1, UTF_8);
    }

    private static void cString(ByteArrayOutputStream out, String text) {
        out.writeBytes(text.getBytes(UTF_8));
        out.write(0);
    }

    private static void int32(ByteArrayOutputStream out, int value) {
        out.writeBytes(ByteBuffer.allocate(4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .putInt(value)
                .array());
    }
}
