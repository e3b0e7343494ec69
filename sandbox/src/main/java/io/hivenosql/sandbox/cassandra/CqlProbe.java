package io.hivenosql.sandbox.cassandra;

import static java.nio.charset.StandardCharsets.UTF_8;
import static java.util.Objects.requireNonNull;

import java.io.ByteArrayOutputStream;
import java.io.Closeable;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.security.cert.X509Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;

/**
 * A minimal client of the CQL native protocol (version 4, no compression), enough to tell that a Cassandra node
 * answers CQL, to check credentials and to read text columns, without the Java driver (which must stay off the
 * sandbox's classpath). One request at a time on stream 0.
 */
final class CqlProbe implements Closeable {
    /** Error code of a failed login in an ERROR response. */
    static final int BAD_CREDENTIALS = 0x0100;

    private static final int VERSION = 0x04;
    private static final int RESPONSE = 0x80;
    private static final int HEADER_BYTES = 9;
    private static final int MAX_BODY_BYTES = 16 << 20;

    private static final int ERROR = 0x00;
    private static final int STARTUP = 0x01;
    private static final int READY = 0x02;
    private static final int AUTHENTICATE = 0x03;
    private static final int OPTIONS = 0x05;
    private static final int SUPPORTED = 0x06;
    private static final int QUERY = 0x07;
    private static final int RESULT = 0x08;
    private static final int AUTH_RESPONSE = 0x0F;
    private static final int AUTH_SUCCESS = 0x10;

    private static final int ROWS = 0x0002;
    private static final int GLOBAL_TABLES_SPEC = 0x0001;
    private static final int HAS_MORE_PAGES = 0x0002;
    private static final int NO_METADATA = 0x0004;
    private static final short CONSISTENCY_ONE = 0x0001;

    private final Socket socket;
    private final DataInputStream in;
    private final OutputStream out;

    private CqlProbe(Socket socket) throws IOException {
        this.socket = socket;
        this.in = new DataInputStream(socket.getInputStream());
        this.out = socket.getOutputStream();
    }

    /** A server's answer of type ERROR. */
    static final class ServerError extends IOException {
        private static final long serialVersionUID = 1L;
        private final int code;

        ServerError(int code, String message) {
            super(String.format("CQL error 0x%04x: %s", code, message));
            this.code = code;
        }

        int code() {
            return code;
        }
    }

    static CqlProbe connect(String host, int port, Duration timeout) throws IOException {
        return connect(host, port, timeout, Optional.empty());
    }

    /**
     * A connection over TLS with {@code tls}'s context when present (a node that requires client encryption); the
     * handshake is done before this returns.
     */
    static CqlProbe connect(String host, int port, Duration timeout, Optional<SSLContext> tls) throws IOException {
        requireNonNull(host, "host is null");
        requireNonNull(tls, "tls is null");
        Socket socket = new Socket();
        try {
            socket.connect(new InetSocketAddress(host, port), (int) timeout.toMillis());
            socket.setSoTimeout((int) timeout.toMillis());
            socket.setTcpNoDelay(true);
            if (tls.isEmpty()) {
                return new CqlProbe(socket);
            }
            SSLSocket secure = (SSLSocket) tls.get().getSocketFactory().createSocket(socket, host, port, true);
            try {
                secure.startHandshake();
                return new CqlProbe(secure);
            } catch (IOException | RuntimeException e) {
                secure.close();
                throw e;
            }
        } catch (IOException | RuntimeException e) {
            socket.close();
            throw e;
        }
    }

    /** The certificate the server presented in the TLS handshake; empty on a plain-text connection. */
    Optional<X509Certificate> serverCertificate() throws IOException {
        if (!(socket instanceof SSLSocket secure)) {
            return Optional.empty();
        }
        return Optional.of((X509Certificate) secure.getSession().getPeerCertificates()[0]);
    }

    /** OPTIONS: the server's supported startup options (e.g. {@code CQL_VERSION}, {@code PROTOCOL_VERSIONS}). */
    Map<String, List<String>> options() throws IOException {
        ByteBuffer body = request(OPTIONS, new byte[0], SUPPORTED);
        int count = Short.toUnsignedInt(body.getShort());
        Map<String, List<String>> options = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            String key = string(body);
            int values = Short.toUnsignedInt(body.getShort());
            List<String> list = new ArrayList<>(values);
            for (int j = 0; j < values; j++) {
                list.add(string(body));
            }
            options.put(key, List.copyOf(list));
        }
        return options;
    }

    /**
     * STARTUP, then the credentials if the server asks for them (PLAIN SASL, as {@code PasswordAuthenticator} expects).
     *
     * @param user null to log in without credentials
     * @return the authenticator class the server named, or an empty string when it asked for no credentials
     * @throws ServerError when the server refuses the credentials, or asks for some and none were given
     */
    String startup(String user, String password) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream body = new DataOutputStream(bytes);
        body.writeShort(1);
        writeString(body, "CQL_VERSION");
        writeString(body, "3.0.0");
        ByteBuffer answer = request(STARTUP, bytes.toByteArray(), READY, AUTHENTICATE);
        if (answer == null) {
            return "";
        }
        String authenticator = string(answer);
        if (user == null) {
            throw new ServerError(BAD_CREDENTIALS, "the server asks for credentials (" + authenticator + ")");
        }
        byte[] token = ("\0" + user + "\0" + requireNonNull(password, "password is null")).getBytes(UTF_8);
        bytes.reset();
        body.writeInt(token.length);
        body.write(token);
        request(AUTH_RESPONSE, bytes.toByteArray(), AUTH_SUCCESS);
        return authenticator;
    }

    /** QUERY at consistency ONE (after {@link #startup}); the first column of each row as text (null for null). */
    List<String> queryText(String cql) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream body = new DataOutputStream(bytes);
        byte[] query = requireNonNull(cql, "cql is null").getBytes(UTF_8);
        body.writeInt(query.length);
        body.write(query);
        body.writeShort(CONSISTENCY_ONE);
        body.writeByte(0);
        ByteBuffer result = request(QUERY, bytes.toByteArray(), RESULT);
        if (result.getInt() != ROWS) {
            return List.of();
        }
        int flags = result.getInt();
        int columns = result.getInt();
        if ((flags & HAS_MORE_PAGES) != 0) {
            bytes(result);
        }
        if ((flags & NO_METADATA) == 0) {
            if ((flags & GLOBAL_TABLES_SPEC) != 0) {
                string(result);
                string(result);
            }
            for (int i = 0; i < columns; i++) {
                if ((flags & GLOBAL_TABLES_SPEC) == 0) {
                    string(result);
                    string(result);
                }
                string(result);
                skipType(result);
            }
        }
        int rows = result.getInt();
        List<String> values = new ArrayList<>(rows);
        for (int row = 0; row < rows; row++) {
            for (int column = 0; column < columns; column++) {
                byte[] value = bytes(result);
                if (column == 0) {
                    values.add(value == null ? null : new String(value, UTF_8));
                }
            }
        }
        return values;
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** Sends one request and reads its answer; returns null for a body-less answer (READY). */
    private ByteBuffer request(int opcode, byte[] body, int... expected) throws IOException {
        ByteBuffer header = ByteBuffer.allocate(HEADER_BYTES);
        header.put((byte) VERSION)
                .put((byte) 0)
                .putShort((short) 0)
                .put((byte) opcode)
                .putInt(body.length);
        out.write(header.array());
        out.write(body);
        out.flush();

        byte[] answerHeader = new byte[HEADER_BYTES];
        in.readFully(answerHeader);
        ByteBuffer answer = ByteBuffer.wrap(answerHeader);
        int version = Byte.toUnsignedInt(answer.get());
        answer.get(); // flags: no compression, tracing or warnings were asked for
        answer.getShort(); // stream
        int answerOpcode = Byte.toUnsignedInt(answer.get());
        int length = answer.getInt();
        if (version != (VERSION | RESPONSE)) {
            throw new IOException(String.format("not a CQL protocol v4 answer (version byte 0x%02x)", version));
        }
        if (length < 0 || length > MAX_BODY_BYTES) {
            throw new IOException("CQL answer of " + length + " bytes");
        }
        byte[] answerBody = new byte[length];
        in.readFully(answerBody);
        ByteBuffer result = ByteBuffer.wrap(answerBody);
        if (answerOpcode == ERROR) {
            int code = result.getInt();
            throw new ServerError(code, string(result));
        }
        for (int candidate : expected) {
            if (candidate == answerOpcode) {
                return answerOpcode == READY ? null : result;
            }
        }
        throw new IOException(String.format("unexpected CQL answer opcode 0x%02x to 0x%02x", answerOpcode, opcode));
    }

    private static void skipType(ByteBuffer buffer) {
        int id = Short.toUnsignedInt(buffer.getShort());
        switch (id) {
            case 0x0000 -> string(buffer); // custom: class name
            case 0x0020, 0x0022 -> skipType(buffer); // list, set
            case 0x0021 -> { // map
                skipType(buffer);
                skipType(buffer);
            }
            case 0x0030 -> { // udt: keyspace, name, fields
                string(buffer);
                string(buffer);
                int fields = Short.toUnsignedInt(buffer.getShort());
                for (int i = 0; i < fields; i++) {
                    string(buffer);
                    skipType(buffer);
                }
            }
            case 0x0031 -> { // tuple
                int elements = Short.toUnsignedInt(buffer.getShort());
                for (int i = 0; i < elements; i++) {
                    skipType(buffer);
                }
            }
            default -> {
                // a native type: nothing follows its id
            }
        }
    }

    private static String string(ByteBuffer buffer) {
        byte[] value = new byte[Short.toUnsignedInt(buffer.getShort())];
        buffer.get(value);
        return new String(value, UTF_8);
    }

    private static byte[] bytes(ByteBuffer buffer) {
        int length = buffer.getInt();
        if (length < 0) {
            return null;
        }
        byte[] value = new byte[length];
        buffer.get(value);
        return value;
    }

    private static void writeString(DataOutputStream out, String value) throws IOException {
        byte[] bytes = value.getBytes(UTF_8);
        out.writeShort(bytes.length);
        out.write(bytes);
    }
}
